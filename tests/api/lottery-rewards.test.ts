/**
 * Reward prizes of the lucky wheel (server/modules/lottery + exchange/prize.ts): winning a coupon
 * or a physical item makes one exchange order at 0 微豆 in the spin's transaction (no debit, the
 * reward's unit taken), shown in the member's 兑换记录 and linked from the spin; a replayed key makes
 * no second order; the order follows the exchange's states (a virtual one issued its code on
 * approval, a physical one without an address waits for it, a refund returns only the unit); a
 * reward with no stock left is drawn honestly as no prize.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { exchanges, rewards } from '../../server/db/schema-exchange';
import { lotteryPrizes } from '../../server/db/schema-lottery';
import { pointLedger } from '../../server/db/schema-points';
import { loadCodes, setStock as setRewardStock } from '../../server/modules/exchange/admin';
import { applyAction } from '../../server/modules/exchange/lifecycle';
import { addPrize, setWeights } from '../../server/modules/lottery/prizes';
import { balanceOf } from '../../server/modules/points/ledger';
import { newReward, saveAddress } from './exchange-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
const prize: Record<string, number> = {};
const reward: Record<string, number> = {};
const operator = { actor: { type: 'operator' as const, name: '测试运营' } };

beforeAll(async () => {
  h = await tasksHarness('lottery-rewards');
  ctx = h.ctx;
  reward.coupon = (await newReward(ctx, { type: 2, title: '视频会员周卡', stock: 0 })).id;
  await loadCodes(ctx, reward.coupon, ['WEEK-0001', 'WEEK-0002'], '测试运营');
  reward.parcel = (await newReward(ctx, { type: 3, title: '定制保温杯', stock: 3 })).id;
  prize.none = (await addPrize(ctx, { name: '谢谢参与', kind: 'none', weight: 1 })).prize.id;
  prize.coupon = (
    await addPrize(ctx, { name: '视频会员周卡', kind: 'reward', rewardId: reward.coupon, weight: 0 })
  ).prize.id;
  prize.parcel = (
    await addPrize(ctx, { name: '定制保温杯', kind: 'reward', rewardId: reward.parcel, weight: 0, stock: 2 })
  ).prize.id;
});
afterAll(() => h.env.cleanup());

/** One table version where only this prize can be drawn. */
const only = (id: number) => setWeights(ctx, new Map(Object.values(prize).map((p) => [p, p === id ? 1 : 0])));

/** The parts of a spin (openapi/schemas/lottery.ts LotterySpin) these tests read. */
type Spin = Record<'outcome' | 'prizeName' | 'prizeKind', string> &
  Record<'exchangeId' | 'rewardType', number | null> & { id: number };
type Result = { spin: Spin; balance: number; replayed: boolean };
interface OrderRecord {
  id: number;
  type: number;
  title: string;
  points: number;
  state: number;
  won: boolean;
  awaitingAddress: boolean;
  shipping: { name: string; address: string } | null;
  code: string | null;
}

const seedHex = () => randomUUID().replaceAll('-', '');
const spinVia = (member: number, requestKey = randomUUID(), memberSeed = seedHex()) =>
  h.call<Result>('POST', '/api/v1/lottery/spin', { member, body: { source: 'free', requestKey, memberSeed } });
const recordsOf = async (member: number) =>
  (await h.call<{ list: OrderRecord[] }>('GET', '/api/v1/exchange/records?page=1&pageSize=20', { member })).data.list;
const stockOf = async (id: number) =>
  (await ctx.db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, id)))[0]!.stock;
const ledgerRows = async (memberId: number) =>
  ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));
const nextDay = () => h.clock.advance(24 * 3_600_000);

