import type { Middleware } from 'openapi-fetch';
import { behaviourOf, Code, describeCode } from '../../../openapi/codes';
import { isProcessPath } from '../../../openapi/process';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MSG } from '../errors';
import type { ApiSession } from '../session';
import type { ToastService } from '../../services/toast';

/** A reply body that is an envelope: it has a numeric `code`. */
export interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** What spec §8 says to do with one reply. Pure, so each rule is testable on its own. */
export type Verdict =
  | { kind: 'pass' }
  | { kind: 'success' }
  | { kind: 'normal' }
  | { kind: 'reject'; effect: 'none' | 'toast' | 'logout'; error: ApiError };

function reject(
  effect: 'none' | 'toast' | 'logout',
  init: Omit<ConstructorParameters<typeof ApiError>[0], 'silent'>,
): Verdict {
  return { kind: 'reject', effect, error: new ApiError({ ...init, silent: effect !== 'toast' }) };
}

/**
 * Spec §8 and the result-code catalogue (openapi/codes.ts):
 * - HTTP 2xx: no `code` → pass through; 200 → success; any failure on the process path →
 *   silent; then by behaviour: normal → resolve; silent (1060, 1049) and quiet (1105, 10014) →
 *   reject without message; logout (401) → clear token, /login; everything else → toast `msg`.
 * - HTTP error: 401 (or envelope code 401) → logout; envelope code silent/quiet (1105, 10014)
 *   → no message; process path → no message; envelope with `msg` → toast it; else 网络错误.
 */
export function judge(httpStatus: number, body: unknown, processPath: boolean): Verdict {
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (ok) {
    if (!isEnvelope(body)) return { kind: 'pass' };
    const { code, data } = body;
    const msg = body.msg || describeCode(code)?.msg || '';
    if (code === 200) return { kind: 'success' };
    const behaviour = behaviourOf(code);
    if (processPath) return reject('none', { code, msg, httpStatus, behaviour: 'silent', data });
    switch (behaviour) {
      case 'success':
      case 'normal':
        return { kind: 'normal' };
      case 'silent':
      case 'quiet':
        return reject('none', { code, msg, httpStatus, behaviour, data });
      case 'logout':
        return reject('logout', { code, msg, httpStatus, behaviour, data });
      case 'toast':
        return reject('toast', { code, msg: msg || NETWORK_ERROR_MSG, httpStatus, behaviour, data });
    }
  }
  if (httpStatus === 401) {
    const env = isEnvelope(body) ? body : undefined;
    return reject('logout', {
      code: env?.code ?? 401,
      msg: env?.msg ?? '',
      httpStatus,
      behaviour: 'logout',
      data: env?.data,
    });
  }
  if (isEnvelope(body)) {
    const { code, data } = body;
    const msg = body.msg ?? '';
    const behaviour = behaviourOf(code);
    if (behaviour === 'logout') return reject('logout', { code, msg, httpStatus, behaviour, data });
    if (behaviour === 'silent' || behaviour === 'quiet')
      return reject('none', { code, msg, httpStatus, behaviour, data });
    if (processPath) return reject('none', { code, msg, httpStatus, behaviour: 'silent', data });
    if (msg) return reject('toast', { code, msg, httpStatus, behaviour: 'toast', data });
    return reject('toast', { code, msg: NETWORK_ERROR_MSG, httpStatus, behaviour: 'toast', data });
  }
  if (processPath) return reject('none', { code: httpStatus, msg: NETWORK_ERROR_MSG, httpStatus, behaviour: 'silent' });
  return reject('toast', { code: httpStatus, msg: NETWORK_ERROR_MSG, httpStatus, behaviour: 'toast' });
}

/** No reply at all (offline, DNS, CORS, aborted). */
function judgeNetworkFailure(error: unknown, processPath: boolean): Verdict {
  const aborted = error instanceof DOMException && error.name === 'AbortError';
  if (aborted || processPath) {
    return reject('none', {
      code: NETWORK_ERROR_CODE,
      msg: NETWORK_ERROR_MSG,
      httpStatus: 0,
      behaviour: 'silent',
      cause: error,
    });
  }
  return reject('toast', {
    code: NETWORK_ERROR_CODE,
    msg: NETWORK_ERROR_MSG,
    httpStatus: 0,
    behaviour: 'toast',
    cause: error,
  });
}

export interface EnvelopeMiddlewareOptions {
  session: Pick<ApiSession, 'logout'>;
  toast: Pick<ToastService, 'error'>;
  /** The site answered 10014 (in maintenance): the app goes to the maintenance page. */
  onMaintenance?: () => void;
}

/** Carry out a verdict's effect; returns the error to reject with. */
async function enact(
  verdict: Extract<Verdict, { kind: 'reject' }>,
  { session, toast, onMaintenance }: EnvelopeMiddlewareOptions,
): Promise<ApiError> {
  if (verdict.error.code === Code.MAINTENANCE) onMaintenance?.();
  if (verdict.effect === 'logout') await session.logout('unauthorized');
  if (verdict.effect === 'toast') {
    // Parallel calls failing together show one 网络错误, not a pile of them.
    toast.error(verdict.error.msg, { unlessShowing: verdict.error.msg === NETWORK_ERROR_MSG });
  }
  return verdict.error;
}

/** Read a reply body without consuming it: JSON when it parses, else the text ('' when empty). */
export async function peekBody(response: Response): Promise<{ json: boolean; value: unknown; text: string }> {
  const text = await response.clone().text();
  if (!text) return { json: false, value: undefined, text };
  try {
    return { json: true, value: JSON.parse(text) as unknown, text };
  } catch {
    return { json: false, value: text, text };
  }
}

/** Applies spec §8 to every reply: resolves success/normal/pass-through, rejects the rest. */
export function envelopeMiddleware(options: EnvelopeMiddlewareOptions): Middleware {
  return {
    async onResponse({ response, schemaPath }) {
      const body = await peekBody(response);
      const verdict = judge(response.status, body.value, isProcessPath(schemaPath));
      if (verdict.kind === 'reject') throw await enact(verdict, options);
      if (verdict.kind === 'pass' && !body.json && body.text) {
        // A non-JSON 2xx body is passed through as its text.
        const headers = new Headers(response.headers);
        headers.set('content-type', 'application/json');
        headers.delete('content-length');
        return new Response(JSON.stringify(body.text), {
          status: response.status,
          statusText: response.statusText,
          headers,
        });
      }
      return undefined;
    },
    async onError({ error, schemaPath }) {
      if (error instanceof ApiError) return error;
      const verdict = judgeNetworkFailure(error, isProcessPath(schemaPath));
      return verdict.kind === 'reject' ? enact(verdict, options) : undefined;
    },
  };
}
