/**
 * The reply envelope `{ code, msg, data? }` and the error handling that guarantees every answer
 * is one: unknown calls (404), wrong methods (405), bad input (400, naming the field), oversized
 * bodies (413), paths, headers or query strings too long (414, 431), unsupported bodies (415),
 * requests Node or the router refuse before routing (400, 408, 431 — written to the socket),
 * crashes (500, never a stack or message to the client; logged here), maintenance (503/10014).
 *
 * Log levels: a client's mistake is one info line (the request line of server/app.ts); a server
 * fault is an error line with the stack, under the request id.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
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

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  date: '日期',
};

/** How many of what: `8 个字符`, `3 项`, or the number itself. */
function amount(origin: string, n: number | bigint): string {
  if (origin === 'string') return `${n} 个字符`;
  if (origin === 'array' || origin === 'set' || origin === 'map') return `${n} 项`;
  return String(n);
}

/**
 * The reason a value is refused, in zh-CN, without echoing the input or zod's type names
 * (`必填`, `应为整数`, `不能大于 2147483647`, `至少 8 个字符`). Messages a schema sets itself
 * (e.g. `请输入 11 位手机号`) take precedence over these.
 */
function reasonOf(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '必填';
      return `应为${TYPE_NAMES[issue.expected] ?? '其他类型'}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return '不能为空';
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `至少 ${amount(issue.origin, issue.minimum)}`;
      return issue.inclusive ? `不能小于 ${issue.minimum}` : `应大于 ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `最多 ${amount(issue.origin, issue.maximum)}`;
      return issue.inclusive ? `不能大于 ${issue.maximum}` : `应小于 ${issue.maximum}`;
    case 'invalid_format':
      if (issue.format === 'email') return '邮箱格式不正确';
      if (issue.format === 'url') return '网址格式不正确';
      return '格式不正确';
    case 'invalid_value':
      return issue.values.length === 1
        ? `应为 ${String(issue.values[0])}`
        : `应为 ${issue.values.map(String).join('、')} 之一`;
    case 'not_multiple_of':
      return `应为 ${issue.divisor} 的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    default:
      return '不符合要求';
  }
}

/** Zod issues in zh-CN: the schema's own messages first, else `reasonOf`. */
export const zodParseOptions = { error: reasonOf } as const;

/**
 * Turn zod issues into named fields: the location and the path inside it
 * (`body.mobile`, `query.page`, `params.id`; just `body` when the value itself is wrong).
 * A field is named once, with its first problem.
 */
export function fieldsOf(error: z.ZodError, location: string): FieldError[] {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const field = [location, ...issue.path.map(String)].join('.');
    if (!fields.has(field)) fields.set(field, issue.message);
  }
  return [...fields].map(([field, reason]) => ({ field, reason }));
}

/** The 400 refusal: msg `参数错误：<field> <reason>` (first problem), `data.fields` lists all. */
export function invalidParams(fields: FieldError[]): AppError {
  const first = fields[0];
  const msg = first ? `参数错误：${first.field} ${first.reason}` : undefined;
  return new AppError('INVALID_PARAMS', msg, { fields });
}

/** The catalogue code of each HTTP status the server refuses a request with, besides 400 and 500. */
const STATUS_CODES: Partial<Record<number, CodeName>> = {
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'MAINTENANCE',
};

const MALFORMED_REQUEST = '请求格式不正确';

function codeReply(name: CodeName, msg?: string, data?: unknown): { status: number; body: Envelope } {
  const e = new AppError(name, msg, data);
  return { status: e.status, body: { code: e.code, msg: e.message, ...(data === undefined ? {} : { data }) } };
}

/** Map any error to its envelope and status. Server faults (500) are logged with their stack. */
function errorReply(err: unknown, request: FastifyRequest): { status: number; body: Envelope } {
  if (isAppError(err)) {
    if (err.codeName === 'INTERNAL') request.log.error({ err }, 'request failed');
    return {
      status: err.status,
      body: { code: err.code, msg: err.message, ...(err.data === undefined ? {} : { data: err.data }) },
    };
  }
  const fe = err as Partial<FastifyError> | undefined;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  const name = STATUS_CODES[status];
  if (name) return codeReply(name);
  if (status >= 400 && status < 500) {
    // Fastify's own refusals of a body (malformed JSON, a bad length) name the body.
    if (fe?.code?.startsWith('FST_ERR_CTP_')) {
      const e = invalidParams([{ field: 'body', reason: '请求体格式不正确' }]);
      return { status: e.status, body: { code: e.code, msg: e.message, data: e.data } };
    }
    return codeReply('INVALID_PARAMS', MALFORMED_REQUEST);
  }
  request.log.error({ err }, 'unhandled error');
  return codeReply('INTERNAL');
}

/**
 * The router's refusals before any route runs (Fastify's `frameworkErrors`): a path parameter
 * over the length limit (414) or a path that does not decode (400). Never echoes the URL.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [name, msg]: [CodeName, string?] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? ['URI_TOO_LONG']
      : error.code === 'FST_ERR_BAD_URL'
        ? ['INVALID_PARAMS', '请求地址格式不正确']
        : ['INTERNAL'];
  // No route ran, so no request line follows: this is it.
  const line = { method: request.method, url: request.url, status: codeByName(name).http };
  if (name === 'INTERNAL') request.log.error({ ...line, err: error }, 'request');
  else request.log.info(line, 'request');
  return sendCode(reply, name, msg);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * headers or a query string over `maxHeaderSize` (431), a request too slow to arrive (408), and
 * anything that is not HTTP (400). The envelope is written to the socket, which is then closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const name: CodeName =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'INVALID_PARAMS';
  const entry = codeByName(name);
  this.log.info({ code: err.code, status: entry.http }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code: entry.code, msg: name === 'INVALID_PARAMS' ? MALFORMED_REQUEST : entry.msg });
    socket.write(
      `HTTP/1.1 ${entry.http} ${http.STATUS_CODES[entry.http]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}

/** Install the error handler and /api Cache-Control on an instance. */
export function installEnvelope(app: FastifyInstance): void {
  // HTTP/1.1 requires a Host header; Node's own refusal (requireHostHeader) would be a bare 400.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host)
      return sendCode(reply, 'INVALID_PARAMS', MALFORMED_REQUEST);
  });
  app.setErrorHandler((err, request, reply) => {
    const { status, body } = errorReply(err, request);
    return sendEnvelope(reply, status, body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
