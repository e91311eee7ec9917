/**
 * Request keys of calls the server must apply once (a redemption, a new feedback ticket): a key is
 * made when an attempt starts and kept until the server gave a definite answer, so a retry after a
 * lost answer re-sends the same key and the server acts once.
 */

/**
 * Did the server possibly act? No answer (code 0), a server crash (5xx) or an answer we could not
 * read (-1): the call may have been applied, so the same key must be re-sent.
 */
export function isUncertain(error: unknown): boolean {
  const e = (error ?? {}) as { code?: unknown; httpStatus?: unknown };
  const code = typeof e.code === 'number' ? e.code : 0;
  const http = typeof e.httpStatus === 'number' ? e.httpStatus : 0;
  return code === 0 || code === -1 || (code >= 500 && code < 600) || http >= 500;
}

/** A fresh request key: 32 hex characters (works outside secure contexts, unlike randomUUID). */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
