/**
 * Benefits (server/modules/benefits): catalogue and claim rules (every refusal), validity, use once,
 * each kind's effect (lottery spins, snap early access, boost on the next task credit once, coupon
 * on redeem and back on refund), credit spent directly, and members never reaching another's holdings.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { pointLedger } from '../../server/db/schema-points';
import { benefits } from '../../server/db/schema-benefits';
import { benefitSpins, earlyAccessMinutes, grant } from '../../server/modules/benefits/service';
import { loadCodes } from '../../server/modules/exchange/admin';
import { applyAction } from '../../server/modules/exchange/lifecycle';
import { balanceOf, credit } from '../../server/modules/points/ledger';
import { reverseParticipation } from '../../server/modules/tasks/settle';
import { benefit, creditBalance, creditRows, DAY, doTask, giveCredit, holding } from './rewards-helpers';
import { newMember, newPartner, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';
import { newReward } from './exchange-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('benefits');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

type Held = { id: number; status: number; expiresAt: number | null; usedOn: unknown; effect: unknown; source: string };

const claimVia = (member: number, id: number) => h.call<Held>('POST', `/api/v1/benefits/${id}`, { member });
const useVia = (member: number, memberBenefitId: number, target: { type: string; id: number }) =>
  h.call<{ memberBenefit: Held; effect: Record<string, unknown>; credit: number }>('POST', '/api/v1/benefits/use', {
    member,
    body: { memberBenefitId, target },
  });
const checkVia = (member: number, id: number, target: { type: string; id: number }) =>
  h.call<{ usable: boolean; reason: string | null; effect: Record<string, unknown> | null }>(
    'POST',
    `/api/v1/benefits/check/${id}`,
    { member, body: { target } },
  );

/** A virtual reward with codes loaded (stock 5). */
async function virtualReward(pointsCost: number) {
  const r = await newReward(ctx, { type: 2, pointsCost, stock: 0 });
  await loadCodes(
    ctx,
    r.id,
    [1, 2, 3, 4, 5].map((i) => `B-${r.id}-${i}`),
    '测试运营',
  );
  return r;
}

async function points(memberId: number, amount: number) {
  await credit(ctx, {
    memberId,
    amount,
    reason: 'task',
    source: '测试',
    idempotencyKey: `b-test:${memberId}:${amount}:${Math.random()}`,
  });
}

