/**
 * The lucky wheel (server/modules/lottery): free spins per Beijing day, bought spins debited once,
 * benefit spins, the request key (same key → same spin; another body → 2102), stock never below 0
 * (a drawn prize with none left gives nothing and says so), a benefit prize granted, and every
 * spin recomputed from its day's seed once revealed (and the seed hidden until then).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { drawFromDigest, drawMessage, LOTTERY_SPIN_PRICE } from '../../openapi/rules/lottery';
import type { AppContext } from '../../server/context';
import { lotteryPrizes, lotterySpins } from '../../server/db/schema-lottery';
import { pointLedger } from '../../server/db/schema-points';
import { grant } from '../../server/modules/benefits/service';
import { addPrize, setStock, setWeight } from '../../server/modules/lottery/prizes';
import { balanceOf, credit } from '../../server/modules/points/ledger';
import { benefit, DAY, holding } from './rewards-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
const prize: Record<string, number> = {};

beforeAll(async () => {
  h = await tasksHarness('lottery');
  ctx = h.ctx;
  prize.none = (await addPrize(ctx, { name: '谢谢参与', kind: 'none', weight: 1 })).prize.id;
  prize.p88 = (await addPrize(ctx, { name: '88 微豆', kind: 'points', points: 88, weight: 0, stock: 1 })).prize.id;
  prize.p5 = (await addPrize(ctx, { name: '5 微豆', kind: 'points', points: 5, weight: 0 })).prize.id;
  const b = await benefit(ctx, { kind: 1, name: '任务加成卡 10%', value: 10 });
  prize.card = (
    await addPrize(ctx, { name: '加成卡', kind: 'benefit', benefitId: b.id, weight: 0, stock: 5 })
  ).prize.id;
});
afterAll(() => h.env.cleanup());

/** Only this prize can be drawn. */
async function only(id: number) {
  await setWeight(ctx, id, 1);
  for (const p of Object.values(prize)) if (p !== id) await setWeight(ctx, p, 0);
}

interface Spin {
  id: number;
  source: string;
  outcome: string;
  drawnPrizeId: number;
  prizeName: string;
  points: number | null;
  memberBenefitId: number | null;
  cost: number;
  verification: {
    day: string;
    seedHash: string;
    seed: string | null;
    rule: 1 | 2;
    kind: string | null;
    member: string | null;
    memberSeed: string;
    nonce: number;
    table: { prizeId: number; weight: number }[];
    roll: number;
  };
}
type Result = {
  spin: Spin;
  left: { free: number; points: number; benefit: number };
  balance: number;
  replayed: boolean;
};

const seedHex = () => randomUUID().replaceAll('-', '');
const spinVia = (member: number, source: string, requestKey = randomUUID(), memberSeed = seedHex()) =>
  h.call<Result>('POST', '/api/v1/lottery/spin', { member, body: { source, requestKey, memberSeed } });

async function points(memberId: number, amount: number) {
  await credit(ctx, { memberId, amount, reason: 'task', source: '测试', idempotencyKey: `t:${randomUUID()}` });
}

