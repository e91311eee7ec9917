/**
 * Two staff deciding one exchange at the same moment, on real PostgreSQL (PGlite has one
 * connection and cannot race): one wins, the other is told ALREADY_DECIDED (1212), and the points
 * come back at most once — approve against reject, reject against reject, and a bulk approval
 * against a reject. Each decision is one transaction with its audit row, so a refused one leaves none.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeState } from '../../openapi/enums';
import { exchanges } from '../../server/db/schema-exchange';
import { pointLedger } from '../../server/db/schema-points';
import { auditLog } from '../../server/db/schema-staff';
import { balanceOf } from '../../server/modules/points/ledger';
import { consoleHarness, type ConsoleHarness, type StaffAccount } from './console-helpers';
import { redeemOver, reviewMember, virtualReward } from './console-review-helpers';

if (!process.env.DATABASE_URL) throw new Error('console-review-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: ConsoleHarness;
let one: StaffAccount;
let two: StaffAccount;
let rewardId: number;
beforeAll(async () => {
  h = await consoleHarness('console-review-race');
  expect(h.ctx.driver).toBe('postgres');
  one = await h.staff(['finance']);
  two = await h.staff(['finance']);
  rewardId = (await virtualReward(h.ctx, 100)).id;
});
afterAll(() => h.env.cleanup());

const ROUNDS = 8;

async function refundsOf(id: number) {
  return h.ctx.db
    .select()
    .from(pointLedger)
    .where(eq(pointLedger.idempotencyKey, `exchange-refund:${id}`));
}

async function ledgerSum(memberId: number): Promise<number> {
  const [row] = await h.ctx.db
    .select({ s: sql<string>`coalesce(sum(${pointLedger.amount}), 0)` })
    .from(pointLedger)
    .where(eq(pointLedger.memberId, memberId));
  return Number(row!.s);
}

async function auditRows(id: number) {
  return h.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.operation, ['approveExchange', 'rejectExchange']),
        eq(auditLog.targetType, 'exchange'),
        eq(auditLog.targetId, String(id)),
      ),
    );
}

describe('two staff, one exchange, at once (PostgreSQL)', () => {
  it('approve against reject: one wins, the other 1212; refunded only if the reject won', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const m = await reviewMember(h.ctx, { points: 1000 });
      const id = await redeemOver(h, m, rewardId);
      const [a, r] = await Promise.all([
        h.admin('POST', `/api/admin/v1/exchanges/${id}/approve`, one.token),
        h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, two.token, { reason: '同时驳回' }),
      ]);
      expect([a.code, r.code].sort((x, y) => x - y)).toEqual([200, 1212]);
      const [row] = await h.ctx.db.select().from(exchanges).where(eq(exchanges.id, id));
      const refunds = await refundsOf(id);
      if (r.code === 200) {
        expect(row!.state).toBe(ExchangeState.values.REJECTED);
        expect(refunds).toHaveLength(1);
        expect(await balanceOf(h.ctx.db, m.id)).toBe(1000);
      } else {
        expect(row!.state).toBe(ExchangeState.values.ISSUED);
        expect(refunds).toHaveLength(0);
        expect(await balanceOf(h.ctx.db, m.id)).toBe(900);
      }
      expect(await ledgerSum(m.id)).toBe(await balanceOf(h.ctx.db, m.id));
      expect(await auditRows(id)).toHaveLength(1);
    }
  });

  it('reject against reject: refunded exactly once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const m = await reviewMember(h.ctx, { points: 1000 });
      const id = await redeemOver(h, m, rewardId);
      const answers = await Promise.all([
        h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, one.token, { reason: '第一位驳回' }),
        h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, two.token, { reason: '第二位驳回' }),
      ]);
      expect(answers.map((x) => x.code).sort((x, y) => x - y)).toEqual([200, 1212]);
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await balanceOf(h.ctx.db, m.id)).toBe(1000);
      expect(await ledgerSum(m.id)).toBe(1000);
      expect(await auditRows(id)).toHaveLength(1);
    }
  });

  it('a bulk approval against a reject: the exchange is decided once, the loser learns it', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const m = await reviewMember(h.ctx, { points: 1000 });
      const id = await redeemOver(h, m, rewardId);
      const [bulk, r] = await Promise.all([
        h.admin('POST', '/api/admin/v1/exchanges/bulk-approve', one.token, { ids: [id], totp: h.code(one.secret) }),
        h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, two.token, { reason: '同时驳回' }),
      ]);
      expect(bulk.code, bulk.msg).toBe(200);
      const data = bulk.data as { approved: { id: number }[]; skipped: { id: number }[] };
      const [row] = await h.ctx.db.select().from(exchanges).where(eq(exchanges.id, id));
      if (r.code === 200) {
        expect(data.approved).toEqual([]);
        expect(data.skipped.map((s) => s.id)).toEqual([id]);
        expect(row!.state).toBe(ExchangeState.values.REJECTED);
        expect(await refundsOf(id)).toHaveLength(1);
      } else {
        expect(r.code).toBe(1212);
        expect(data.approved.map((x) => x.id)).toEqual([id]);
        expect(row!.state).toBe(ExchangeState.values.ISSUED);
        expect(await refundsOf(id)).toHaveLength(0);
      }
      expect(await ledgerSum(m.id)).toBe(await balanceOf(h.ctx.db, m.id));
    }
  });
});
