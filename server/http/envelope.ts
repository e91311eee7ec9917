/**
 * The reply envelope `{ code, msg, data? }` and the error handling that guarantees every /api
 * reply is one: unknown calls (404), bad input (400, naming the field), oversized bodies (413),
 * crashes (500, never a stack or message to the client; logged here), maintenance (503/10014).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CodeName } from '../../openapi/codes';
import { AppError, codeByName, isAppError } from './errors';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export interface FieldError {
  field: string;
  reason: string;
}

/** `/api`, `/api/...` or `/api?...` */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Seconds a 429 asks the client to wait (`Retry-After`): the per-IP limits count per minute. */
const RETRY_AFTER_SECONDS = 60;

export function sendEnvelope(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Reply with a catalogue code (its HTTP status, its default message unless `msg` is given). */
export function sendCode(reply: FastifyReply, name: CodeName, msg?: string, data?: unknown): FastifyReply {
  const entry = codeByName(name);
  return sendEnvelope(reply, entry.http, {
    code: entry.code,
    msg: msg ?? entry.msg,
    ...(data === undefined ? {} : { data }),
  });
}

const zhCN = z.locales.zhCN().localeError;

/** Zod issues in zh-CN, schema messages (e.g. `请输入 11 位手机号`) first. */
export const zodParseOptions = { error: zhCN } as const;

/**
 * Turn zod issues into named fields: the location and the path inside it
 * (`body.mobile`, `query.page`, `params.id`; just `body` when the value itself is wrong).
 */
export function fieldsOf(error: z.ZodError, location: string): FieldError[] {
  return error.issues.map((issue) => ({
    field: [location, ...issue.path.map(String)].join('.'),
    reason: issue.message,
  }));
}

/** The 400 refusal: msg `参数错误：<field> <reason>` (first problem), `data.fields` lists all. */
export function invalidParams(fields: FieldError[]): AppError {
  const first = fields[0];
  const msg = first ? `参数错误：${first.field} ${first.reason}` : undefined;
  return new AppError('INVALID_PARAMS', msg, { fields });
}

/** Map any error to its envelope and status. Unknown errors are 500 and logged. */
function errorReply(err: unknown, request: FastifyRequest): { status: number; body: Envelope } {
  if (isAppError(err)) {
    if (err.status >= 500) request.log.error({ err }, 'request failed');
    return {
      status: err.status,
      body: { code: err.code, msg: err.message, ...(err.data === undefined ? {} : { data: err.data }) },
    };
  }
  const fe = err as Partial<FastifyError> | undefined;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  const fromCode = (name: CodeName, msg?: string, data?: unknown) => {
    const e = new AppError(name, msg, data);
    return { status: e.status, body: { code: e.code, msg: e.message, ...(data === undefined ? {} : { data }) } };
  };
  if (status === 413 || fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return fromCode('TOO_LARGE');
  if (status === 429) return fromCode('RATE_LIMITED');
  if (status === 401) return fromCode('UNAUTHORIZED');
  if (status === 404) return fromCode('NOT_FOUND');
  if (status === 503) return fromCode('MAINTENANCE');
  if (status >= 400 && status < 500) {
    // Fastify's own refusals: malformed JSON, unsupported content type, empty body and the like.
    const reason = fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的内容类型' : '请求体格式不正确';
    const e = invalidParams([{ field: 'body', reason }]);
    return { status: e.status, body: { code: e.code, msg: e.message, data: e.data } };
  }
  request.log.error({ err }, 'unhandled error');
  return fromCode('INTERNAL');
}

/** Install the error handler and /api Cache-Control on an instance. */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const { status, body } = errorReply(err, request);
    return sendEnvelope(reply, status, body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