describe('catalogue and claim', () => {
  it('a free claim holds one unused unit valid for validDays; the overview lists it', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { name: '免费抽奖券', validDays: 7 });
    const r = await claimVia(m, b.id);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ benefitId: b.id, status: 0, source: 'claim', usedOn: null, effect: null });
    expect(r.data.expiresAt).toBe(h.clock.now() + 7 * DAY);
    const list = await h.call<{ catalogue: { id: number; ownedCount: number }[]; owned: Held[] }>(
      'GET',
      '/api/v3/benefits',
      { member: m },
    );
    expect(list.data.catalogue.find((c) => c.id === b.id)?.ownedCount).toBe(1);
    expect(list.data.owned.map((o) => o.id)).toEqual([r.data.id]);
    const detail = await h.call<{ owned: Held[]; rules: string }>('GET', `/api/v1/benefits/${b.id}`, { member: m });
    expect(detail.data.owned).toHaveLength(1);
  });

  it('a claim with a cost spends credit through the credit ledger; short credit refuses and writes nothing', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { creditCost: 40 });
    await giveCredit(ctx, m, 30);
    const allow = await h.call<{ allowed: boolean; reason: string; credit: number }>(
      'POST',
      `/api/v1/benefits/allow/${b.id}`,
      { member: m },
    );
    expect(allow.data).toMatchObject({ allowed: false, credit: 30, creditCost: 40 });
    expect(allow.data.reason).toContain('权益值不足');
    const refused = await claimVia(m, b.id);
    expect(refused.code).toBe(Code.INSUFFICIENT_CREDIT);
    expect(await creditRows(ctx, m)).toHaveLength(1);
    expect((await h.call<{ owned: Held[] }>('GET', '/api/v3/benefits', { member: m })).data.owned).toEqual([]);

    await giveCredit(ctx, m, 15);
    const ok = await claimVia(m, b.id);
    expect(ok.code).toBe(200);
    expect((await creditBalance(ctx, m)).balance).toBe(5);
    const rows = await creditRows(ctx, m);
    expect(rows.at(-1)).toMatchObject({
      amount: -40,
      balanceAfter: 5,
      source: 4,
      idempotencyKey: `benefit-claim:${ok.data.id}`,
    });
    // Spending does not lower the level: total earned stays 45.
    expect((await creditBalance(ctx, m)).totalEarned).toBe(45);
  });

  it('refuses by level, per-member limit, stock and withdrawal, each with its code', async () => {
    const m = await newMember(ctx);
    const lv = await benefit(ctx, { minLevel: 1 });
    expect((await claimVia(m, lv.id)).code).toBe(Code.BENEFIT_LEVEL_REQUIRED);
    await giveCredit(ctx, m, 100); // level 1 (青铜) at 100 earned
    expect((await claimVia(m, lv.id)).code).toBe(200);

    const limited = await benefit(ctx, { limitPerMember: 2 });
    expect((await claimVia(m, limited.id)).code).toBe(200);
    expect((await claimVia(m, limited.id)).code).toBe(200);
    const third = await claimVia(m, limited.id);
    expect(third.code).toBe(Code.BENEFIT_LIMIT_REACHED);
    expect(third.msg).toContain('每人限领 2 份');
    // An operator grant does not count against the limit, and ignores it.
    expect((await grant(ctx, m, limited.id, { by: 'ops' })).replayed).toBe(false);

    const scarce = await benefit(ctx, { stock: 1 });
    const other = await newMember(ctx);
    expect((await claimVia(other, scarce.id)).code).toBe(200);
    expect((await claimVia(m, scarce.id)).code).toBe(Code.BENEFIT_OUT_OF_STOCK);
    const [after] = await ctx.db.select().from(benefits).where(eq(benefits.id, scarce.id));
    expect(after!.stock).toBe(0);

    const gone = await benefit(ctx, { active: false });
    expect((await claimVia(m, gone.id)).code).toBe(Code.BENEFIT_UNAVAILABLE);
    expect((await h.call('GET', `/api/v1/benefits/${gone.id}`, { member: m })).code).toBe(404);
    expect((await h.call('POST', `/api/v1/benefits/allow/${gone.id}`, { member: m })).code).toBe(404);
    expect((await claimVia(m, 999_999)).code).toBe(404);
  });

  it('a grant with a key grants once', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx);
    const first = await grant(ctx, m, b.id, { by: 'ops', key: `campaign:x:${m}` });
    const again = await grant(ctx, m, b.id, { by: 'ops', key: `campaign:x:${m}` });
    expect(again).toEqual({ holding: first.holding, replayed: true });
    expect(first.holding.source).toBe('grant');
  });
});

