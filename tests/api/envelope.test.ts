import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { op } from '../../openapi/op';
import { Code, describeCode } from '../../openapi/codes';
import { operations } from '../../openapi/index';
import { Mobile } from '../../openapi/schemas/common';
import { handle } from '../../server/http/handle';
import { AppError, result } from '../../server/http/errors';
import { routes } from '../../server/modules';
import { createTestEnv, envelopeOf } from './helpers';
import { requestOf, sampleOf, unwrap } from './support/contract-inputs';

// Operations that exist only in this test, to exercise every path of `handle()`.
const echo = op({
  id: 'testEcho',
  method: 'post',
  path: '/test/echo/{id}',
  auth: 'none',
  tag: 'test',
  summary: '测试',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ flag: z.enum(['a', 'b']).default('a') }),
  body: z.object({ mobile: Mobile, count: z.int().min(1) }),
  response: z.object({ id: z.int(), flag: z.string(), mobile: z.string(), count: z.int() }),
});
const crash = op({
  id: 'testCrash',
  method: 'get',
  path: '/test/crash',
  auth: 'none',
  tag: 'test',
  summary: '测试',
  response: z.null(),
});
const badShape = op({
  id: 'testBadShape',
  method: 'get',
  path: '/test/bad-shape',
  auth: 'none',
  tag: 'test',
  summary: '测试',
  response: z.object({ n: z.int() }),
});
const refuse = op({
  id: 'testRefuse',
  method: 'get',
  path: '/test/refuse',
  auth: 'none',
  tag: 'test',
  summary: '测试',
  response: z.null(),
});
const normal = op({
  id: 'testNormal',
  method: 'post',
  path: '/test/normal',
  auth: 'none',
  tag: 'test',
  summary: '测试',
  response: z.object({ days: z.int() }),
});
const mine = op({
  id: 'testMine',
  method: 'get',
  path: '/test/mine',
  auth: 'member',
  tag: 'test',
  summary: '测试',
  response: z.object({ memberId: z.int() }),
});
const maybe = op({
  id: 'testMaybe',
  method: 'get',
  path: '/test/maybe',
  auth: 'optional',
  tag: 'test',
  summary: '测试',
  response: z.object({ memberId: z.int().nullable() }),
});

const SECRET = 'db password is hunter2';

const testRoutes = [
  ...routes,
  handle(echo, async ({ params, query, body }) => ({ id: params.id, flag: query.flag, ...body })),
  handle(crash, async () => {
    throw new Error(SECRET);
  }),
  handle(badShape, async () => ({ n: 'not a number' }) as unknown as { n: number }),
  handle(refuse, async () => {
    throw new AppError('INSUFFICIENT_POINTS', undefined, { balance: 3 });
  }),
  handle(normal, async () => result(Code.ALREADY_CHECKED_IN, { days: 4 })),
  handle(mine, async ({ member }) => ({ memberId: member.id })),
  handle(maybe, async ({ viewer }) => ({ memberId: viewer?.id ?? null })),
];

const env = createTestEnv('envelope');
let app: FastifyInstance;

const testDeps = {
  routes: testRoutes,
  verifyMember: async (token: string) => (token === 'good' ? { id: 42 } : null),
  // The same good token is an admin on console calls, so their input checks are reached too.
  verifyStaff: async (token: string) =>
    token === 'good'
      ? {
          id: 1,
          login: 'admin',
          name: '管理员',
          roles: ['admin' as const],
          sessionId: 1,
          sessionExpiresAt: Date.now() + 60_000,
        }
      : null,
};

beforeAll(async () => {
  app = await env.build({}, testDeps);
});
afterAll(() => env.cleanup());

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * An answer the client may see: the envelope as JSON with an integer code and a zh-CN msg, and
 * nothing of the server's insides — no stack, SQL, Fastify error name, or the URL sent.
 */
function expectCleanEnvelope(res: Answer, status: number, code: number, sent = '') {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = envelopeOf(res);
  expect(Number.isInteger(body.code)).toBe(true);
  expect(body.code).toBe(code);
  expect(body.msg).toMatch(/^[^a-zA-Z]*[\u4e00-\u9fa5]/);
  expect(res.body).not.toMatch(/FST_|\bat \S+\.[jt]s|Error|stack|select |insert |statusCode/i);
  if (sent) expect(res.body).not.toContain(sent);
}

