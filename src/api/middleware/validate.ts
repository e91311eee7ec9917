import type { Middleware } from 'openapi-fetch';
import type { Operation } from '../../../openapi/op';
import { isProcessPath } from '../../../openapi/op';
import { ApiError, BAD_DATA_CODE, BAD_DATA_MSG } from '../errors';
import type { ToastService } from '../../services/toast';
import { isEnvelope, peekBody } from './envelope';

/** Look operations up by method + OpenAPI path template (`get /v1/notices/{id}`). */
export function operationIndex(
  operations: readonly Operation[],
): (method: string, path: string) => Operation | undefined {
  const byKey = new Map(operations.map((o) => [`${o.method.toLowerCase()} ${o.path}`, o]));
  return (method, path) => byKey.get(`${method.toLowerCase()} ${path}`);
}

export interface ValidateMiddlewareOptions {
  findOperation: (method: string, path: string) => Operation | undefined;
  toast: Pick<ToastService, 'error'>;
  /** Where contract mismatches are reported (console.error by default). */
  report?: (message: string, details: unknown) => void;
}

/**
 * Checks what the caller will receive against the operation's `response` schema: `data` of a
 * code-200 envelope, or the whole body when it has no envelope. A mismatch is a reported
 * client error (console + 数据格式错误 toast, none on the process path), never a silent pass.
 * On success the parsed value (zod output) replaces the raw one.
 * Runs after the envelope middleware, so failures never reach it.
 */
export function validateMiddleware({
  findOperation,
  toast,
  report = defaultReport,
}: ValidateMiddlewareOptions): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const operation = findOperation(request.method, schemaPath);
      if (!operation || response.status < 200 || response.status >= 300) return undefined;
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
