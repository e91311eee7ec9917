/**
 * The ranking aggregate under races on real PostgreSQL: concurrent credits, replays of one key and
 * reversals on the same members, and a rebuild running beside them, leave `ranking_earned` equal to
 * a direct sum of the ledger (server/modules/points/earned.ts). Collected only with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { rankingEarned } from '../../server/db/schema-ranking';
import { rebuildEarned } from '../../server/modules/points/earned';
import { credit, reverse } from '../../server/modules/points/ledger';
import { createTestEnv } from './helpers';
import { newMember } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('ranking-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('ranking-race');
let ctx: AppContext;
beforeAll(async () => {
  const app = await env.build();
  ctx = (app as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

describe('ranking aggregate races', () => {
  it('200 concurrent credits (with replays) and reversals on 3 members, a rebuild among them: equal to the ledger', async () => {
    const ms = [await newMember(ctx), await newMember(ctx), await newMember(ctx)];
    const at = Date.now();
    const jobs: Promise<unknown>[] = [];
    const firsts = await Promise.all(
      ms.map((m) =>
        credit(ctx, { memberId: m, amount: 100, reason: 'task', source: 't', idempotencyKey: randomUUID(), at }),
      ),
    );
    for (let i = 0; i < 200; i++) {
      const m = ms[i % 3]!;
      // Every 4th one replays one key: it credits once whatever the race.
      const key = i % 4 === 0 ? `race:${m}` : randomUUID();
      jobs.push(credit(ctx, { memberId: m, amount: 5, reason: 'task', source: 't', idempotencyKey: key, at }));
      if (i === 100) jobs.push(rebuildEarned(ctx.db));
    }
    jobs.push(...firsts.map((c) => reverse(ctx, c.ledgerId, randomUUID())));
    await Promise.all(jobs);
    const rows = await ctx.db.select().from(rankingEarned).where(inArray(rankingEarned.memberId, ms));
    // Member k: 5 for each i with i % 3 = k and i % 4 ≠ 0, 5 once for its replayed key; its first 100 reversed.
    const expected = ms.map((_, k) => {
      const mine = [...Array(200).keys()].filter((i) => i % 3 === k);
      return mine.filter((i) => i % 4 !== 0).length * 5 + 5;
    });
    for (const period of ['week', 'month'])
      expect(ms.map((m) => rows.find((r) => r.memberId === m && r.period === period)?.amount)).toEqual(expected);
    const before = rows.map((r) => `${r.period} ${r.periodStart} ${r.memberId} ${r.amount}`).sort();
    await rebuildEarned(ctx.db);
    const after = (await ctx.db.select().from(rankingEarned).where(inArray(rankingEarned.memberId, ms)))
      .map((r) => `${r.period} ${r.periodStart} ${r.memberId} ${r.amount}`)
      .sort();
    expect(after).toEqual(before);
  });
});