/** Send raw bytes to a listening app; the answer as Node's parser saw nothing of it (status, headers, body). */
async function rawHttp(port: number, request: string): Promise<Answer> {
  const text = await new Promise<string>((resolve) => {
    let buf = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (d: Buffer) => (buf += d.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(buf));
  });
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('every reply is an envelope', () => {
  it('unknown /api call → HTTP 404, code 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['GET', '/api'],
      ['GET', '/assets/missing.js'],
    ] as const) {
      const res = await app.inject({ method, url });
      expectCleanEnvelope(res, 404, 404);
      expect(envelopeOf(res)).toEqual({ code: 404, msg: '请求的内容不存在' });
    }
  });

  it('a known /api path with another method → HTTP 405 with Allow, code 405', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/rsa-key' });
    expectCleanEnvelope(res, 405, 405);
    expect(res.headers.allow).toBe('GET, HEAD');
    const put = await app.inject({ method: 'PUT', url: '/api/test/echo/3' });
    expectCleanEnvelope(put, 405, 405);
    expect(put.headers.allow).toBe('POST');
  });

  it('a path parameter over the router limit → HTTP 414, code 414, the URL not echoed', async () => {
    const long = '7'.repeat(300);
    const res = await app.inject({ method: 'GET', url: `/api/v1/exchange/rewards/${long}` });
    expectCleanEnvelope(res, 414, 414, long);
  });

  it('a path that does not decode → HTTP 400, code 400, the URL not echoed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/exchange/rewards/%E0%A4%A' });
    expectCleanEnvelope(res, 400, 400, '%E0%A4%A');
  });

  it('an unsupported body type → HTTP 415, code 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/xml' },
      payload: '<mobile>13800138000</mobile>',
    });
    expectCleanEnvelope(res, 415, 415);
  });

  describe('requests refused before routing (a listening server, raw bytes)', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });

    it('a 100 KB query string → HTTP 431, code 431, not Node’s bare answer', async () => {
      const query = 'q'.repeat(100 * 1024);
      const res = await rawHttp(port, `GET /api/v1/auth/rsa-key?x=${query} HTTP/1.1\r\nHost: t\r\n\r\n`);
      expectCleanEnvelope(res, 431, 431, query.slice(0, 100));
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    });

    it('bytes that are not HTTP, or a bad Content-Length → HTTP 400, code 400', async () => {
      for (const request of [
        'hello\r\n\r\n',
        'POST /api/test/echo/1 HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n',
      ]) {
        expectCleanEnvelope(await rawHttp(port, request), 400, 400);
      }
    });

    it('HTTP/1.1 without Host → HTTP 400, code 400 (not Node’s empty 400)', async () => {
      const res = await rawHttp(port, 'GET /api/v1/auth/rsa-key HTTP/1.1\r\nConnection: close\r\n\r\n');
      expectCleanEnvelope(res, 400, 400);
    });
  });

  it('success → code 200, msg 成功, data', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo/7?flag=b&_t=1795323054161',
      payload: { mobile: '13800138000', count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(envelopeOf(res)).toEqual({
      code: 200,
      msg: '成功',
      data: { id: 7, flag: 'b', mobile: '13800138000', count: 2 },
    });
  });

  it('validation error → HTTP 400, code 400, names the field and why', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo/7', payload: { mobile: '123', count: 2 } });
    expect(res.statusCode).toBe(400);
    const body = envelopeOf(res);
    expect(body.code).toBe(400);
    expect(body.msg).toBe('参数错误：body.mobile 请输入 11 位手机号');
    expect(body.data).toEqual({ fields: [{ field: 'body.mobile', reason: '请输入 11 位手机号' }] });
  });

  it('validation covers params, query and body, all fields listed, reasons in zh-CN', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo/abc?flag=z',
      payload: { mobile: '13800138000' },
    });
    expect(res.statusCode).toBe(400);
    const body = envelopeOf(res) as {
      code: number;
      msg: string;
      data: { fields: { field: string; reason: string }[] };
    };
    expect(body.data.fields.map((f) => f.field)).toEqual(['params.id', 'query.flag', 'body.count']);
    expect(body.msg.startsWith('参数错误：params.id ')).toBe(true);
    for (const f of body.data.fields) expect(f.reason).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('missing or malformed body → 400 naming the body', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo/1' });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).msg).toMatch(/^参数错误：body /);

    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": ',
    });
    expectCleanEnvelope(malformed, 400, 400, '{"mobile"');
    expect(envelopeOf(malformed)).toMatchObject({ code: 400, data: { fields: [{ field: 'body' }] } });
  });

  it('payload too large → HTTP 413, code 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '13800138000', count: 1, pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectCleanEnvelope(res, 413, 413);
    expect(envelopeOf(res)).toEqual({ code: 413, msg: '提交的内容过大' });
  });

  it('crash → HTTP 500, generic message, no stack or message leaked, logged server-side', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res)).toEqual({ code: 500, msg: '服务器开小差了，请稍后再试' });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(JSON.stringify(env.logs)).toContain(SECRET);
  });

  it('response that breaks the contract → 500 (outside production) and a log line', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-shape' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res).code).toBe(500);
    expect(
      env.logs.some((l) => l.msg === 'response does not match the contract' && l.operationId === 'testBadShape'),
    ).toBe(true);
  });

  it('AppError → its code, the catalogue message and HTTP status, and its data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ code: 2001, msg: '微豆余额不足', data: { balance: 3 } });
  });

  it('result() → a normal non-200 code with data', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/normal' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ code: 5629, msg: '今天已经签到过了', data: { days: 4 } });
  });
});