describe('lucky wheel', () => {
  it('a visitor sees the prizes, the chances and today’s hash (tomorrow’s already committed), no spins', async () => {
    await only(prize.none!);
    const r = await h.call<{
      prizes: { id: number; chance: number }[];
      left: unknown;
      today: { seedHash: string; seed: string | null };
      tomorrow: { seedHash: string } | null;
    }>('GET', '/api/v1/lottery');
    expect(r.code).toBe(200);
    expect(r.data.prizes.map((p) => [p.id, p.chance])).toEqual([[prize.none, 1]]);
    expect(r.data.left).toBeNull();
    expect(r.data.today.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.data.today.seed).toBeNull();
    expect(r.data.tomorrow?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await h.call('POST', '/api/v1/lottery/spin', { body: {} })).status).toBe(401);
  });

  it('one free spin per Beijing day; "no prize" is recorded as such', async () => {
    await only(prize.none!);
    const m = await newMember(ctx);
    const first = await spinVia(m, 'free');
    expect(first.code).toBe(200);
    expect(first.data.spin).toMatchObject({
      source: 'free',
      outcome: 'none',
      prizeName: '谢谢参与',
      points: null,
      cost: 0,
    });
    expect(first.data.left.free).toBe(0);
    const again = await spinVia(m, 'free');
    expect(again.code).toBe(Code.LOTTERY_NO_SPINS);
    h.clock.advance(DAY);
    expect((await spinVia(m, 'free')).code).toBe(200);
  });

  it('a bought spin debits once; the same key answers the same spin; another body with it is refused', async () => {
    await only(prize.p5!);
    const m = await newMember(ctx);
    expect((await spinVia(m, 'points')).code).toBe(Code.INSUFFICIENT_POINTS);
    expect(await ctx.db.select().from(lotterySpins).where(eq(lotterySpins.memberId, m))).toHaveLength(0);
    await points(m, 100);
    const key = randomUUID();
    const seed = seedHex();
    const a = await spinVia(m, 'points', key, seed);
    expect(a.code).toBe(200);
    expect(a.data.spin).toMatchObject({ outcome: 'prize', points: 5, cost: LOTTERY_SPIN_PRICE });
    expect(a.data.balance).toBe(100 - LOTTERY_SPIN_PRICE + 5);
    const b = await spinVia(m, 'points', key, seed);
    expect(b.data.replayed).toBe(true);
    expect(b.data.spin.id).toBe(a.data.spin.id);
    expect((await spinVia(m, 'free', key, seed)).code).toBe(Code.LOTTERY_REQUEST_KEY_REUSED);
    expect((await spinVia(m, 'points', key, seedHex())).code).toBe(Code.LOTTERY_REQUEST_KEY_REUSED);
    expect(await balanceOf(ctx.db, m)).toBe(85);
    const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m));
    expect(rows.map((r) => [r.reason, r.amount]).sort()).toEqual([
      ['lottery', -LOTTERY_SPIN_PRICE],
      ['lottery', 5],
      ['task', 100],
    ]);
  });

  it('benefit spins: none without a benefit; a used lottery-spin benefit gives its spins, once each', async () => {
    await only(prize.none!);
    const m = await newMember(ctx);
    expect((await spinVia(m, 'benefit')).code).toBe(Code.LOTTERY_NO_SPINS);
    const b = await benefit(ctx, { kind: 3, name: '抽奖次数 ×2', value: 2 });
    const { holding: held } = await grant(ctx, m, b.id, { by: 'test' });
    const used = await h.call('POST', '/api/v1/benefits/use', {
      member: m,
      body: { memberBenefitId: held.id, target: { type: 'lottery', id: 1 } },
    });
    expect(used.code).toBe(200);
    expect((await spinVia(m, 'benefit')).data.left.benefit).toBe(1);
    expect((await spinVia(m, 'benefit')).data.left.benefit).toBe(0);
    expect((await spinVia(m, 'benefit')).code).toBe(Code.LOTTERY_NO_SPINS);
  });

  it('a holding not used yet counts on the wheel; a benefit spin uses it there (expired ones do not count)', async () => {
    await only(prize.none!);
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 3, name: '抽奖次数 ×1', value: 1 });
    const { holding: held } = await grant(ctx, m, b.id, { by: 'test' });
    const short = await benefit(ctx, { kind: 3, name: '限时抽奖次数', value: 5, validDays: 1 });
    await grant(ctx, m, short.id, { by: 'test' });
    h.clock.advance(2 * DAY);
    const wheel = await h.call<{ left: { benefit: number } }>('GET', '/api/v1/lottery', { member: m });
    expect(wheel.data.left.benefit).toBe(1);
    const r = await spinVia(m, 'benefit');
    expect(r.code).toBe(200);
    expect(r.data.left.benefit).toBe(0);
    expect(await holding(ctx, held.id)).toMatchObject({ status: 'used', targetType: 'lottery', targetId: 1 });
    expect((await spinVia(m, 'benefit')).code).toBe(Code.LOTTERY_NO_SPINS);
  });

  it('stock: the last unit goes once; the next draw of it gives nothing and says so; stock stays 0', async () => {
    await only(prize.p88!);
    const [m1, m2] = [await newMember(ctx), await newMember(ctx)];
    const won = await spinVia(m1, 'free');
    expect(won.data.spin).toMatchObject({ outcome: 'prize', points: 88 });
    const lost = await spinVia(m2, 'free');
    expect(lost.data.spin).toMatchObject({ outcome: 'out_of_stock', points: null, drawnPrizeId: prize.p88 });
    expect(await balanceOf(ctx.db, m2)).toBe(0);
    const [row] = await ctx.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prize.p88!));
    expect(row!.stock).toBe(0);
    await setStock(ctx, prize.p88!, 3);
  });

  it('a benefit prize is granted as a holding, taking one unit of stock', async () => {
    await only(prize.card!);
    const m = await newMember(ctx);
    const r = await spinVia(m, 'free');
    expect(r.data.spin.outcome).toBe('prize');
    const held = await holding(ctx, r.data.spin.memberBenefitId!);
    expect(held).toMatchObject({ memberId: m, source: 'grant', status: 'unused' });
    const [row] = await ctx.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prize.card!));
    expect(row!.stock).toBe(4);
  });

  it('every spin recomputes from its day’s seed once revealed; before that the seed is hidden', async () => {
    await setWeight(ctx, prize.none!, 3);
    await setWeight(ctx, prize.p5!, 2);
    await setWeight(ctx, prize.p88!, 1);
    const m = await newMember(ctx);
    await points(m, 1000);
    for (let i = 0; i < 8; i++) expect((await spinVia(m, i ? 'points' : 'free')).code).toBe(200);
    const before = await h.call<{ list: Spin[]; total: number }>('GET', '/api/v1/lottery/spins?pageSize=50', {
      member: m,
    });
    expect(before.data.total).toBe(8);
    expect(before.data.list.every((s) => s.verification.seed === null)).toBe(true);
    expect(before.data.list.map((s) => s.verification.nonce).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    h.clock.advance(DAY);
    const after = await h.call<{ list: Spin[] }>('GET', '/api/v1/lottery/spins?pageSize=50', { member: m });
    for (const s of after.data.list) {
      const v = s.verification;
      expect(createHash('sha256').update(v.seed!).digest('hex')).toBe(v.seedHash);
      expect([v.rule, v.kind]).toEqual([2, 'wheel']);
      const digest = createHmac('sha256', v.seed!).update(drawMessage(v)).digest('hex');
      const d = drawFromDigest(digest, v.table);
      expect([d.roll, d.prizeId]).toEqual([v.roll, s.drawnPrizeId]);
    }
    const overview = await h.call<{ yesterday: { seed: string | null } | null }>('GET', '/api/v1/lottery');
    expect(overview.data.yesterday?.seed).toMatch(/^[0-9a-f]{64}$/);
    // Another member sees none of these spins.
    const other = await newMember(ctx);
    expect((await h.call<{ total: number }>('GET', '/api/v1/lottery/spins', { member: other })).data.total).toBe(0);
  });

  it('no prize table: the wheel is closed', async () => {
    for (const p of Object.values(prize))
      await ctx.db.update(lotteryPrizes).set({ weight: 0 }).where(eq(lotteryPrizes.id, p));
    await expect(setWeight(ctx, prize.none!, 0)).rejects.toThrow('至少要有一个奖品的权重大于 0');
  });
});
