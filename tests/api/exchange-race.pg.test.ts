/**
 * Exchange races on real PostgreSQL (PGlite has one connection and cannot race): many concurrent
 * redemptions by one member, many members after one last unit, replayed request keys, and
 * operators refunding one exchange at once. Exactly as many succeed as points and stock allow,
 * nothing goes negative, sum(ledger) = balance, each refund happens once.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { exchanges, rewards } from '../../server/db/schema-exchange';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { applyAction } from '../../server/modules/exchange/lifecycle';
import { redeem } from '../../server/modules/exchange/redeem';
import { balanceOf } from '../../server/modules/points/ledger';
import { createTestEnv, envelopeOf } from './helpers';
import { newMember, newReward, requestKey, saveAddress } from './exchange-helpers';

if (!process.env.DATABASE_URL) throw new Error('exchange-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('exchange-race');
let app: FastifyInstance;
let ctx: AppContext;

beforeAll(async () => {
  app = await env.build({ seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

async function ledgerSum(memberId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ s: sql<string>`coalesce(sum(${pointLedger.amount}), 0)` })
    .from(pointLedger)
    .where(eq(pointLedger.memberId, memberId));
  return Number(row!.s);
}

async function stockOf(rewardId: number): Promise<number> {
  const [row] = await ctx.db.select({ s: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId));
  return row!.s;
}

/** Over HTTP, so the whole stack (auth, validation, pool) takes part in the race. */
async function redeemHttp(token: string, rewardId: number, key = requestKey()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/exchange/redeem',
    headers: { authorization: `Bearer ${token}` },
    payload: { rewardId, requestKey: key },
  });
  return envelopeOf(res);
}

describe('exchange races on PostgreSQL', () => {
  it('one member, 200 concurrent redemptions, points for 25: exactly 25 succeed', async () => {
    const m = await newMember(ctx, 2500);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 100, stock: 1000 });
    const results = await Promise.all(Array.from({ length: 200 }, () => redeemHttp(m.token, r.id)));
    const ok = results.filter((x) => x.code === 200).length;
    const refused = results.filter((x) => x.code === Code.INSUFFICIENT_POINTS).length;
    expect(ok).toBe(25);
    expect(refused).toBe(175);
    expect(await balanceOf(ctx.db, m.id)).toBe(0);
    expect(await ledgerSum(m.id)).toBe(0);
    expect(await stockOf(r.id)).toBe(975);
    expect(await ctx.db.select().from(exchanges).where(eq(exchanges.memberId, m.id))).toHaveLength(25);
  });

  it('100 members after the last 3 units: exactly 3 get one, the others are refused, nobody is charged for nothing', async () => {
    const r = await newReward(ctx, { pointsCost: 50, stock: 3 });
    const ms = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const m = await newMember(ctx, 50);
        await saveAddress(ctx, m.id);
        return m;
      }),
    );
    const results = await Promise.all(ms.map((m) => redeemHttp(m.token, r.id)));
    expect(results.filter((x) => x.code === 200)).toHaveLength(3);
    expect(results.filter((x) => x.code === Code.OUT_OF_STOCK)).toHaveLength(97);
    expect(await stockOf(r.id)).toBe(0);
    const balances = await Promise.all(ms.map((m) => balanceOf(ctx.db, m.id)));
    expect(balances.filter((b) => b === 0)).toHaveLength(3);
    expect(balances.filter((b) => b === 50)).toHaveLength(97);
    for (const m of ms) expect(await ledgerSum(m.id)).toBe(await balanceOf(ctx.db, m.id));
  });

  it('the same request key 50 times at once: one exchange, one debit, every answer names it', async () => {
    const m = await newMember(ctx, 1000);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 300, stock: 10 });
    const key = requestKey();
    const results = await Promise.all(Array.from({ length: 50 }, () => redeemHttp(m.token, r.id, key)));
    expect(results.every((x) => x.code === 200)).toBe(true);
    const ids = new Set(results.map((x) => (x.data as { exchange: { id: number } }).exchange.id));
    expect(ids.size).toBe(1);
    expect(results.filter((x) => !(x.data as { replayed: boolean }).replayed)).toHaveLength(1);
    expect(await balanceOf(ctx.db, m.id)).toBe(700);
    expect(await stockOf(r.id)).toBe(9);
  });

  it('reject, revoke and fail racing on each of 20 exchanges: each refunds once, stock back once', async () => {
    const m = await newMember(ctx, 2000);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 100, stock: 20 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await redeem(ctx, m.id, { rewardId: r.id, requestKey: requestKey() })).exchange.id);
    expect(await balanceOf(ctx.db, m.id)).toBe(0);
    const operator = (name: string) => ({ type: 'operator' as const, name });
    // Half of them approved first, so "fail" is possible for those.
    for (const id of ids.slice(0, 10)) await applyAction(ctx, id, 'approve', { actor: operator('甲') });
    const attempts = ids.flatMap((id) =>
      (['reject', 'revoke', 'fail', 'revoke', 'reject'] as const).map((action, i) =>
        applyAction(ctx, id, action, { actor: operator(`运营${i}`), reason: '并发测试' }).then(
          () => 'ok' as const,
          (e: { codeName?: string }) => e.codeName ?? 'error',
        ),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
    expect(outcomes.filter((o) => o !== 'ok' && o !== 'EXCHANGE_STATE_CONFLICT')).toEqual([]);
    expect(await balanceOf(ctx.db, m.id)).toBe(2000);
    expect(await ledgerSum(m.id)).toBe(2000);
    expect(await stockOf(r.id)).toBe(20);
    const [bal] = await ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, m.id));
    expect(bal).toMatchObject({ balance: 2000, totalSpent: 0 });
  });
});
