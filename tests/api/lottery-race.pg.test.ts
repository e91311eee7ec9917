/**
 * Lucky-wheel races on real PostgreSQL (PGlite has one connection and cannot race): 500 concurrent
 * spins by 50 members (each 1 free + 9 bought), 50 of them sent twice at once with the same key.
 * Each spin is debited once (bought) and its prize credited or granted once, no replay spins
 * again, stock never goes below zero and the units taken equal the prizes won, and every member's
 * ledger sums to their balance.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_SPIN_PRICE } from '../../openapi/rules/lottery';
import type { AppContext } from '../../server/context';
import { lotteryPrizes, lotterySpins } from '../../server/db/schema-lottery';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { memberBenefits } from '../../server/db/schema-rewards';
import { addPrize } from '../../server/modules/lottery/prizes';
import { createTestEnv, envelopeOf } from './helpers';
import { newMember } from './exchange-helpers';
import { benefit } from './rewards-helpers';

if (!process.env.DATABASE_URL) throw new Error('lottery-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('lottery-race');
let app: FastifyInstance;
let ctx: AppContext;

beforeAll(async () => {
  app = await env.build({ seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

async function spinHttp(token: string, source: string, requestKey: string, memberSeed: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/lottery/spin',
    headers: { authorization: `Bearer ${token}` },
    payload: { source, requestKey, memberSeed },
  });
  return envelopeOf(res) as { code: number; data?: { spin: { id: number; outcome: string } } };
}

describe('lucky-wheel races on PostgreSQL', () => {
  it('500 concurrent spins by 50 members: debited and credited exactly once each, stock never below zero', async () => {
    const card = await benefit(ctx, { kind: 1, name: '加成卡', value: 10 });
    const stock0 = { small: 100, big: 5, card: 3 };
    const small = (
      await addPrize(ctx, { name: '10 微豆', kind: 'points', points: 10, weight: 40, stock: stock0.small })
    ).prize;
    const big = (await addPrize(ctx, { name: '500 微豆', kind: 'points', points: 500, weight: 20, stock: stock0.big }))
      .prize;
    const cardPrize = (
      await addPrize(ctx, { name: '加成卡', kind: 'benefit', benefitId: card.id, weight: 10, stock: 3 })
    ).prize;
    await addPrize(ctx, { name: '谢谢参与', kind: 'none', weight: 30 });

    const members = await Promise.all(Array.from({ length: 50 }, () => newMember(ctx, 9 * LOTTERY_SPIN_PRICE)));
    const requests = members.flatMap((m) =>
      Array.from({ length: 10 }, (_, i) => ({
        m,
        source: i === 0 ? 'free' : 'points',
        key: randomUUID(),
        seed: randomUUID().replaceAll('-', ''),
      })),
    );
    const twice = requests.filter((_, i) => i % 10 === 3);
    const answers = await Promise.all(
      [...requests, ...twice].map((r) => spinHttp(r.m.token, r.source, r.key, r.seed).then((a) => ({ r, a }))),
    );
    expect(answers.filter((x) => x.a.code !== 200).map((x) => x.a)).toEqual([]);
    // A replayed key answers the first spin.
    const byKey = new Map<string, number>();
    for (const { r, a } of answers) {
      const seen = byKey.get(r.key);
      if (seen !== undefined) expect(a.data!.spin.id).toBe(seen);
      byKey.set(r.key, a.data!.spin.id);
    }

    const ids = members.map((m) => m.id);
    const spins = await ctx.db.select().from(lotterySpins).where(inArray(lotterySpins.memberId, ids));
    expect(spins).toHaveLength(500);
    const ledger = await ctx.db.select().from(pointLedger).where(inArray(pointLedger.memberId, ids));
    const debits = ledger.filter((l) => l.idempotencyKey.startsWith('lottery-spin:'));
    const credits = ledger.filter((l) => l.idempotencyKey.startsWith('lottery:'));
    expect(debits).toHaveLength(450);
    expect(new Set(spins.filter((s) => s.debitLedgerId).map((s) => s.debitLedgerId)).size).toBe(450);
    const wonPoints = spins.filter((s) => s.outcome === 'prize' && s.points !== null);
    expect(credits).toHaveLength(wonPoints.length);
    expect(new Set(credits.map((c) => c.idempotencyKey))).toEqual(new Set(wonPoints.map((s) => `lottery:${s.id}`)));

    const stockNow = new Map(
      (
        await ctx.db
          .select()
          .from(lotteryPrizes)
          .where(inArray(lotteryPrizes.id, [small.id, big.id, cardPrize.id]))
      ).map((p) => [p.id, p.stock!]),
    );
    const won = (id: number) => spins.filter((s) => s.drawnPrizeId === id && s.outcome === 'prize').length;
    for (const [id, start] of [
      [small.id, stock0.small],
      [big.id, stock0.big],
      [cardPrize.id, stock0.card],
    ] as const) {
      expect(stockNow.get(id)).toBeGreaterThanOrEqual(0);
      expect(start - stockNow.get(id)!).toBe(won(id));
    }
    // The scarce prizes ran out under the race and later draws of them gave nothing, said so.
    expect(stockNow.get(big.id)).toBe(0);
    expect(spins.some((s) => s.drawnPrizeId === big.id && s.outcome === 'out_of_stock')).toBe(true);
    const holdings = await ctx.db.select().from(memberBenefits).where(like(memberBenefits.grantKey, 'lottery:%'));
    expect(holdings.filter((h) => ids.includes(h.memberId))).toHaveLength(won(cardPrize.id));

    for (const id of ids) {
      const [sum] = await ctx.db
        .select({ s: sql<string>`coalesce(sum(${pointLedger.amount}), 0)` })
        .from(pointLedger)
        .where(eq(pointLedger.memberId, id));
      const [bal] = await ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, id));
      expect(Number(sum!.s)).toBe(bal!.balance);
      expect(bal!.balance).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);
});