describe('member auth', () => {
  it('member operation without a token → HTTP 401, code 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/mine' });
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toEqual({ code: 401, msg: '登录已失效，请重新登录' });
  });

  it('member operation with a bad token → 401; with a good one → the member', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/test/mine', headers: { authorization: 'Bearer forged' } });
    expect(bad.statusCode).toBe(401);
    expect(envelopeOf(bad).code).toBe(401);
    const good = await app.inject({ method: 'GET', url: '/api/test/mine', headers: { authorization: 'Bearer good' } });
    expect(envelopeOf(good)).toEqual({ code: 200, msg: '成功', data: { memberId: 42 } });
  });

  it('optional auth: no or bad token is a visitor, a good one is the member', async () => {
    expect(envelopeOf(await app.inject({ method: 'GET', url: '/api/test/maybe' })).data).toEqual({ memberId: null });
    expect(
      envelopeOf(
        await app.inject({ method: 'GET', url: '/api/test/maybe', headers: { authorization: 'Bearer forged' } }),
      ).data,
    ).toEqual({ memberId: null });
    expect(
      envelopeOf(await app.inject({ method: 'GET', url: '/api/test/maybe', headers: { authorization: 'Bearer good' } }))
        .data,
    ).toEqual({ memberId: 42 });
  });

  it('every contract operation that needs a member refuses a visitor with 401 (default verifier)', async () => {
    const plain = await env.build();
    const memberOps = operations.filter((o) => o.auth === 'member');
    for (const o of memberOps) {
      const url = `/api${o.path.replace(/\{[^}]+\}/g, '1')}`;
      const res = await plain.inject({
        method: o.method.toUpperCase() as 'GET' | 'POST',
        url,
        headers: { authorization: 'Bearer anything' },
      });
      expect(res.statusCode, `${o.id} ${url}`).toBe(401);
      expect(envelopeOf(res).code).toBe(401);
    }
    console.log(`member-auth operations checked for 401: ${memberOps.length}`);
  });
});

describe('the contract surface', () => {
  it('every contract operation has a route that answers an envelope (never 404, never a crash)', async () => {
    const plain = await env.build();
    const statuses: Record<number, number> = {};
    for (const o of operations) {
      const url = `/api${o.path.replace(/\{[^}]+\}/g, '1')}`;
      const res = await plain.inject({ method: o.method.toUpperCase() as 'GET' | 'POST', url });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const body = envelopeOf(res);
      // A bound route may say "id 1 does not exist" (404 with its own message); an unrouted call
      // answers the catalogue's generic NOT_FOUND message.
      if (res.statusCode === 404)
        expect(body.msg, `${o.id} ${url} is not routed`).not.toBe(describeCode(Code.NOT_FOUND)!.msg);
      else expect([200, 400, 401, 501], `${o.id} ${url}`).toContain(res.statusCode);
      expect(typeof body.code, o.id).toBe('number');
      expect(typeof body.msg, o.id).toBe('string');
      if (res.statusCode === 501) expect(body.code).toBe(501);
    }
    console.log(
      `contract operations called without input: ${operations.length}; HTTP statuses: ${JSON.stringify(statuses)}`,
    );
  });
});

describe('maintenance', () => {
  it('MAINTENANCE=true → every /api call answers HTTP 503, code 10014', async () => {
    const down = await env.build({ maintenance: true });
    for (const url of ['/api/v1/auth/rsa-key', '/api/v1/nope']) {
      const res = await down.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(envelopeOf(res)).toEqual({ code: 10014, msg: '系统维护中，请稍后再来' });
    }
  });
});

