/**
 * Ownership: each id an operation takes that belongs to one member (`member(record)` in OWNERSHIP,
 * tests/api/ownership-table.ts, whose declarations ownership-declared.test.ts holds complete).
 * Member A makes one record of each kind; member B calls the operation with A's id and gets exactly
 * what B gets for an id that does not exist (HTTP status, code, msg), nothing of A's changes (every
 * row of every table with a member_id of A's, and A's member row), and A calling it with the same
 * id is told apart (another answer, or A's rows change) — so the id really reaches A's record.
 * Where B is told "not yours" on purpose instead (`refusedAs`, with the reason), B gets exactly
 * that refusal and nothing else.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, describeCode } from '../../openapi/codes';
import type { Operation } from '../../openapi/index';
import { MAX_ID } from '../../openapi/schemas/common';
import * as tables from '../../server/db/tables';
import { routes } from '../../server/modules';
import { addPrize } from '../../server/modules/lottery/prizes';
import { startSession } from '../../server/modules/auth/tokens';
import { freshIp, freshMobile, harness, type Harness } from './accounts-helpers';
import { grant, newReward, saveAddress } from './exchange-helpers';
import { newPoll } from './polls-helpers';
import { answersFor, type AttemptData } from './course-helpers';
import { seedDemoCourse } from '../../server/seed/demoCourse';
import { benefit } from './rewards-helpers';
import { startOAuthTestProvider, type OAuthTestProvider } from './support/oauth-test-provider';
import { inputFields, requestOf, type Placed } from './support/contract-inputs';
import { newPartner, newTask } from './tasks-helpers';
import { browserForm, objectNameFor, png, postForm } from './uploads-helpers';
import type { OssPolicyData } from '../../server/providers/oss';
import { withSignature } from '../../server/modules/tasks/signature';
import {
  at,
  declarations,
  isMember,
  labelOf,
  ownershipOf,
  type Location,
  type Member,
  type Records,
} from './ownership-table';

const built = new Set(routes.map((r) => r.operation.id));

let h: Harness;
let provider: OAuthTestProvider;
let a: { id: number; token: string };
let b: { id: number };
let records: Records;

function returnLink(secret: string, rid: string): string {
  const ts = Math.floor(h.clock.now() / 1000);
  return withSignature(secret, `/task/back?rid=${encodeURIComponent(rid)}&status=10&ts=${ts}`);
}

const OWNERSHIP = ownershipOf({ enc: (text) => h.enc(text), returnLink });

/** Every row of A's (as JSON): A's member row and the rows of each table with a member_id of A's. */
async function rowsOf(memberId: number): Promise<Record<string, string[]>> {
  const db = h.app.ctx.db;
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, Parameters<typeof eq>[0]>;
    const key = name === 'members' ? columns.id : columns.memberId;
    if (!key) continue;
    // In a stable order: an UPDATE moves a row in PostgreSQL's heap order.
    const rows = await db.select().from(table).where(eq(key, memberId));
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function call(
  who: number,
  operation: Operation,
  placed: Partial<Record<Location, Placed[]>>,
): Promise<{ status: number; code: number; msg: string; data?: unknown }> {
  const req = requestOf(operation, placed);
  // A fresh session for every call: logout ends the one it came with.
  const { token } = await startSession(h.app.ctx, who);
  const res = await h.app.inject({
    method: req.method,
    url: req.url,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}` },
    ...(req.payload === undefined ? {} : { payload: req.payload as object }),
  });
  const body = JSON.parse(res.body) as { code: number; msg: string; data?: unknown };
  return { status: res.statusCode, ...body };
}

/** An id of the field's form that names nothing. */
function missingValue(schema: { def: { type: string }; safeParse(v: unknown): { success: boolean } }): unknown {
  if (schema.def.type === 'number') return MAX_ID;
  const text = [randomBytes(16).toString('base64url'), randomUUID(), randomBytes(4).toString('hex')];
  return text.find((t) => schema.safeParse(t).success) ?? text[0];
}

async function smsTicket(scene: string): Promise<string> {
  const mobile = aMobile;
  const sent = await h.call('POST', '/api/v1/sms/send', { token: a.token, body: { scene } });
  if (sent.code !== 200) throw new Error(`send ${scene}: ${sent.code} ${sent.msg}`);
  const checked = await h.call('POST', '/api/v1/sms/check', {
    token: a.token,
    body: { scene, code: h.enc(h.lastCode(mobile, scene)) },
  });
  if (checked.code !== 200) throw new Error(`check ${scene}: ${checked.code} ${checked.msg}`);
  h.clock.advance(61_000);
  return (checked.data as { verifyTicket: string }).verifyTicket;
}
let aMobile: string;

beforeAll(async () => {
  h = await harness('ownership');
  provider = await startOAuthTestProvider();
  await h.env.closeAll();
  h.app = await h.env.build({ oauth: provider.config }, { now: h.clock.now });
  const ctx = h.app.ctx;
  aMobile = freshMobile();
  const loginA = await h.register(aMobile);
  a = { id: loginA.member.id, token: loginA.token };
  b = { id: (await h.register(freshMobile())).member.id };
  for (const m of [a.id, b.id]) {
    await grant(ctx, m, 100_000);
    await saveAddress(ctx, m);
  }
  const start = async (hashId: string) => {
    const s = await h.call('POST', `/api/v1/process/tasks/${hashId}/start`, { token: a.token });
    if (s.code !== 200) throw new Error(`start: ${s.code} ${s.msg}`);
    return (s.data as { respondentId: string }).respondentId;
  };

  // An exchange, made with a request key; a coupon held.
  const reward = await newReward(ctx, { pointsCost: 100, stock: 100 });
  const requestKey = randomUUID();
  const redeemed = await h.call('POST', '/api/v1/exchange/redeem', {
    token: a.token,
    body: { rewardId: reward.id, requestKey },
  });
  if (redeemed.code !== 200) throw new Error(`redeem: ${redeemed.code} ${redeemed.msg}`);
  const coupon = await benefit(ctx, { kind: 2, value: 10, couponUnit: 'fen', name: '测试折扣券' });
  const claimed = await h.call('POST', `/api/v1/benefits/${coupon.id}`, { token: a.token });
  if (claimed.code !== 200) throw new Error(`claim: ${claimed.code} ${claimed.msg}`);

  // Participations: a poll, a video, a partner survey (with its signed return link).
  const poll = await newPoll(ctx);
  const pollTask = await newTask(ctx, { kind: 'poll', pollId: poll.id, minSeconds: 30 });
  const video = await newTask(ctx, { kind: 'video', watchSeconds: 30, partnerId: null });
  const partner = await newPartner(ctx);
  const survey = await newTask(ctx, { partnerId: partner.id });
  const surveyRid = await start(survey.hashId);

  // Verify tickets of each scene, a bind state per platform, a message.
  const bindStates = {} as Records['bindStates'];
  const platforms = { wechat: 1, qq: 2, weibo: 3, alipay: 4 } as const;
  for (const [name, platform] of Object.entries(platforms)) {
    const auth = await h.call('GET', `/api/v1/auth/sns/authorize?platform=${platform}&purpose=bind`, {
      token: a.token,
    });
    if (auth.code !== 200) throw new Error(`authorize ${name}: ${auth.code} ${auth.msg}`);
    provider.signIn({ id: `owner-${name}` });
    const back = await provider.authorize((auth.data as { url: string }).url);
    bindStates[name as keyof typeof platforms] = { code: back.code, state: back.state };
  }
  const [message] = await ctx.db
    .insert(tables.messages)
    .values({ audience: 'member', title: '测试消息', content: '只给 A 的消息' })
    .returning();
  await ctx.db.insert(tables.messageInbox).values({ messageId: message!.id, memberId: a.id });

  // A picture A uploaded to A's avatar folder through the built-in receiver.
  const policy = await h.call('GET', '/api/v1/oss/policy?module=avatar', { token: a.token });
  if (policy.code !== 200) throw new Error(`policy: ${policy.code} ${policy.msg}`);
  const avatarPolicy = policy.data as OssPolicyData;
  const avatarKey = avatarPolicy.dir + objectNameFor();
  const uploaded = await postForm(
    h.app,
    browserForm(avatarPolicy, avatarKey, { bytes: png(4, 4), type: 'image/png' }),
    avatarPolicy.host,
  );
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);

  // A feedback ticket, made with a request key.
  const feedbackRequestKey = randomUUID();
  const ticket = await h.call('POST', '/api/v1/feedback', {
    token: a.token,
    body: { requestKey: feedbackRequestKey, category: 1, content: '问卷答完了，微豆一直没有到账。' },
  });
  if (ticket.code !== 200) throw new Error(`feedback: ${ticket.code} ${ticket.msg}`);

  // A bought spin of the lucky wheel, made with a request key.
  await addPrize(ctx, { name: '谢谢参与', kind: 'none', weight: 1 });
  const lotteryRequestKey = randomUUID();
  const spun = await h.call('POST', '/api/v1/lottery/spin', {
    token: a.token,
    body: { source: 'points', requestKey: lotteryRequestKey, memberSeed: randomBytes(16).toString('hex') },
  });
  if (spun.code !== 200) throw new Error(`spin: ${spun.code} ${spun.msg}`);

  // A quiz attempt started on the demo course's bank, not submitted yet.
  await seedDemoCourse(ctx);
  const quiz = await h.call('POST', '/api/v1/answer-sheet/attempts', { token: a.token });
  if (quiz.code !== 200) throw new Error(`quiz: ${quiz.code} ${quiz.msg}`);
  const attempt = quiz.data as AttemptData;

  records = {
    quizAttemptId: attempt.attemptId,
    quizAnswers: await answersFor(ctx, attempt),
    exchangeId: (redeemed.data as { exchange: { id: number } }).exchange.id,
    requestKey,
    memberBenefitId: (claimed.data as { id: number }).id,
    rewardId: reward.id,
    pollId: poll.id,
    pollRid: await start(pollTask.hashId),
    watchRid: await start(video.hashId),
    surveyRid,
    surveyReturnLink: returnLink(partner.secret, surveyRid),
    partnerSecret: partner.secret,
    refreshToken: loginA.refreshToken,
    idVerifyTicket: await smsTicket('id_verify'),
    changeMobileTicket: await smsTicket('change_mobile'),
    changePasswordTicket: await smsTicket('change_password'),
    bindStates,
    messageId: message!.id,
    avatarKey,
    feedbackId: (ticket.data as { id: number }).id,
    feedbackRequestKey,
    lotteryRequestKey,
  };
  const unset = Object.entries(records).filter(([, v]) => v === undefined || v === null);
  if (unset.length) throw new Error(`records not made: ${unset.map(([k]) => k).join(', ')}`);
}, 120_000);
afterAll(async () => {
  await h.env.cleanup();
  await provider?.close();
});

describe('ownership of every id an operation takes', () => {
  const all = declarations(OWNERSHIP);

  const checks = all.filter((d) => d.owner && isMember(d.owner));
  it.each(checks.map((d) => [`${d.operation.id} ${d.label}`, d] as const))(
    '%s: B with A’s id is refused as for a missing one; A keeps everything',
    async (_, d) => {
      const owner = d.owner as Member;
      const [location, ...rest] = d.label.replace(/\[\]/g, '.[]').split('.') as [Location, ...string[]];
      const field = inputFields(d.operation[location]).find((f) => labelOf(location, f.path) === d.label)!;
      const place = (value: unknown) => {
        const placed = owner.with?.(records) ?? {};
        (placed[location] ??= []).push(at(rest, value));
        return placed;
      };
      const before = await rowsOf(a.id);
      const theirs = await call(b.id, d.operation, place(owner.value(records)));
      const missing = await call(b.id, d.operation, place(owner.missing?.(records) ?? missingValue(field.schema)));
      expect(await rowsOf(a.id), 'A’s rows after B’s calls').toEqual(before);

      const notBuilt = !built.has(d.operation.id);
      // The missing id gets past input checks and login: the call reaches the lookup.
      if (!notBuilt) expect([400, 401], JSON.stringify(missing)).not.toContain(missing.status);
      const shape = (r: typeof theirs) => ({ status: r.status, code: r.code, msg: r.msg });
      if (owner.refusedAs) {
        const refusal = describeCode(Code[owner.refusedAs.code])!;
        expect(theirs).toEqual({ status: refusal.http, code: refusal.code, msg: refusal.msg });
      } else {
        expect(shape(theirs), `missing id: ${JSON.stringify(missing)}`).toEqual(shape(missing));
      }

      // A with the same id is told apart: the id reaches A's record.
      if (!notBuilt) {
        const own = await call(a.id, d.operation, place(owner.value(records)));
        const changed = JSON.stringify(await rowsOf(a.id)) !== JSON.stringify(before);
        expect(changed || JSON.stringify(shape(own)) !== JSON.stringify(shape(theirs)), JSON.stringify(own)).toBe(true);
      }
    },
  );
});
