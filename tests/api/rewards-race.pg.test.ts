/**
 * Races on real PostgreSQL (PGlite has one connection and cannot race): one holding used by 50
 * concurrent requests, concurrent claims against limited credit and limited stock, one coupon in
 * concurrent redemptions, and concurrent invite registrations from one farm.
 * Collected only when DATABASE_URL is set.
 */
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { creditLedger, memberBenefits } from '../../server/db/schema-benefits';
import { signups } from '../../server/db/schema-invites';
import { loadCodes } from '../../server/modules/exchange/admin';
import { recordSignup } from '../../server/modules/invites/service';
import { pointLedger } from '../../server/db/schema-points';
import { balanceOf, credit } from '../../server/modules/points/ledger';
import { settleParticipation } from '../../server/modules/tasks/settle';
import { benefit, creditBalance, giveCredit, holding } from './rewards-helpers';
import { newReward } from './exchange-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('rewards-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('rewards-race');
  ctx = h.ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => h.env.cleanup());

async function ledgerSum(memberId: number) {
  const [row] = await ctx.db
    .select({ n: sum(creditLedger.amount).mapWith(Number) })
    .from(creditLedger)
    .where(eq(creditLedger.memberId, memberId));
  return row?.n ?? 0;
}

describe('rewards races on PostgreSQL', () => {
  it('50 concurrent uses of one holding: exactly one succeeds', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 3, value: 1 });
    const held = await h.call<{ id: number }>('POST', `/api/v1/benefits/${b.id}`, { member: m });
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.call('POST', '/api/v1/benefits/use', {
          member: m,
          body: { memberBenefitId: held.data.id, target: { type: 'lottery', id: 1 } },
        }),
      ),
    );
    const ms = performance.now() - started;
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.BENEFIT_USED)).toHaveLength(49);
    expect((await holding(ctx, held.data.id)).status).toBe('used');
    console.info(`50 concurrent uses of one holding: 1 ok, 49 refused in ${ms.toFixed(0)} ms`);
  });

  it('40 concurrent claims with credit for 7: exactly 7 succeed, sum(credit ledger) = balance', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 3, value: 1, creditCost: 10 });
    await giveCredit(ctx, m, 75);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => h.call('POST', `/api/v1/benefits/${b.id}`, { member: m })),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === Code.INSUFFICIENT_CREDIT)).toHaveLength(33);
    const bal = await creditBalance(ctx, m);
    expect(bal.balance).toBe(5);
    expect(await ledgerSum(m)).toBe(bal.balance);
    const held = await ctx.db.select().from(memberBenefits).where(eq(memberBenefits.memberId, m));
    expect(held).toHaveLength(7);
    expect(held.every((x) => x.claimLedgerId !== null)).toBe(true);
  });

  it('a per-member limit holds under concurrent claims of one member', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 3, value: 1, limitPerMember: 3 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.call('POST', `/api/v1/benefits/${b.id}`, { member: m })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.code === Code.BENEFIT_LIMIT_REACHED)).toHaveLength(17);
  });

  it('30 members racing for 4 units of stock: exactly 4 get one, stock ends at 0', async () => {
    const b = await benefit(ctx, { kind: 3, value: 1, stock: 4 });
    const ms = await Promise.all(Array.from({ length: 30 }, () => newMember(ctx)));
    const results = await Promise.all(ms.map((m) => h.call('POST', `/api/v1/benefits/${b.id}`, { member: m })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(4);
    expect(results.filter((r) => r.code === Code.BENEFIT_OUT_OF_STOCK)).toHaveLength(26);
    const rows = await ctx.db.select().from(memberBenefits).where(eq(memberBenefits.benefitId, b.id));
    expect(rows).toHaveLength(4);
  });

  it('one coupon in 10 concurrent redemptions: one discounted exchange; the others refused, nothing debited', async () => {
    const m = await newMember(ctx);
    await credit(ctx, { memberId: m, amount: 5000, reason: 'task', source: '测试', idempotencyKey: `race-pts:${m}` });
    const reward = await newReward(ctx, { type: 2, pointsCost: 300, stock: 0, limitTotal: null, limitDaily: null });
    await loadCodes(
      ctx,
      reward.id,
      Array.from({ length: 20 }, (_, i) => `RACE-${reward.id}-${i}`),
      '测试运营',
    );
    const coupon = await benefit(ctx, { kind: 2, value: 100 });
    const held = await h.call<{ id: number }>('POST', `/api/v1/benefits/${coupon.id}`, { member: m });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.call<{ exchange: { points: number } }>('POST', '/api/v1/exchange/redeem', {
          member: m,
          body: { rewardId: reward.id, requestKey: `race-coupon-${m}-${i}`, memberBenefitId: held.data.id },
        }),
      ),
    );
    const ok = results.filter((r) => r.code === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.data.exchange.points).toBe(200);
    expect(results.filter((r) => r.code === Code.BENEFIT_USED)).toHaveLength(9);
    expect(await balanceOf(ctx.db, m)).toBe(4800);
  });

  it('10 concurrent registrations from one farm IP: exactly FARM_LIMIT earn the inviter a reward', async () => {
    const inviter = await newMember(ctx);
    const ms = await Promise.all(Array.from({ length: 10 }, () => newMember(ctx)));
    await Promise.all(
      ms.map((memberId, i) =>
        recordSignup(ctx, { memberId, inviterId: inviter, deviceId: `farm-${i}`, ip: '10.1.2.3' }),
      ),
    );
    const rows = await ctx.db.select().from(signups).where(eq(signups.inviterId, inviter));
    expect(rows.filter((r) => r.registerState === 'granted')).toHaveLength(3);
    expect(rows.filter((r) => r.registerState === 'withheld')).toHaveLength(7);
    expect(await balanceOf(ctx.db, inviter)).toBe(150);
  });

  it('one armed boost and one invitee: concurrent settles of two tasks pay the boost once and the first-task reward once', async () => {
    const inviter = await newMember(ctx);
    const friend = await newMember(ctx);
    await recordSignup(ctx, { memberId: friend, inviterId: inviter, deviceId: 'race-friend', ip: '10.3.3.3' });
    const b = await benefit(ctx, { kind: 1, value: 50 });
    const held = await h.call<{ id: number }>('POST', `/api/v1/benefits/${b.id}`, { member: friend });
    const t1 = await newTask(ctx, { points: 100 });
    const t2 = await newTask(ctx, { points: 100 });
    await h.call('POST', '/api/v1/benefits/use', {
      member: friend,
      body: { memberBenefitId: held.data.id, target: { type: 'task', id: t1.id } },
    });
    const p1 = await newParticipation(ctx, t1.id, friend);
    const p2 = await newParticipation(ctx, t2.id, friend);
    await Promise.all(
      [p1, p2, p1, p2, p1, p2].map((p, i) =>
        settleParticipation(ctx, {
          respondentId: p.respondentId,
          joinResult: 1,
          settledBy: i < 2 ? 'return' : 'postback',
        }),
      ),
    );
    expect(await balanceOf(ctx.db, friend)).toBe(250);
    expect(await balanceOf(ctx.db, inviter)).toBe(250);
    const boosts = await ctx.db.select().from(pointLedger).where(eq(pointLedger.reason, 'boost'));
    expect(boosts.filter((r) => r.memberId === friend)).toHaveLength(1);
    expect((await creditBalance(ctx, friend)).balance).toBe(20);
    expect((await creditBalance(ctx, inviter)).balance).toBe(30);
  });
});
