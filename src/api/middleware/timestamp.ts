import type { Middleware } from 'openapi-fetch';
import { isProcessPath } from '../../../openapi/process';

/** Name of the cache-busting query parameter. */
export const TIMESTAMP_PARAM = '_t';

/** Adds `_t=<ms>` to every request except the process path (spec §7). */
export function timestampMiddleware(now: () => number = Date.now): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (isProcessPath(schemaPath)) return undefined;
      const url = new URL(request.url);
      url.searchParams.set(TIMESTAMP_PARAM, String(now()));
      // Copy the body as bytes: `new Request(url, request)` would turn it into a stream, and
      // Chromium sends streamed bodies only over HTTP/2 (POSTs fail with ERR_ALPN_NEGOTIATION_FAILED).
      const body = request.body ? await request.arrayBuffer() : undefined;
      return new Request(url.toString(), {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        credentials: request.credentials,
      });
    },
  };
}
