/**
 * Fuzz: every operation of the contract, called with inputs made from its own zod schemas
 * (support/fuzz-cases.ts over support/contract-inputs.ts) — the valid sample, values at and past
 * each field's limits, the largest id and one more, empty, unicode and emoji text, values of other
 * types, fields left out and added, huge strings, bodies and query strings of the wrong shape — as
 * a visitor, as a member and with a forged token, on a database with the demo content.
 *
 * Every answer: HTTP below 500 (501 only from an operation not built yet, with code 501); JSON,
 * the envelope `{ code: int, msg, data? }` and nothing else; a zh-CN msg; no stack, SQL, Fastify
 * error name or zod/English framework words anywhere in it; and no log line at error level.
 * Business refusals (HTTP 200 with another code) are answers like any other.
 *
 * Seeded: FUZZ_SEED (default below, printed) gives the same cases every run; each operation draws
 * from its own stream, so a new operation does not change the others' cases. FUZZ_CASES cases per
 * operation (default 60 in `npm test`); `npm run bench:fuzz` runs many more with a new seed.
 * A failure names the seed, the operation and the case: rerun it with FUZZ_SEED=<seed>
 * (FUZZ_DEBUG=1 prints every answer).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code, operations } from '../../openapi/index';
import { participations, tasks } from '../../server/db/schema-tasks';
import { routes } from '../../server/modules';
import { startSession } from '../../server/modules/auth/tokens';
import { createStaffAccount } from '../../server/modules/staff/accounts';
import { createStaffSession } from '../../server/modules/staff/sessions';
import { freshIp, freshMobile, harness, type Harness } from './accounts-helpers';
import { grant } from './exchange-helpers';
import { startOAuthTestProvider, type OAuthTestProvider } from './support/oauth-test-provider';
import { fieldKey, fieldName, inputFields, requestOf, type InputField } from './support/contract-inputs';
import { fuzzCases, hash32, prng, type FuzzCase } from './support/fuzz-cases';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CASES = Number(process.env.FUZZ_CASES ?? 60);

/** Operations with a handler; the rest answer 501 NOT_AVAILABLE (conformance.test.ts `notYetBuilt`). */
const built = new Set(routes.map((r) => r.operation.id));

/**
 * What no answer may contain anywhere: a stack frame or source path, an error class, a Fastify
 * or zod name, database error text.
 */
