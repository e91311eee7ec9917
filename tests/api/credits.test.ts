/**
 * Credit (权益值, server/modules/credits): the ledger's invariants, what task settlement earns
 * (valid complete, good quality, nothing for low quality or other results, once per participation,
 * taken back on reversal), levels from thresholds, the three calls, and one member never reading
 * another's credit.
 */
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { creditBalances, creditLedger } from '../../server/db/schema-benefits';
import { AppError } from '../../server/http/errors';
import {
  CREDIT_GOOD_QUALITY,
  CREDIT_PER_COMPLETE,
  earn,
  LEVELS,
  levelOf,
  spend,
} from '../../server/modules/credits/ledger';
import { reverseParticipation, settleParticipation } from '../../server/modules/tasks/settle';
import { creditBalance, creditRows, doTask, giveCredit } from './rewards-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';
import { IdempotencyConflictError } from '../../server/kernel/ledger';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('credits');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

type Summary = {
  value: number;
  level: number;
  levelName: string;
  nextLevelValue: number | null;
  totalEarned: number;
  levels: { level: number; minValue: number }[];
};
type CreditPage = {
  list: { id: number; change: number; balance: number; source: number; reason: string }[];
  total: number;
};

describe('the credit ledger', () => {
  it('earn and spend keep balance = sum(ledger); a spend beyond the balance writes nothing', async () => {
    const m = await newMember(ctx);
    await earn(ctx, { memberId: m, amount: 25, source: 5, reason: '活动', idempotencyKey: `c1:${m}` });
    await spend(ctx, { memberId: m, amount: 10, source: 4, reason: '领取', idempotencyKey: `c2:${m}` });
    await expect(
      spend(ctx, { memberId: m, amount: 16, source: 4, reason: '领取', idempotencyKey: `c3:${m}` }),
    ).rejects.toSatisfy((e) => e instanceof AppError && e.codeName === 'INSUFFICIENT_CREDIT');
    const [total] = await ctx.db
      .select({ n: sum(creditLedger.amount).mapWith(Number) })
      .from(creditLedger)
      .where(eq(creditLedger.memberId, m));
    expect(total!.n).toBe(15);
    expect(await creditBalance(ctx, m)).toMatchObject({ balance: 15, totalEarned: 25 });
    // The CHECK backs the conditional update.
    await expect(
      ctx.db.update(creditBalances).set({ balance: -1 }).where(eq(creditBalances.memberId, m)),
    ).rejects.toThrow();
  });

  it('a replayed key changes nothing; the same key with another amount is a conflict', async () => {
    const m = await newMember(ctx);
    const first = await earn(ctx, { memberId: m, amount: 7, source: 5, reason: 'x', idempotencyKey: `r:${m}` });
    const again = await earn(ctx, { memberId: m, amount: 7, source: 5, reason: 'x', idempotencyKey: `r:${m}` });
    expect(again).toEqual({ ...first, replayed: true });
    await expect(
      earn(ctx, { memberId: m, amount: 8, source: 5, reason: 'x', idempotencyKey: `r:${m}` }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await creditRows(ctx, m)).toHaveLength(1);
  });

  it('levels follow the thresholds of credit earned in total', () => {
    expect(levelOf(0)).toMatchObject({ current: { level: 0 }, next: { level: 1, minValue: 100 } });
    expect(levelOf(99).current.level).toBe(0);
    expect(levelOf(100).current.level).toBe(1);
    expect(levelOf(LEVELS.at(-1)!.minValue + 1)).toMatchObject({ current: { level: LEVELS.length - 1 }, next: null });
  });
});

describe('credit from tasks', () => {
  it('a valid complete earns CREDIT_PER_COMPLETE once; a checked poll without flags earns the quality bonus', async () => {
    const m = await newMember(ctx);
    const survey = await doTask(ctx, m);
    expect(await creditRows(ctx, m)).toMatchObject([
      { amount: CREDIT_PER_COMPLETE, source: 1, idempotencyKey: `credit:task:${survey.respondentId}` },
    ]);
    // Replayed settle (a second return link): nothing more.
    await settleParticipation(ctx, { respondentId: survey.respondentId, joinResult: 1, settledBy: 'postback' });
    expect(await creditRows(ctx, m)).toHaveLength(1);

    const poll = await doTask(ctx, m, { settledBy: 'poll' });
    const rows = await creditRows(ctx, m);
    expect(rows.slice(1).map((r) => [r.amount, r.source, r.idempotencyKey])).toEqual([
      [CREDIT_PER_COMPLETE, 1, `credit:task:${poll.respondentId}`],
      [CREDIT_GOOD_QUALITY, 2, `credit:quality:${poll.respondentId}`],
    ]);
  });

  it('no credit for low quality, screen-outs, quota full or a complete that paid nothing', async () => {
    const m = await newMember(ctx);
    await doTask(ctx, m, { settledBy: 'poll', lowQualityReasons: [1] });
    await doTask(ctx, m, { joinResult: 2 });
    await doTask(ctx, m, { joinResult: 3 });
    const free = await newTask(ctx, { points: 0 });
    const p = await newParticipation(ctx, free.id, m);
    await settleParticipation(ctx, { respondentId: p.respondentId, joinResult: 1, settledBy: 'return' });
    expect(await creditRows(ctx, m)).toEqual([]);
  });

  it('a reversed complete takes back its credit (never below zero)', async () => {
    const m = await newMember(ctx);
    const a = await doTask(ctx, m, { settledBy: 'poll' });
    expect((await creditBalance(ctx, m)).balance).toBe(15);
    await reverseParticipation(ctx, a.respondentId);
    expect((await creditBalance(ctx, m)).balance).toBe(0);
    const rows = await creditRows(ctx, m);
    expect(rows.at(-1)).toMatchObject({
      amount: -15,
      source: 6,
      idempotencyKey: `credit:task-reversal:${a.respondentId}`,
    });
    // Spent credit is not clawed into the negative.
    const n = await newMember(ctx);
    const b = await doTask(ctx, n);
    await spend(ctx, { memberId: n, amount: 8, source: 4, reason: '领取', idempotencyKey: `spent:${n}` });
    await reverseParticipation(ctx, b.respondentId);
    expect((await creditBalance(ctx, n)).balance).toBe(0);
  });
});

describe('calls', () => {
  it('/v1/users/credit: value, level, next level and the level table; the account shows them too', async () => {
    const m = await newMember(ctx);
    const empty = await h.call<Summary>('GET', '/api/v1/users/credit', { member: m });
    expect(empty.data).toMatchObject({ value: 0, level: 0, nextLevelValue: 100, totalEarned: 0 });
    expect(empty.data.levels.map((l) => l.minValue)).toEqual(LEVELS.map((l) => l.minValue));
    await giveCredit(ctx, m, 320);
    await spend(ctx, { memberId: m, amount: 300, source: 4, reason: '领取', idempotencyKey: `lvl:${m}` });
    const s = await h.call<Summary>('GET', '/api/v1/users/credit', { member: m });
    expect(s.data).toMatchObject({ value: 20, level: 2, levelName: '白银会员', nextLevelValue: 800, totalEarned: 320 });
    expect((await h.call('GET', '/api/v1/users/credit')).status).toBe(401);
  });

  it('/v1/credits pages newest first, filters by source and direction, and shows only my rows', async () => {
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    await doTask(ctx, a);
    await giveCredit(ctx, a, 50);
    await spend(ctx, { memberId: a, amount: 5, source: 4, reason: '领取「测试」', idempotencyKey: `list:${a}` });
    await giveCredit(ctx, b, 99);
    const all = await h.call<CreditPage>('GET', '/api/v1/credits?pageSize=2', { member: a });
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((r) => r.change)).toEqual([-5, 50]);
    const page2 = await h.call<CreditPage>('GET', '/api/v1/credits?pageSize=2&page=2', { member: a });
    expect(page2.data.list.map((r) => [r.change, r.source])).toEqual([[10, 1]]);
    const tasksOnly = await h.call<CreditPage>('GET', '/api/v1/credits?source=1', { member: a });
    expect(tasksOnly.data.list.map((r) => r.change)).toEqual([10]);
    const out = await h.call<CreditPage>('GET', '/api/v1/credits?direction=out', { member: a });
    expect(out.data.list.map((r) => [r.change, r.balance])).toEqual([[-5, 55]]);
    const bad = await h.call('GET', '/api/v1/credits?source=9', { member: a });
    expect(bad.code).toBe(Code.INVALID_PARAMS);
    const theirs = await h.call<CreditPage>('GET', '/api/v1/credits', { member: b });
    expect(theirs.data.list.map((r) => r.change)).toEqual([99]);
  });

  it('a member reads words, never an internal key, in 权益值明细 and 微豆明细', async () => {
    const m = await newMember(ctx);
    const done = await doTask(ctx, m, { settledBy: 'poll' });
    await reverseParticipation(ctx, done.respondentId);
    const credits = await h.call<CreditPage>('GET', '/api/v1/credits', { member: m });
    const title = (await h.call<{ list: { description: string }[] }>('GET', '/api/v1/points/history', { member: m }))
      .data.list;
    const taskTitle = credits.data.list.at(-1)!.reason;
    expect(taskTitle).toMatch(/^测试任务/);
    expect(credits.data.list.map((r) => r.reason)).toEqual([
      `任务结果被撤销：${taskTitle}`,
      `答题质量良好：${taskTitle}`,
      taskTitle,
    ]);
    expect(title.map((r) => r.description)).toEqual([`奖励撤回：${taskTitle}`, `完成任务：${taskTitle}`]);
    for (const text of [...credits.data.list.map((r) => r.reason), ...title.map((r) => r.description)])
      expect(text).not.toMatch(/[a-z][\w-]*:/i);
  });

  it('/v1/credits/invite lists only invite credit', async () => {
    const m = await newMember(ctx);
    await giveCredit(ctx, m, 10);
    const r = await h.call<CreditPage>('GET', '/api/v1/credits/invite', { member: m });
    expect(r.data).toMatchObject({ list: [], total: 0 });
  });
});
