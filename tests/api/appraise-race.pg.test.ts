/**
 * 月度答题之星's run under races on real PostgreSQL: several runs of one month at once (operators
 * and the scheduled round) store the winners once and pay each award once; every member's balance
 * equals the sum of their ledger rows. Collected only with DATABASE_URL.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { appraiseWinners } from '../../server/db/schema-appraise';
import { messages } from '../../server/db/schema-content';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { appraiseRound, monthRange, runMonth } from '../../server/modules/appraise/run';
import { expectedWinners, randomAnswers, settleAnswers } from './appraise-helpers';
import { createTestEnv, testClock } from './helpers';
import { newMember } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('appraise-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

/** 2030-03-02 10:00 Beijing: February is over. */
const NOW = Date.UTC(2030, 2, 2, 2, 0, 0);
const MONTH = '2030-02';
const env = createTestEnv('appraise-race');
const clock = testClock(NOW);
let ctx: AppContext;
beforeAll(async () => {
  const app = await env.build({}, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

describe('appraise run races', () => {
  it('12 concurrent runs of one month: winners stored once, each award paid once, balances equal the ledger', async () => {
    const ids = await Promise.all(Array.from({ length: 16 }, () => newMember(ctx)));
    const { start, end } = monthRange(MONTH);
    const answers = randomAnswers(7, ids, start, end);
    await settleAnswers(ctx, clock, answers, NOW);
    const expected = expectedWinners(answers, start, end);
    expect(expected.length).toBeGreaterThan(0);

    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? appraiseRound(ctx) : runMonth(ctx, MONTH, `op${i}`))),
    );
    const fresh = runs.filter((r) => r && !r.already);
    expect(fresh).toHaveLength(1);
    expect(runs.reduce((n, r) => n + (r?.paid ?? 0), 0)).toBe(expected.length);
    for (const r of runs) if (r) expect(r.winners.map((w) => w.memberId)).toEqual(expected.map((w) => w.memberId));

    const stored = await ctx.db.select().from(appraiseWinners).where(eq(appraiseWinners.month, MONTH));
    expect(stored.map((w) => [w.rank, w.memberId, w.award]).sort()).toEqual(
      expected.map((w) => [w.rank, w.memberId, w.award]).sort(),
    );
    expect(stored.every((w) => w.ledgerId !== null && w.paidAt !== null)).toBe(true);
    const awards = await ctx.db
      .select()
      .from(pointLedger)
      .where(like(pointLedger.idempotencyKey, `appraise:${MONTH}:%`));
    expect(awards.map((a) => [a.memberId, a.amount]).sort()).toEqual(expected.map((w) => [w.memberId, w.award]).sort());
    expect(await ctx.db.$count(messages, like(messages.eventKey, `appraise.award:${MONTH}:%`))).toBe(expected.length);

    // Every member's balance equals the sum of their posted ledger rows (task pay and awards).
    const sums = await ctx.db
      .select({ memberId: pointLedger.memberId, sum: sql<number>`sum(${pointLedger.amount})`.mapWith(Number) })
      .from(pointLedger)
      .where(and(inArray(pointLedger.memberId, ids), eq(pointLedger.status, 'posted')))
      .groupBy(pointLedger.memberId);
    const balances = await ctx.db.select().from(pointBalances).where(inArray(pointBalances.memberId, ids));
    for (const s of sums) expect(balances.find((b) => b.memberId === s.memberId)?.balance).toBe(s.sum);
  });
});
