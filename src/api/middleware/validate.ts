import type { Middleware } from 'openapi-fetch';
import type { Operation } from '../../../openapi/op';
import { isProcessPath } from '../../../openapi/process';
import { ApiError, BAD_DATA_CODE, BAD_DATA_MSG, NETWORK_ERROR_CODE, NETWORK_ERROR_MSG } from '../errors';
import type { ToastService } from '../../services/toast';
import { isEnvelope, peekBody } from './envelope';

/** Look operations up by method + OpenAPI path template (`get /v1/notices/{id}`). */
export function operationIndex<T extends Pick<Operation, 'method' | 'path'>>(
  operations: readonly T[],
): (method: string, path: string) => T | undefined {
  const byKey = new Map(operations.map((o) => [`${o.method.toLowerCase()} ${o.path}`, o]));
  return (method, path) => byKey.get(`${method.toLowerCase()} ${path}`);
}

export interface ValidateMiddlewareOptions {
  /**
   * The operation (with its zod schemas) of a request, by method + path template; a promise while
   * its schemas load, so the first call of an operation waits for them instead of skipping the check.
   */
  findOperation: (method: string, path: string) => Operation | undefined | Promise<Operation | undefined>;
  toast: Pick<ToastService, 'error'>;
  /** Where contract mismatches are reported (console.error by default). */
  report?: (message: string, details: unknown) => void;
}

/**
 * Checks what the caller will receive against the operation's `response` schema: `data` of a
 * code-200 envelope, or the whole body when it has no envelope. A mismatch is a reported
 * client error (console + 数据格式错误 toast, none on the process path), never a silent pass.
 * On success the parsed value (zod output) replaces the raw one. Schemas that could not be
 * loaded (the app's files unreachable) reject like a request without reply: 网络错误.
 * Runs after the envelope middleware, so failures never reach it.
 */
export function validateMiddleware({
  findOperation,
  toast,
  report = defaultReport,
}: ValidateMiddlewareOptions): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.status < 200 || response.status >= 300) return undefined;
      let operation: Operation | undefined;
      try {
        operation = await findOperation(request.method, schemaPath);
      } catch (cause) {
        const quiet = isProcessPath(schemaPath);
        if (!quiet) toast.error(NETWORK_ERROR_MSG, { unlessShowing: true });
        throw new ApiError({
          code: NETWORK_ERROR_CODE,
          msg: NETWORK_ERROR_MSG,
          httpStatus: response.status,
          behaviour: quiet ? 'silent' : 'toast',
          silent: quiet,
          cause,
        });
      }
      if (!operation) return undefined;
      const body = await peekBody(response);
      if (!body.json) return undefined; // empty or text pass-through: nothing to check against
      const envelope = isEnvelope(body.value);
      if (envelope && (body.value as { code: number }).code !== 200) return undefined; // normal results carry their own data
      const raw = envelope ? (body.value as { data?: unknown }).data : body.value;
      let parsed = operation.response.safeParse(raw);
      if (!parsed.success && raw === undefined) parsed = operation.response.safeParse(null); // `data` omitted for an empty result
      if (!parsed.success) {
        report(`[api] ${operation.id}: 回复与契约不符`, { path: schemaPath, issues: parsed.error.issues, data: raw });
        if (!isProcessPath(schemaPath)) toast.error(BAD_DATA_MSG);
        throw new ApiError({
          code: BAD_DATA_CODE,
          msg: BAD_DATA_MSG,
          httpStatus: response.status,
          behaviour: isProcessPath(schemaPath) ? 'silent' : 'toast',
          silent: isProcessPath(schemaPath),
          data: parsed.error.issues,
          cause: parsed.error,
        });
      }
      const value = envelope ? { ...(body.value as object), data: parsed.data } : parsed.data;
      const headers = new Headers(response.headers);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      return new Response(JSON.stringify(value ?? null), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
  };
}

function defaultReport(message: string, details: unknown): void {
  console.error(message, details);
}