describe('use', () => {
  it('lottery spins: check, use once; a second use is refused; the spins count for the wheel', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 3, value: 2, name: '额外抽奖 2 次' });
    const held = (await claimVia(m, b.id)).data;
    const bad = await checkVia(m, held.id, { type: 'lottery', id: 2 });
    expect(bad.data).toMatchObject({ usable: false, effect: null });
    expect((await useVia(m, held.id, { type: 'task', id: 1 })).code).toBe(Code.BENEFIT_TARGET_INVALID);
    const ok = await checkVia(m, held.id, { type: 'lottery', id: 1 });
    expect(ok.data).toMatchObject({ usable: true, reason: null, effect: { spins: 2 } });
    const used = await useVia(m, held.id, { type: 'lottery', id: 1 });
    expect(used.code).toBe(200);
    expect(used.data.memberBenefit).toMatchObject({ status: 1, usedOn: { type: 'lottery', id: 1 } });
    expect(used.data.effect.spins).toBe(2);
    expect((await useVia(m, held.id, { type: 'lottery', id: 1 })).code).toBe(Code.BENEFIT_USED);
    expect((await checkVia(m, held.id, { type: 'lottery', id: 1 })).data.usable).toBe(false);
    expect(await benefitSpins(ctx.db, m)).toBe(2);
    const usedOnly = await h.call<{ owned: Held[] }>('GET', '/api/v3/benefits?status=1', { member: m });
    expect(usedOnly.data.owned.map((o) => o.id)).toEqual([held.id]);
    // Withdrawn later: gone from the catalogue, still visible to its holder.
    await ctx.db.update(benefits).set({ active: false }).where(eq(benefits.id, b.id));
    const list = await h.call<{ catalogue: { id: number }[] }>('GET', '/api/v3/benefits', { member: m });
    expect(list.data.catalogue.map((c) => c.id)).not.toContain(b.id);
    const detail = await h.call<{ owned: Held[] }>('GET', `/api/v1/benefits/${b.id}`, { member: m });
    expect(detail.code).toBe(200);
    expect(detail.data.owned.map((o) => o.status)).toEqual([1]);
  });

  it('an expired holding shows status 2 and cannot be used', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { validDays: 1 });
    const held = (await claimVia(m, b.id)).data;
    h.clock.advance(DAY);
    const r = await useVia(m, held.id, { type: 'lottery', id: 1 });
    expect(r.code).toBe(Code.BENEFIT_EXPIRED);
    const expired = await h.call<{ owned: Held[] }>('GET', '/api/v3/benefits?status=2', { member: m });
    expect(expired.data.owned.map((o) => [o.id, o.status])).toEqual([[held.id, 2]]);
    const unused = await h.call<{ owned: Held[] }>('GET', '/api/v3/benefits?status=0', { member: m });
    expect(unused.data.owned).toEqual([]);
  });

  it("another member's holding is not found for check and use, and never listed", async () => {
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    const def = await benefit(ctx);
    const held = (await claimVia(a, def.id)).data;
    expect((await checkVia(b, held.id, { type: 'lottery', id: 1 })).status).toBe(404);
    expect((await useVia(b, held.id, { type: 'lottery', id: 1 })).status).toBe(404);
    expect((await h.call<{ owned: Held[] }>('GET', '/api/v3/benefits', { member: b })).data.owned).toEqual([]);
    expect((await h.call<{ owned: Held[] }>('GET', `/api/v1/benefits/${def.id}`, { member: b })).data.owned).toEqual(
      [],
    );
    expect((await holding(ctx, held.id)).status).toBe('unused');
  });

  it('snap early access: only on a snap task that has not opened', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 4, value: 10, name: '抢答优先 10 分钟' });
    const held = (await claimVia(m, b.id)).data;
    const plain = await newTask(ctx, { module: 2, openAt: new Date(h.clock.now() + 3_600_000) });
    expect((await checkVia(m, held.id, { type: 'task', id: plain.id })).data.reason).toContain('抢答');
    const opened = await newTask(ctx, { module: 3 });
    expect((await useVia(m, held.id, { type: 'task', id: opened.id })).code).toBe(Code.BENEFIT_TARGET_INVALID);
    const snap = await newTask(ctx, { module: 3, openAt: new Date(h.clock.now() + 3_600_000) });
    const used = await useVia(m, held.id, { type: 'task', id: snap.id });
    expect(used.data.effect.earlyMinutes).toBe(10);
    expect(await earlyAccessMinutes(ctx.db, m, snap.id)).toBe(10);
    expect(await earlyAccessMinutes(ctx.db, m, plain.id)).toBe(0);

    // Starting: 15 minutes before the opening nobody may; at 10 minutes before, the card holder may.
    const partner = await newPartner(ctx);
    const soon = await newTask(ctx, {
      module: 3,
      partnerId: partner.id,
      openAt: new Date(h.clock.now() + 15 * 60_000),
    });
    const card = (await claimVia(m, b.id)).data;
    await useVia(m, card.id, { type: 'task', id: soon.id });
    const other = await newMember(ctx);
    const start = (member: number) => h.call('POST', `/api/v1/process/tasks/${soon.hashId}/start`, { member });
    type Detail = { earlyMinutes: number; canStart: boolean; block: string | null };
    const detail = async (member: number) =>
      (await h.call<Detail>('GET', `/api/v1/tasks/${soon.hashId}`, { member })).data;
    expect((await start(m)).code).toBe(Code.TASK_NOT_OPEN);
    expect(await detail(m)).toMatchObject({ earlyMinutes: 10, canStart: false, block: 'not_open' });
    h.clock.advance(5 * 60_000);
    // The task's page says what the start says: open for the card holder, not for anyone else.
    expect(await detail(m)).toMatchObject({ earlyMinutes: 10, canStart: true, block: null });
    expect(await detail(other)).toMatchObject({ earlyMinutes: 0, canStart: false, block: 'not_open' });
    expect((await start(other)).code).toBe(Code.TASK_NOT_OPEN);
    expect((await start(m)).code).toBe(200);
  });

  it('spending credit directly (use/value) claims and uses in one step; a refused use spends nothing', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 3, value: 1, creditCost: 20 });
    await giveCredit(ctx, m, 30);
    const bad = await h.call('POST', '/api/v1/benefits/use/value', {
      member: m,
      body: { benefitId: b.id, target: { type: 'lottery', id: 9 } },
    });
    expect(bad.code).toBe(Code.BENEFIT_TARGET_INVALID);
    expect((await creditBalance(ctx, m)).balance).toBe(30);
    const ok = await h.call<{ memberBenefit: Held; credit: number }>('POST', '/api/v1/benefits/use/value', {
      member: m,
      body: { benefitId: b.id, target: { type: 'lottery', id: 1 } },
    });
    expect(ok.code).toBe(200);
    expect(ok.data.credit).toBe(10);
    expect(ok.data.memberBenefit).toMatchObject({ status: 1, source: 'value' });
    const short = await h.call('POST', '/api/v1/benefits/use/value', {
      member: m,
      body: { benefitId: b.id, target: { type: 'lottery', id: 1 } },
    });
    expect(short.code).toBe(Code.INSUFFICIENT_CREDIT);
    const coupon = await benefit(ctx, { kind: 2, value: 10 });
    const c = await h.call('POST', '/api/v1/benefits/use/value', {
      member: m,
      body: { benefitId: coupon.id, target: { type: 'exchange', id: 1 } },
    });
    expect(c.code).toBe(Code.BENEFIT_TARGET_INVALID);
  });
});