describe('log levels an operator can alert on', () => {
  const INFO = 30;
  const ERROR = 50;
  let loud: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    loud = await env.build({ logLevel: 'info' }, testDeps);
    await loud.listen({ port: 0, host: '127.0.0.1' });
    port = (loud.server.address() as net.AddressInfo).port;
  });

  /** The log lines written while `run` ran. */
  async function linesOf(run: () => Promise<unknown>) {
    const before = env.logs.length;
    await run();
    return env.logs.slice(before);
  }

  it('a client’s mistake is one info line with the request id, no stack', async () => {
    const mistakes: [string, () => Promise<unknown>][] = [
      ['400', () => loud.inject({ method: 'POST', url: '/api/test/echo/7', payload: { mobile: '1' } })],
      ['401', () => loud.inject({ method: 'GET', url: '/api/test/mine' })],
      ['404', () => loud.inject({ method: 'GET', url: '/api/v1/nope' })],
      ['405', () => loud.inject({ method: 'POST', url: '/api/v1/auth/rsa-key' })],
      ['414', () => loud.inject({ method: 'GET', url: `/api/v1/exchange/rewards/${'7'.repeat(300)}` })],
      ['415', () => loud.inject({ method: 'POST', url: '/api/test/echo/1', headers: { 'content-type': 'text/xml' } })],
    ];
    // An operation with no handler yet answers 501 (while the contract still has one).
    const unbuilt = operations.find(
      (o) => o.method === 'get' && o.auth !== 'member' && o.auth !== 'staff' && !routes.some((r) => r.operation === o),
    );
    if (unbuilt) mistakes.push(['501', () => loud.inject({ method: 'GET', url: requestOf(unbuilt).url })]);
    for (const [status, run] of mistakes) {
      const lines = await linesOf(run);
      expect(lines, status).toHaveLength(1);
      expect(lines[0], status).toMatchObject({ level: INFO, msg: 'request', status: Number(status) });
      expect(lines[0]!.reqId, status).toEqual(expect.any(String));
      expect(JSON.stringify(lines), status).not.toContain('stack');
    }
  });

  it('a request Node refuses before routing is one info line, no stack', async () => {
    const lines = await linesOf(() => rawHttp(port, 'hello\r\n\r\n'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: INFO, msg: 'client error', status: 400 });
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('a server fault is logged at error with its stack and the request id', async () => {
    const lines = await linesOf(() => loud.inject({ method: 'GET', url: '/api/test/crash' }));
    const errors = lines.filter((l) => l.level === ERROR);
    expect(errors.length).toBeGreaterThan(0);
    const withStack = errors.find((l) => JSON.stringify(l.err ?? '').includes(SECRET));
    expect(withStack?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(withStack)).toContain('stack');
    expect(errors.every((l) => l.reqId === withStack?.reqId)).toBe(true);
  });
});

describe('validation messages', () => {
  /** A value of another type than the field takes. */
  const wrongType = (field: z.ZodType): unknown => {
    const valid = sampleOf(unwrap(field));
    return typeof valid === 'string' ? 12345 : typeof valid === 'number' ? 'abc' : 'x';
  };

  it('read cleanly on every operation with a bad body: one per field, no undefined, no English, no repeats', async () => {
    let checked = 0;
    for (const operation of operations.filter((o) => o.body instanceof z.ZodObject)) {
      const shape = (operation.body as z.ZodObject).shape as Record<string, z.ZodType>;
      const base = requestOf(operation);
      const valid = base.payload as Record<string, unknown>;
      const bodies: unknown[] = [undefined, [], 'x', 7];
      for (const [key, field] of Object.entries(shape)) {
        bodies.push({ ...valid, [key]: wrongType(field) });
        if (key in valid && !field.safeParse(undefined).success) {
          const { [key]: _, ...missing } = valid;
          bodies.push(missing);
        }
      }
      for (const payload of bodies) {
        const res = await app.inject({
          method: base.method,
          url: base.url,
          headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        });
        const label = `${operation.id} ${JSON.stringify(payload)}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        const body = envelopeOf(res) as { msg: string; data: { fields: { field: string; reason: string }[] } };
        const fields = body.data.fields;
        expect(new Set(fields.map((f) => f.field)).size, label).toBe(fields.length);
        expect(body.msg, label).toBe(`参数错误：${fields[0]!.field} ${fields[0]!.reason}`);
        for (const f of fields) {
          // zod's own words and the input echoed back
          expect(f.reason, label).not.toMatch(
            /undefined|NaN|null|Infinity|expected|received|invalid|string|number|object|boolean|array/i,
          );
          expect(f.reason, label).not.toMatch(/参数错误|无效输入/);
          expect(f.reason, label).toMatch(/[\u4e00-\u9fa5]/);
        }
        checked++;
      }
    }
    console.log(`bad bodies checked for clean validation messages: ${checked}`);
    expect(checked).toBeGreaterThan(0);
  });
});
