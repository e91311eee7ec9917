/**
 * 微豆 adjustments racing on real PostgreSQL (PGlite has one connection and cannot race), through
 * two apps on one database as two workers would be: two approvals of one adjustment at once apply
 * it exactly once (the other is told ALREADY_DECIDED), and adjustments among concurrent
 * redemptions leave the balance equal to the ledger's sum and never below zero.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { FOUR_EYES_DEFAULT_THRESHOLD, type StaffRole } from '../../openapi/rules/staff';
import type { AppContext } from '../../server/context';
import { balanceAdjustments } from '../../server/db/schema-console';
import { pointLedger } from '../../server/db/schema-points';
import { balanceOf } from '../../server/modules/points/ledger';
import { createStaffAccount } from '../../server/modules/staff/accounts';
import { createStaffSession } from '../../server/modules/staff/sessions';
import { totpCodeAt } from '../../server/modules/staff/totp';
import { newMember, newReward, requestKey, saveAddress } from './exchange-helpers';
import { createTestEnv, envelopeOf } from './helpers';

if (!process.env.DATABASE_URL) throw new Error('console-adjust-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('console-adjust-race');
let apps: FastifyInstance[];
let ctx: AppContext;

beforeAll(async () => {
  apps = [await env.build({ seedDemo: false }), await env.build({ seedDemo: false })];
  ctx = (apps[0] as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

let made = 0;
/** A staff account with a console session; `code()` is its authenticator's current code. */
async function staffMember(roles: StaffRole[]) {
  const created = await createStaffAccount(ctx, { login: `race.${++made}`, name: `并发${made}`, roles });
  const { token } = await createStaffSession(ctx.db, created.staff.id, ctx.now(), {});
  return { token, code: () => totpCodeAt(created.totpSecret, ctx.now()) };
}

async function post(app: FastifyInstance, url: string, token: string, payload: unknown) {
  return envelopeOf(await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object }));
}

async function ledgerSum(memberId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ s: sql<string>`coalesce(sum(${pointLedger.amount}), 0)` })
    .from(pointLedger)
    .where(eq(pointLedger.memberId, memberId));
  return Number(row!.s);
}

describe('adjustment races on PostgreSQL', () => {
  it('two approvals of one adjustment at once, in two apps, 10 times: exactly one applies each', async () => {
    const amount = FOUR_EYES_DEFAULT_THRESHOLD + 100;
    for (let round = 0; round < 10; round++) {
      // A code is accepted once per 30-second step: fresh accounts keep the rounds independent.
      const requester = await staffMember(['finance']);
      const m = await newMember(ctx, 0);
      const asked = await post(apps[0]!, `/api/admin/v1/members/${m.id}/adjustments`, requester.token, {
        amount,
        reason: '大额补发',
        totp: requester.code(),
      });
      expect(asked.code, asked.msg).toBe(200);
      const id = (asked.data as { id: number; state: string }).id;
      expect((asked.data as { state: string }).state).toBe('pending');
      const [b, c] = [await staffMember(['finance']), await staffMember(['admin'])];
      const answers = await Promise.all([
        post(apps[0]!, `/api/admin/v1/adjustments/${id}/approve`, b.token, { totp: b.code() }),
        post(apps[1]!, `/api/admin/v1/adjustments/${id}/approve`, c.token, { totp: c.code() }),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([200, Code.ALREADY_DECIDED].sort());
      expect(await balanceOf(ctx.db, m.id)).toBe(amount);
      expect(await ledgerSum(m.id)).toBe(amount);
      const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.idempotencyKey, `adjust:${id}`));
      expect(rows).toHaveLength(1);
    }
  }, 120_000);

  it('adjustments among concurrent redemptions: balance = ledger sum, never negative', async () => {
    const m = await newMember(ctx, 2000);
    await saveAddress(ctx, m.id);
    const reward = await newReward(ctx, { pointsCost: 100, stock: 1000 });
    const staff = await Promise.all(Array.from({ length: 20 }, () => staffMember(['finance'])));
    const redemptions = Array.from({ length: 20 }, (_, i) =>
      apps[i % 2]!
        .inject({
          method: 'POST',
          url: '/api/v1/exchange/redeem',
          headers: { authorization: `Bearer ${m.token}` },
          payload: { rewardId: reward.id, requestKey: requestKey() },
        })
        .then(envelopeOf),
    );
    const adjustments = staff.map((s, i) =>
      post(apps[i % 2]!, `/api/admin/v1/members/${m.id}/adjustments`, s.token, {
        amount: i % 2 === 0 ? -150 : 50,
        reason: i % 2 === 0 ? '扣回重复奖励' : '补发奖励',
        totp: s.code(),
      }),
    );
    const [redeemed, adjusted] = await Promise.all([Promise.all(redemptions), Promise.all(adjustments)]);
    for (const r of [...redeemed, ...adjusted]) expect([200, Code.INSUFFICIENT_POINTS], r.msg).toContain(r.code);
    const balance = await balanceOf(ctx.db, m.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(m.id)).toBe(balance);
    const applied = await ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.memberId, m.id));
    // A refused debit leaves no adjustment behind; every one left is applied with its ledger row.
    expect(applied).toHaveLength(adjusted.filter((a) => a.code === 200).length);
    expect(applied.every((a) => a.state === 'applied' && a.ledgerId !== null)).toBe(true);
    const ok = redeemed.filter((r) => r.code === 200).length;
    expect(balance).toBe(2000 - ok * 100 + applied.reduce((s, a) => s + a.amount, 0));
  }, 120_000);
});