describe('boost card on the next task credit', () => {
  it('adds +N % of the complete as its own ledger row, once', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 1, value: 20, name: '20% 加成卡' });
    const held = (await claimVia(m, b.id)).data;
    const task = await newTask(ctx, { points: 150 });
    const check = await checkVia(m, held.id, { type: 'task', id: task.id });
    expect(check.data).toMatchObject({ usable: true, effect: { extraPoints: 30 } });
    const armed = await useVia(m, held.id, { type: 'task', id: task.id });
    expect(armed.data.memberBenefit).toMatchObject({
      status: 1,
      usedOn: { type: 'task', id: task.id },
      appliedAt: null,
    });

    const { respondentId } = await doTask(ctx, m, { taskId: task.id });
    const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m)).orderBy(pointLedger.id);
    expect(rows.map((r) => [r.amount, r.reason, r.idempotencyKey])).toEqual([
      [150, 'task', `task:${respondentId}`],
      [30, 'boost', `boost:${held.id}`],
    ]);
    const after = await holding(ctx, held.id);
    expect(after.appliedAt).not.toBeNull();
    expect(after.effectLedgerId).toBe(rows[1]!.id);

    // The next task credit gets nothing more.
    await doTask(ctx, m, { points: 100 });
    expect(await balanceOf(ctx.db, m)).toBe(280);

    // A second boost on an already done task is refused.
    const second = (await claimVia(m, b.id)).data;
    expect((await useVia(m, second.id, { type: 'task', id: task.id })).code).toBe(Code.BENEFIT_TARGET_INVALID);
  });

  it('only one boost per task; a participation without a complete gives the card back', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 1, value: 50 });
    const one = (await claimVia(m, b.id)).data;
    const two = (await claimVia(m, b.id)).data;
    const task = await newTask(ctx, { points: 100 });
    expect((await useVia(m, one.id, { type: 'task', id: task.id })).code).toBe(200);
    const dup = await useVia(m, two.id, { type: 'task', id: task.id });
    expect(dup.code).toBe(Code.BENEFIT_TARGET_INVALID);
    expect((await holding(ctx, two.id)).status).toBe('unused');

    await doTask(ctx, m, { taskId: task.id, joinResult: 2 }); // screened out
    const back = await holding(ctx, one.id);
    expect(back).toMatchObject({ status: 'unused', targetType: null, appliedAt: null });
    expect((await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m))).map((r) => r.reason)).toEqual([
      'task',
    ]);
  });

  it('a reversed task reverses its boost too', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 1, value: 10 });
    const held = (await claimVia(m, b.id)).data;
    const task = await newTask(ctx, { points: 200 });
    await useVia(m, held.id, { type: 'task', id: task.id });
    const { respondentId } = await doTask(ctx, m, { taskId: task.id });
    expect(await balanceOf(ctx.db, m)).toBe(220);
    await reverseParticipation(ctx, respondentId);
    expect(await balanceOf(ctx.db, m)).toBe(0);
  });
});

