/**
 * The one network-error wording: the API client's message for a request without a usable
 * answer (spec §8), and the fallback a machine shows when a failure carries no server message.
 */
export const NETWORK_ERROR_MSG = '网络错误';

/** What a form or card shows for a failure without a server message. */
const RETRY_LATER_MSG = `${NETWORK_ERROR_MSG}，请稍后重试`;

/** Message for an actor failure: the server's `msg` when there is one. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const msg = (error as { msg?: unknown }).msg;
    if (typeof msg === 'string' && msg) return msg;
  }
  return RETRY_LATER_MSG;
}

/** The result code a failure carries (`ApiError.code`), if any. */
export function codeOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
}