describe('lucky wheel: reward prizes through the exchange', () => {
  it('ops refuse a reward prize of a cash reward or of no reward', async () => {
    const cash = await newReward(ctx, { type: 1, title: '现金 5 元' });
    await expect(addPrize(ctx, { name: '现金', kind: 'reward', rewardId: cash.id, weight: 1 })).rejects.toMatchObject({
      codeName: 'INVALID_PARAMS',
    });
    await expect(addPrize(ctx, { name: '无', kind: 'reward', rewardId: 999_999, weight: 1 })).rejects.toMatchObject({
      codeName: 'NOT_FOUND',
    });
  });

  it('a coupon won is a 0 微豆 order without a debit, in the records, issued its code on approval', async () => {
    await only(prize.coupon!);
    const m = await newMember(ctx);
    const before = await stockOf(reward.coupon!);
    const key = randomUUID();
    const seed = seedHex();
    const r = await spinVia(m, key, seed);
    expect(r.code).toBe(200);
    expect(r.data.spin).toMatchObject({ outcome: 'prize', prizeKind: 'reward', rewardType: 2 });
    expect(r.data.spin.exchangeId).toEqual(expect.any(Number));
    expect(await stockOf(reward.coupon!)).toBe(before - 1);
    expect(await ledgerRows(m)).toEqual([]);
    expect(await balanceOf(ctx.db, m)).toBe(0);

    // The same key again: the same spin, no second order, no second unit.
    const again = await spinVia(m, key, seed);
    expect(again.data.replayed).toBe(true);
    expect(again.data.spin.exchangeId).toBe(r.data.spin.exchangeId);
    expect(await stockOf(reward.coupon!)).toBe(before - 1);

    const list = await recordsOf(m);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: r.data.spin.exchangeId,
      type: 2,
      title: '视频会员周卡',
      points: 0,
      state: 0,
      won: true,
      awaitingAddress: false,
      code: null,
    });
    const spins = await h.call<{ list: Spin[] }>('GET', '/api/v1/lottery/spins?page=1&pageSize=10', { member: m });
    expect(spins.data.list[0]).toMatchObject({ exchangeId: r.data.spin.exchangeId, rewardType: 2 });

    const approved = await applyAction(ctx, r.data.spin.exchangeId!, 'approve', operator);
    expect(approved.applied).toEqual(['approve', 'issue']);
    const [issued] = await recordsOf(m);
    expect(issued).toMatchObject({ state: 1, code: 'WEEK-0001' });
  });

  it('a physical prize without an address waits for it; approval takes the address given later', async () => {
    await only(prize.parcel!);
    const m = await newMember(ctx);
    const r = await spinVia(m);
    expect(r.data.spin).toMatchObject({ outcome: 'prize', rewardType: 3 });
    const [rec] = await recordsOf(m);
    expect(rec).toMatchObject({ type: 3, points: 0, won: true, awaitingAddress: true, shipping: null });

    await expect(applyAction(ctx, rec!.id, 'approve', operator)).rejects.toMatchObject({
      codeName: 'ADDRESS_REQUIRED',
    });
    expect((await recordsOf(m))[0]!.state).toBe(0);

    await saveAddress(ctx, m);
    expect((await recordsOf(m))[0]!.awaitingAddress).toBe(false);
    await applyAction(ctx, rec!.id, 'approve', operator);
    const [approved] = await recordsOf(m);
    expect(approved).toMatchObject({ state: 2, shipping: { name: '张三', address: '科技园南区 1 栋 101' } });
  });

  it('a member with an address has it copied onto the order at once; a refund returns only the unit', async () => {
    nextDay();
    const m = await newMember(ctx);
    await saveAddress(ctx, m);
    const before = await stockOf(reward.parcel!);
    const r = await spinVia(m);
    expect(r.data.spin.outcome).toBe('prize');
    const [rec] = await recordsOf(m);
    expect(rec).toMatchObject({ awaitingAddress: false, shipping: { name: '张三' } });
    expect(await stockOf(reward.parcel!)).toBe(before - 1);

    await applyAction(ctx, rec!.id, 'revoke', { ...operator, reason: '奖品信息有误' });
    const [revoked] = await recordsOf(m);
    expect(revoked).toMatchObject({ state: 3 });
    expect(await stockOf(reward.parcel!)).toBe(before);
    expect(await ledgerRows(m)).toEqual([]);
  });

  it('the prize’s own stock spent: no order, the spin says no prize honestly', async () => {
    nextDay();
    const [p] = await ctx.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prize.parcel!));
    expect(p!.stock).toBe(0);
    const m = await newMember(ctx);
    const r = await spinVia(m);
    expect(r.data.spin).toMatchObject({ outcome: 'out_of_stock', exchangeId: null, rewardType: null });
    expect(await recordsOf(m)).toEqual([]);
  });

  it('the reward out of stock: no prize, nothing taken from the prize or the reward, no order', async () => {
    nextDay();
    await only(prize.coupon!);
    await setRewardStock(ctx, reward.coupon!, 0);
    const m = await newMember(ctx);
    const r = await spinVia(m);
    expect(r.code).toBe(200);
    expect(r.data.spin).toMatchObject({ outcome: 'out_of_stock', prizeName: '视频会员周卡', exchangeId: null });
    expect(await stockOf(reward.coupon!)).toBe(0);
    expect(await recordsOf(m)).toEqual([]);
    const orders = await ctx.db.select().from(exchanges).where(eq(exchanges.memberId, m));
    expect(orders).toEqual([]);
  });

  it('a reward prize with its own stock and no reward unit gives the prize’s unit back', async () => {
    nextDay();
    await ctx.db.update(lotteryPrizes).set({ stock: 1 }).where(eq(lotteryPrizes.id, prize.parcel!));
    await setRewardStock(ctx, reward.parcel!, 0);
    await only(prize.parcel!);
    const r = await spinVia(await newMember(ctx));
    expect(r.data.spin.outcome).toBe('out_of_stock');
    const [p] = await ctx.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prize.parcel!));
    expect(p!.stock).toBe(1);
  });
});