describe('discount coupon on redeem', () => {
  it('lowers the debit in the redeem, is used on the exchange, and comes back when the exchange is refunded', async () => {
    const m = await newMember(ctx);
    await points(m, 1000);
    const reward = await virtualReward(500);
    const coupon = await benefit(ctx, { kind: 2, value: 120, couponUnit: 'fen', minSpend: 300, name: '满 300 减 120' });
    const held = (await claimVia(m, coupon.id)).data;

    // Coupons are used in the redeem, not on their own.
    expect((await useVia(m, held.id, { type: 'exchange', id: reward.id })).code).toBe(Code.BENEFIT_TARGET_INVALID);
    const preview = await checkVia(m, held.id, { type: 'exchange', id: reward.id });
    expect(preview.data).toMatchObject({ usable: true, effect: { discount: 120, discountPoints: 120 } });

    const r = await h.call<{ exchange: { id: number; points: number }; balance: number }>(
      'POST',
      '/api/v1/exchange/redeem',
      { member: m, body: { rewardId: reward.id, requestKey: `coupon-${m}-1`, memberBenefitId: held.id } },
    );
    expect(r.code).toBe(200);
    expect(r.data.exchange.points).toBe(380);
    expect(r.data.balance).toBe(620);
    expect(await holding(ctx, held.id)).toMatchObject({
      status: 'used',
      targetType: 'exchange',
      targetId: r.data.exchange.id,
    });

    // Used: a second redeem with it is refused and debits nothing.
    const again = await h.call('POST', '/api/v1/exchange/redeem', {
      member: m,
      body: { rewardId: reward.id, requestKey: `coupon-${m}-2`, memberBenefitId: held.id },
    });
    expect(again.code).toBe(Code.BENEFIT_USED);
    expect(await balanceOf(ctx.db, m)).toBe(620);

    await applyAction(ctx, r.data.exchange.id, 'reject', {
      actor: { type: 'operator', name: 'ops' },
      reason: '测试驳回',
    });
    expect(await balanceOf(ctx.db, m)).toBe(1000);
    expect(await holding(ctx, held.id)).toMatchObject({ status: 'unused', targetType: null, targetId: null });
    const reuse = await h.call<{ exchange: { points: number } }>('POST', '/api/v1/exchange/redeem', {
      member: m,
      body: { rewardId: reward.id, requestKey: `coupon-${m}-3`, memberBenefitId: held.id },
    });
    expect(reuse.data.exchange.points).toBe(380);
  });

  it('refuses below the minimum spend, a percent coupon takes its share, and B cannot use A’s coupon', async () => {
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    await points(a, 1000);
    await points(b, 1000);
    const cheap = await virtualReward(200);
    const dear = await virtualReward(800);
    const minSpend = await benefit(ctx, { kind: 2, value: 50, minSpend: 300 });
    const pct = await benefit(ctx, { kind: 2, value: 15, couponUnit: 'percent' });
    const heldMin = (await claimVia(a, minSpend.id)).data;
    const heldPct = (await claimVia(a, pct.id)).data;
    const low = await h.call('POST', '/api/v1/exchange/redeem', {
      member: a,
      body: { rewardId: cheap.id, requestKey: `minspend-${a}-1`, memberBenefitId: heldMin.id },
    });
    expect(low.code).toBe(Code.COUPON_MIN_SPEND);
    expect(await balanceOf(ctx.db, a)).toBe(1000);
    const foreign = await h.call('POST', '/api/v1/exchange/redeem', {
      member: b,
      body: { rewardId: dear.id, requestKey: `percent-${b}-1`, memberBenefitId: heldPct.id },
    });
    expect(foreign.status).toBe(404);
    expect(await balanceOf(ctx.db, b)).toBe(1000);
    const ok = await h.call<{ exchange: { points: number } }>('POST', '/api/v1/exchange/redeem', {
      member: a,
      body: { rewardId: dear.id, requestKey: `percent-${a}-1`, memberBenefitId: heldPct.id },
    });
    expect(ok.data.exchange.points).toBe(680);
    // A coupon lets a member redeem what the full price would not allow.
    const c = await newMember(ctx);
    await points(c, 700);
    const fen = await benefit(ctx, { kind: 2, value: 150 });
    const heldFen = (await claimVia(c, fen.id)).data;
    const afford = await h.call<{ exchange: { points: number } }>('POST', '/api/v1/exchange/redeem', {
      member: c,
      body: { rewardId: dear.id, requestKey: `fencoupon-${c}-1`, memberBenefitId: heldFen.id },
    });
    expect(afford.code).toBe(200);
    expect(afford.data.exchange.points).toBe(650);
  });
});

