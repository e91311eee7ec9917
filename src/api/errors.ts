import { Code, type ClientBehaviour } from '../../openapi/codes';

/** Message for a failed request without a usable server message (spec §8), said once for the app. */
export { NETWORK_ERROR_MSG } from '../../machines/shared/errors';
/** Message for a reply whose `data` does not match the contract. */
export const BAD_DATA_MSG = '数据格式错误';
/** `code` of a client-side contract mismatch. */
export const BAD_DATA_CODE = -1;
/** `code` of a network failure (no reply at all). */
export const NETWORK_ERROR_CODE = 0;

export interface ApiErrorInit {
  /** Envelope code; the HTTP status when there was no envelope; 0 network; -1 bad data. */
  code: number;
  msg: string;
  /** HTTP status; 0 when no reply arrived. */
  httpStatus: number;
  /** What the client did about it (see openapi/codes.ts). */
  behaviour: ClientBehaviour;
  /** True when nothing was shown to the user (the caller may show something itself). */
  silent: boolean;
  /** `data` of the error envelope, if any (e.g. validation fields). */
  data?: unknown;
  cause?: unknown;
}

/** Every rejection of the API client is an ApiError. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly httpStatus: number;
  readonly behaviour: ClientBehaviour;
  readonly silent: boolean;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.msg || `API error ${init.code}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.httpStatus = init.httpStatus;
    this.behaviour = init.behaviour;
    this.silent = init.silent;
    this.data = init.data;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * A failure that may pass if tried again: no answer (network, code ≤ 0), the rate limit, or a server
 * fault (HTTP-like 5xx). A 4-digit code is a rule's refusal: the same request gets it again.
 */
export function mayPassOnRetry(code: number): boolean {
  return code <= 0 || code === Code.RATE_LIMITED || (code >= 500 && code < 600);
}