const LEAK = [
  /FST_ERR|\bat \S+ \(|\.[cm]?[jt]s:\d+|node_modules|\b[A-Z][A-Za-z]*Error\b|(\$|\b)Zod[A-Z]\w*|\bstatusCode\b/,
  /syntax error|violates \w+ (key )?constraint|duplicate key|out of range for type|invalid input syntax|Failed query|"\w+"\."\w+"|\b(postgres|pglite|drizzle)\b/i,
];
/** Field paths as 400 answers name them (`body.answers.0.questionId`); the rest of a msg is words for members. */
const FIELD_PATH = /\b(params|query|body)(\.[\w$]+)*/g;
/** An English word in a message for members (zod's `Expected`, `Required`, `Invalid input`…). */
const ENGLISH = /[A-Za-z][\w-]{2,}/g;
/** Words a refusal may name: the values an enum or literal field of the contract accepts (`应为 login、bind 之一`). */
const ACCEPTED = new Set(
  operations.flatMap((o) =>
    (['params', 'query', 'body'] as const).flatMap((location) =>
      inputFields(o[location]).flatMap((f) => {
        const def = f.schema.def as { type: string; entries?: Record<string, unknown>; values?: unknown[] };
        return (def.type === 'enum' ? Object.values(def.entries!) : def.type === 'literal' ? def.values! : []).map(
          String,
        );
      }),
    ),
  ),
);
const CJK = /[\u3400-\u9fff]/;
const ERROR_LEVEL = 50;

let h: Harness;
let provider: OAuthTestProvider;
let member: { id: number; mobile: string; token: string };
/** Real values a field may take (ids of the demo content, the member's own rid), by field name. */
let known: Record<string, unknown[]>;

beforeAll(async () => {
  h = await harness('fuzz');
  // The demo content (tasks, polls, rewards and benefits for ids to land on) and social login
  // providers (a local test provider), so those operations get past "not configured".
  provider = await startOAuthTestProvider();
  await h.env.closeAll();
  h.app = await h.env.build({ seedDemo: true, oauth: provider.config }, { now: h.clock.now });
  const mobile = freshMobile();
  const login = await h.register(mobile);
  member = { id: login.member.id, mobile, token: login.token };
  // Enough points to get past "balance too low" on the way to the rest of a redemption.
  await grant(h.app.ctx, member.id, 1_000_000);
  const db = h.app.ctx.db;
  const demoTasks = await db.select({ id: tasks.id, hashId: tasks.hashId }).from(tasks).limit(5);
  const start = await h.call('POST', `/api/v1/process/tasks/${demoTasks[0]!.hashId}/start`, { token: member.token });
  const rids = (await db.select().from(participations).where(eq(participations.memberId, member.id))).map(
    (p) => p.respondentId,
  );
  const ticket = (await h.call('GET', '/api/v1/auth/qrcode/login')).data as { ticket?: string } | undefined;
  known = {
    id: [1, 2, 3],
    taskId: demoTasks.map((t) => t.id),
    hashId: demoTasks.map((t) => t.hashId),
    rid: rids,
    ticket: ticket?.ticket ? [ticket.ticket] : [],
  };
  if (start.code !== 200 || !rids.length) throw new Error(`fuzz setup: start ${start.code} ${start.msg}`);
  console.log(
    `fuzz: seed ${SEED} (FUZZ_SEED), ${CASES} cases per operation (FUZZ_CASES), ${operations.length} operations`,
  );
}, 120_000);
afterAll(async () => {
  console.log(
    `fuzz: ${tally.cases} cases in ${(tally.ms / 1000).toFixed(1)} s (seed ${SEED}); HTTP statuses ${JSON.stringify(tally.statuses)}`,
  );
  await h.env.cleanup();
  await provider?.close();
});

/** A province, city and county that exist (深圳市南山区), for addresses and member attributes. */
const REGION: Record<string, number> = { provinceId: 440000, cityId: 440300, countyId: 440305 };

const isEncrypted = (f: InputField) => /RSA/.test(f.schema.description ?? '');

/** Valid values beyond the sampled one: encrypted mobiles and codes, ids and regions that exist. */
function validValues(f: InputField): unknown[] {
  const key = fieldKey(f.path);
  if (isEncrypted(f)) {
    return key === 'mobile'
      ? [h.enc(member.mobile), h.enc(freshMobile()), h.enc('1380013800')]
      : [h.enc('123456'), h.enc(''), h.enc('12\u000034'), h.enc('😀'.repeat(20))];
  }
  if (key in REGION) return [REGION[key]];
  if (key === 'rid' || key === 'respondentId') return known.rid!;
  if (/ticket$/i.test(key)) return known.ticket!;
  if (/hashId$/i.test(key) || (key === 'id' && f.schema.def.type === 'string')) return known.hashId!;
  if (key === 'taskId') return known.taskId!;
  if (key === 'id' || /Id$/.test(key)) return known.id!;
  return [];
}

const FORGED = [
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjo5OTk5OTk5OTk5fQ.AAAA',
  'm:1',
  '..',
];
const TOKEN_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'];

/** The reasons of a 400 answer's `data.fields`. */
function fieldReasons(data: unknown): string[] {
  const fields = (data as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? fields.map((f) => String((f as { reason?: unknown }).reason)) : [];
}

/** What is wrong with one answer (empty: nothing). */
function problemsOf(c: FuzzCase, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const problems: string[] = [];
  const notBuilt = !built.has(c.operation.id);
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    problems.push('not JSON');
  }
  if (!String(res.headers['content-type']).startsWith('application/json')) problems.push('content type not JSON');
  if (res.statusCode >= 500 && !(res.statusCode === 501 && notBuilt && body?.code === Code.NOT_AVAILABLE))
    problems.push(`HTTP ${res.statusCode}`);
  if (body) {
    const extra = Object.keys(body).filter((k) => !['code', 'msg', 'data'].includes(k));
    if (extra.length) problems.push(`keys besides the envelope: ${extra.join(', ')}`);
    if (!Number.isInteger(body.code)) problems.push('code not an integer');
    if (typeof body.msg !== 'string') problems.push('msg not a string');
    else {
      if (!CJK.test(body.msg)) problems.push('msg not zh-CN');
      // Only a refusal's data carries field reasons (a success's data may have a `fields` of its own).
      const reasons = body.code === Code.OK ? [] : fieldReasons(body.data);
      const texts = [body.msg, ...reasons].map((t) => t.replace(FIELD_PATH, ''));
      const english = texts.flatMap((t) => t.match(ENGLISH) ?? []).filter((w) => !ACCEPTED.has(w));
      if (english.length) problems.push(`English in the message: ${english.join(' ')}`);
    }
  }
  for (const leak of LEAK.map((re) => re.exec(res.body))) if (leak) problems.push(`leaks "${leak[0]}"`);
  return problems;
}

interface Tally {
  cases: number;
  statuses: Record<number, number>;
  ms: number;
}
const tally: Tally = { cases: 0, statuses: {}, ms: 0 };

async function run(c: FuzzCase): Promise<string[]> {
  const headers = { ...c.headers };
  if (c.caller === 'member') headers.authorization ??= `Bearer ${member.token}`;
  const logsBefore = h.env.logs.length;
  const where = `${c.caller} ${c.method} ${c.url.slice(0, 120)} [${c.label}]`;
  let res;
  try {
    res = await h.app.inject({
      method: c.method,
      url: c.url,
      remoteAddress: freshIp(),
      headers,
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
  } catch (err) {
    // The test harness may check answers itself and throw; such a case is reported like the others.
    return [`${(err as Error).message} — ${where}`];
  }
  tally.cases++;
  tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
  const problems = problemsOf(c, res);
  if (process.env.FUZZ_DEBUG) console.log(res.statusCode, c.caller, c.url.slice(0, 80), res.body.slice(0, 100));
  const errors = h.env.logs.slice(logsBefore).filter((l) => Number(l.level) >= ERROR_LEVEL);
  if (errors.length) problems.push(`logged at error: ${String(errors[0]!.msg)}`);
  // The member logged out or changed what the session rests on: log in again for the next cases.
  if (res.statusCode === 401 && c.caller === 'member') member.token = (await startSession(h.app.ctx, member.id)).token;
  return problems.map((p) => `${p} — ${where} → ${res.body.slice(0, 200)}`);
}

describe(`fuzz every contract operation (seed ${SEED}, ${CASES} cases each)`, () => {
  it('the checks catch what they look for', () => {
    const operation = operations.find((o) => built.has(o.id))!;
    const c = { operation, caller: 'visitor', label: 'check', method: 'GET', url: '/api', headers: {} } as const;
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const answer = (statusCode: number, body: unknown, headers: Record<string, string> = json) => ({
      statusCode,
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const bad = [
      answer(500, { code: 500, msg: '服务器开小差了，请稍后再试' }),
      answer(501, { code: 501, msg: '该功能暂未开放' }),
      answer(200, 'OK', { 'content-type': 'text/plain' }),
      answer(200, { code: '200', msg: '成功' }),
      answer(200, { code: 200, msg: 'OK' }),
      answer(200, { code: 200, msg: '成功', stack: 'x' }),
      answer(400, { code: 400, msg: '参数错误：body.mobile Invalid input: expected string' }),
      answer(400, { code: 400, msg: '参数错误', data: { fields: [{ field: 'body.x', reason: 'Required' }] } }),
      answer(400, { code: 400, msg: '参数错误', data: 'TypeError: x is not a function at f (server/app.ts:3:1)' }),
      answer(500, { code: 500, msg: '错误', data: 'Failed query: select "id" from "members"' }),
      answer(500, { code: 500, msg: '错误', data: 'value "2147483648" is out of range for type integer' }),
      answer(400, { code: 400, msg: '错误 FST_ERR_VALIDATION' }),
      answer(400, { code: 400, msg: '错误', data: { name: 'ZodError' } }),
    ];
    expect(bad.map((res) => problemsOf(c, res).length > 0)).toEqual(bad.map(() => true));
    expect(problemsOf(c, answer(200, { code: 2001, msg: '微豆余额不足', data: { balance: 3 } }))).toEqual([]);
  });

  it.each(operations.map((o) => [o.id, o] as const))(
    '%s',
    async (_, operation) => {
      const rng = prng(SEED ^ hash32(operation.id));
      const cases = fuzzCases(operation, rng, CASES, {
        validValues,
        forgedToken: (r) => r.pick([...FORGED, Array.from({ length: 32 }, () => r.pick(TOKEN_CHARS)).join('')]),
      });
      const t0 = performance.now();
      const failures: string[] = [];
      for (const c of cases) failures.push(...(await run(c)));
      tally.ms += performance.now() - t0;
      expect(failures, `FUZZ_SEED=${SEED} ${operation.id}`).toEqual([]);
    },
    Math.max(30_000, CASES * 1_000),
  );
});

/**
 * What the fuzz found, kept: text with U+0000 reached PostgreSQL (which cannot store it) and
 * answered 500 — `invite/check` and `invite/code` with such an invite code, a task start with
 * such a hash id. Every text field of every operation, given one with the rest of the input
 * valid, is now refused as invalid input naming that field.
 */
let adminId: number | undefined;
/** The id of an admin staff account, made on first use. */
async function fuzzAdmin(): Promise<number> {
  adminId ??= (await createStaffAccount(h.app.ctx, { login: 'fuzz.admin', name: '模糊测试', roles: ['admin'] })).staff
    .id;
  return adminId;
}

describe('regressions found by the fuzz', () => {
  const textFields = operations.flatMap((operation) =>
    (['params', 'query', 'body'] as const).flatMap((location) =>
      inputFields(operation[location])
        .filter((f) => f.schema.def.type === 'string')
        .map((f) => ({ operation, location, field: f })),
    ),
  );

  it.each(textFields.map((t) => [`${t.operation.id} ${fieldName(t.location, t.field.path)}`, t] as const))(
    '%s with U+0000 → 400 naming it',
    async (label, t) => {
      const text = t.field.schema as z.ZodString;
      const [min, max] = [text.minLength ?? 0, text.maxLength ?? 64];
      const value = `a\u0000${'a'.repeat(Math.max(min - 2, 0))}`.slice(0, Math.max(max, 2));
      // A session of its own for each call: the sample of logout ends the one it comes with.
      // Console operations take a console session (an admin's: every permission held).
      const session = async () =>
        t.operation.auth === 'staff'
          ? (await createStaffSession(h.app.ctx.db, await fuzzAdmin(), h.clock.now(), {})).token
          : (await startSession(h.app.ctx, member.id)).token;
      const send = async (req: ReturnType<typeof requestOf>) =>
        h.app.inject({
          method: req.method,
          url: req.url,
          remoteAddress: freshIp(),
          headers: { authorization: `Bearer ${await session()}` },
          ...(req.payload === undefined ? {} : { payload: req.payload as object }),
        });
      const res = await send(requestOf(t.operation, { [t.location]: { path: t.field.path, value } }));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      // Where the sampled input is valid without it, this field is the one named.
      if ((await send(requestOf(t.operation))).statusCode !== 400) {
        const fields = (JSON.parse(res.body) as { data: { fields: { field: string }[] } }).data.fields;
        expect(fields.map((f) => f.field)).toEqual([fieldName(t.location, t.field.path)]);
      }
    },
  );
});
