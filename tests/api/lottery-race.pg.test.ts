/**
 * Lucky-wheel races on real PostgreSQL (PGlite has one connection and cannot race): 500 concurrent
 * spins by 50 members (each 1 free + 9 bought), 50 of them sent twice at once with the same key.
 * Each spin is debited once (bought) and its prize credited or granted once, no replay spins
 * again, stock never goes below zero and the units taken equal the prizes won, and every member's
 * ledger sums to their balance. Reward prizes (a coupon limited by the reward's stock, a physical
 * item by the prize's own) make exactly one 0 微豆 exchange order per winning spin, and neither the
 * rewards' nor the prizes' stock goes below zero.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_SPIN_PRICE } from '../../openapi/rules/lottery';
import type { AppContext } from '../../server/context';
import { lotteryPrizes, lotterySpins } from '../../server/db/schema-lottery';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { memberBenefits } from '../../server/db/schema-benefits';
import { exchanges, rewards } from '../../server/db/schema-exchange';
import { loadCodes } from '../../server/modules/exchange/admin';
import { addPrize } from '../../server/modules/lottery/prizes';
import { createTestEnv, envelopeOf } from './helpers';
import { newMember, newReward } from './exchange-helpers';
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
    const couponReward = await newReward(ctx, { type: 2, title: '视频会员周卡', stock: 0 });
    await loadCodes(ctx, couponReward.id, ['C-1', 'C-2', 'C-3', 'C-4'], '测试运营');
    const parcelReward = await newReward(ctx, { type: 3, title: '保温杯', stock: 6 });
    const couponPrize = (
      await addPrize(ctx, { name: '视频会员周卡', kind: 'reward', rewardId: couponReward.id, weight: 10 })
    ).prize;
    const parcelPrize = (
      await addPrize(ctx, { name: '保温杯', kind: 'reward', rewardId: parcelReward.id, weight: 10, stock: 4 })
    ).prize;

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
    // Reward prizes: one 0 微豆 order per winning spin, linked from it; stock taken = orders made.
    const orders = await ctx.db.select().from(exchanges).where(inArray(exchanges.memberId, ids));
    const rewardWins = spins.filter((s) => s.exchangeId !== null);
    expect(rewardWins.every((s) => s.outcome === 'prize')).toBe(true);
    expect(orders).toHaveLength(rewardWins.length);
    expect(new Set(orders.map((o) => o.id))).toEqual(new Set(rewardWins.map((s) => s.exchangeId)));
    expect(orders.every((o) => o.points === 0 && o.debitLedgerId === null && o.state === 0)).toBe(true);
    const rewardStock = new Map(
      (
        await ctx.db
          .select()
          .from(rewards)
          .where(inArray(rewards.id, [couponReward.id, parcelReward.id]))
      ).map((r) => [r.id, r.stock]),
    );
    expect(rewardStock.get(couponReward.id)).toBe(4 - won(couponPrize.id));
    expect(rewardStock.get(parcelReward.id)).toBe(6 - won(parcelPrize.id));
    const [parcelNow] = await ctx.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, parcelPrize.id));
    expect(parcelNow!.stock).toBe(4 - won(parcelPrize.id));
    // Both ran out under the race (coupon: the reward's 4 units; parcel: the prize's 4) and said so.
    expect(won(couponPrize.id)).toBe(4);
    expect(won(parcelPrize.id)).toBe(4);
    expect(rewardStock.get(couponReward.id)).toBe(0);
    expect(spins.some((s) => s.drawnPrizeId === couponPrize.id && s.outcome === 'out_of_stock')).toBe(true);
    expect(spins.some((s) => s.drawnPrizeId === parcelPrize.id && s.outcome === 'out_of_stock')).toBe(true);
    expect(orders.filter((o) => o.rewardId === parcelReward.id)).toHaveLength(4);

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