describe('demo content', () => {
  it('seeds the demo benefits once into an empty database, one of each kind; the overview shows them in order', async () => {
    const fresh = await tasksHarness('benefits-demo');
    try {
      const { seedDemoBenefits, DEMO_BENEFITS } = await import('../../server/seed/demoBenefits');
      expect(await seedDemoBenefits(fresh.ctx)).toBe(DEMO_BENEFITS.length);
      expect(await seedDemoBenefits(fresh.ctx)).toBe(0);
      expect(new Set(DEMO_BENEFITS.map((d) => d.kind))).toEqual(new Set([1, 2, 3, 4]));
      const m = await newMember(fresh.ctx);
      const list = await fresh.call<{ catalogue: { name: string; claimable: boolean; claimBlocker: string | null }[] }>(
        'GET',
        '/api/v3/benefits',
        { member: m },
      );
      expect(list.code).toBe(200);
      expect(list.data.catalogue.map((c) => c.name)).toEqual(DEMO_BENEFITS.map((d) => d.name));
      // A new member can claim the free boost card; the level-2 card says why not.
      expect(list.data.catalogue[0]!.claimable).toBe(true);
      expect(list.data.catalogue.at(-1)!.claimBlocker).toContain('2 级');
    } finally {
      await fresh.env.cleanup();
    }
  });
});
