import type { Middleware } from 'openapi-fetch';
import { isProcessPath } from '../../../openapi/op';

/** Name of the cache-busting query parameter. */
export const TIMESTAMP_PARAM = '_t';

/** Adds `_t=<ms>` to every request except the process path (spec §7). */
export function timestampMiddleware(now: () => number = Date.now): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (isProcessPath(schemaPath)) return undefined;
      const url = new URL(request.url);
      url.searchParams.set(TIMESTAMP_PARAM, String(now()));
      return new Request(url.toString(), request);
    },
  };
}
