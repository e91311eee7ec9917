/**
 * The points ledger service (server/modules/points/ledger.ts): credit, debit, refusal, idempotent
 * replays, reversals and the CHECK constraint. Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { AppError } from '../../server/http/errors';
import { balanceOf, credit, debit, reverse, summary } from '../../server/modules/points/ledger';
import { createTestEnv } from './helpers';
import { newMember } from './tasks-helpers';
import { IdempotencyConflictError } from '../../server/kernel/ledger';
import { shanghaiDay, shanghaiDayStart } from '../../server/kernel/time';

const env = createTestEnv('points-ledger');
let ctx: AppContext;
let t = Date.UTC(2030, 0, 1, 2, 0, 0);

beforeAll(async () => {
  const app = await env.build({}, { now: () => t });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ledgerOf = (memberId: number) =>
  ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId)).orderBy(pointLedger.id);

const key = () => `test:${randomBytes(8).toString('hex')}`;

describe('credit and debit', () => {
  it('credits, debits and keeps balance_after and the totals', async () => {
    const m = await newMember(ctx);
    const c = await credit(ctx, { memberId: m, amount: 100, reason: 'task', source: 'task:1', idempotencyKey: key() });
    expect(c).toMatchObject({ memberId: m, amount: 100, balanceAfter: 100, replayed: false, status: 'posted' });
    const d = await debit(ctx, {
      memberId: m,
      amount: 30,
      reason: 'exchange',
      source: 'exchange:1',
      idempotencyKey: key(),
    });
    expect(d).toMatchObject({ amount: -30, balanceAfter: 70, replayed: false });
    expect(await balanceOf(ctx.db, m)).toBe(70);
    const rows = await ledgerOf(m);
    expect(rows.map((r) => [r.amount, r.balanceAfter, r.reason])).toEqual([
      [100, 100, 'task'],
      [-30, 70, 'exchange'],
    ]);
    const s = await summary(ctx, m);
    expect(s).toMatchObject({ balance: 70, totalIncome: 100, totalSpent: 30, pending: 0, pointsPerYuan: 100 });
  });

  it('refuses a debit beyond the balance: INSUFFICIENT_POINTS, balance unchanged, no ledger row', async () => {
    const m = await newMember(ctx);
    await credit(ctx, { memberId: m, amount: 50, reason: 'task', source: 'task:1', idempotencyKey: key() });
    const k = key();
    const err = await debit(ctx, { memberId: m, amount: 51, reason: 'exchange', source: 'x', idempotencyKey: k }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).codeName).toBe('INSUFFICIENT_POINTS');
    expect((err as AppError).code).toBe(2001);
    expect(await balanceOf(ctx.db, m)).toBe(50);
    expect(await ledgerOf(m)).toHaveLength(1);
    expect(await ctx.db.select().from(pointLedger).where(eq(pointLedger.idempotencyKey, k))).toEqual([]);
    // A member who never had points cannot spend either.
    const poor = await newMember(ctx);
    await expect(
      debit(ctx, { memberId: poor, amount: 1, reason: 'exchange', source: 'x', idempotencyKey: key() }),
    ).rejects.toMatchObject({ codeName: 'INSUFFICIENT_POINTS' });
    expect(await ledgerOf(poor)).toEqual([]);
    // Spending exactly everything is fine.
    const all = await debit(ctx, { memberId: m, amount: 50, reason: 'exchange', source: 'x', idempotencyKey: key() });
    expect(all.balanceAfter).toBe(0);
  });

  it('rejects non-positive or fractional amounts', async () => {
    const m = await newMember(ctx);
    for (const amount of [0, -5, 1.5]) {
      await expect(
        credit(ctx, { memberId: m, amount, reason: 'task', source: 'x', idempotencyKey: key() }),
      ).rejects.toThrow(/positive integer/);
    }
    expect(await ledgerOf(m)).toEqual([]);
  });

  it('keeps pending credits out of the spendable balance', async () => {
    const m = await newMember(ctx);
    const p = await credit(ctx, {
      memberId: m,
      amount: 40,
      reason: 'task',
      source: 'task:9',
      idempotencyKey: key(),
      status: 'pending',
    });
    expect(p).toMatchObject({ status: 'pending', balanceAfter: 0 });
    expect(await summary(ctx, m)).toMatchObject({ balance: 0, pending: 40, todayIncome: 0 });
  });
});

describe('idempotency', () => {
  it('a replayed key credits once and answers with the first result', async () => {
    const m = await newMember(ctx);
    const k = key();
    const first = await credit(ctx, { memberId: m, amount: 25, reason: 'task', source: 'task:2', idempotencyKey: k });
    await credit(ctx, { memberId: m, amount: 5, reason: 'task', source: 'task:3', idempotencyKey: key() });
    const again = await credit(ctx, { memberId: m, amount: 25, reason: 'task', source: 'task:2', idempotencyKey: k });
    expect(again).toEqual({ ...first, replayed: true });
    expect(again.balanceAfter).toBe(25);
    expect(await balanceOf(ctx.db, m)).toBe(30);
    expect(await ledgerOf(m)).toHaveLength(2);
  });

  it('a replayed debit key spends once', async () => {
    const m = await newMember(ctx);
    await credit(ctx, { memberId: m, amount: 100, reason: 'task', source: 't', idempotencyKey: key() });
    const k = key();
    const a = await debit(ctx, { memberId: m, amount: 60, reason: 'exchange', source: 'e', idempotencyKey: k });
    const b = await debit(ctx, { memberId: m, amount: 60, reason: 'exchange', source: 'e', idempotencyKey: k });
    expect(b).toEqual({ ...a, replayed: true });
    expect(await balanceOf(ctx.db, m)).toBe(40);
  });

  it('refuses a replay with a different amount, member or direction, and changes nothing', async () => {
    const m = await newMember(ctx);
    const other = await newMember(ctx);
    const k = key();
    await credit(ctx, { memberId: m, amount: 10, reason: 'task', source: 't', idempotencyKey: k });
    await expect(
      credit(ctx, { memberId: m, amount: 11, reason: 'task', source: 't', idempotencyKey: k }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(
      credit(ctx, { memberId: other, amount: 10, reason: 'task', source: 't', idempotencyKey: k }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(
      debit(ctx, { memberId: m, amount: 10, reason: 'task', source: 't', idempotencyKey: k }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await balanceOf(ctx.db, m)).toBe(10);
    expect(await balanceOf(ctx.db, other)).toBe(0);
    expect(await ledgerOf(m)).toHaveLength(1);
  });

  it('inside an outer transaction the credit rolls back with it', async () => {
    const m = await newMember(ctx);
    const k = key();
    await expect(
      ctx.db.transaction(async (tx) => {
        await credit(tx, { memberId: m, amount: 7, reason: 'task', source: 't', idempotencyKey: k, at: t });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await balanceOf(ctx.db, m)).toBe(0);
    expect(await ledgerOf(m)).toEqual([]);
    // The key was never used, so it still works.
    expect(
      (await credit(ctx, { memberId: m, amount: 7, reason: 'task', source: 't', idempotencyKey: k })).replayed,
    ).toBe(false);
  });
});

describe('reversal', () => {
  it('reverses with a new negative row, never an edit; once only', async () => {
    const m = await newMember(ctx);
    const c = await credit(ctx, { memberId: m, amount: 80, reason: 'task', source: 'task:5', idempotencyKey: key() });
    const before = await ledgerOf(m);
    const rk = key();
    const r = await reverse(ctx, c.ledgerId, rk);
    expect(r).toMatchObject({ amount: -80, balanceAfter: 0, replayed: false });
    const rows = await ledgerOf(m);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(before[0]);
    expect(rows[1]).toMatchObject({ amount: -80, reason: 'reversal', reversesId: c.ledgerId, balanceAfter: 0 });
    // Replay of the same reversal: the first result.
    expect(await reverse(ctx, c.ledgerId, rk)).toEqual({ ...r, replayed: true });
    // A second reversal with another key is refused.
    await expect(reverse(ctx, c.ledgerId, key())).rejects.toThrow(/already reversed/);
    expect(await summary(ctx, m)).toMatchObject({ balance: 0, totalIncome: 0, todayIncome: 80 });
    expect(await ledgerOf(m)).toHaveLength(2);
  });

  it('reversing a credit already spent is refused (balance never negative); a debit reversal refunds', async () => {
    const m = await newMember(ctx);
    const c = await credit(ctx, { memberId: m, amount: 50, reason: 'task', source: 't', idempotencyKey: key() });
    const d = await debit(ctx, { memberId: m, amount: 40, reason: 'exchange', source: 'e', idempotencyKey: key() });
    await expect(reverse(ctx, c.ledgerId, key())).rejects.toMatchObject({ codeName: 'INSUFFICIENT_POINTS' });
    const refund = await reverse(ctx, d.ledgerId, key());
    expect(refund).toMatchObject({ amount: 40, balanceAfter: 50 });
    expect(await summary(ctx, m)).toMatchObject({ balance: 50, totalIncome: 50, totalSpent: 0 });
  });
});

describe('constraints', () => {
  it('the CHECK constraint rejects a direct negative balance', async () => {
    const m = await newMember(ctx);
    await credit(ctx, { memberId: m, amount: 5, reason: 'task', source: 't', idempotencyKey: key() });
    await expect(
      ctx.db
        .update(pointBalances)
        .set({ balance: sql`${pointBalances.balance} - 6` })
        .where(eq(pointBalances.memberId, m)),
    ).rejects.toThrow();
    expect(await balanceOf(ctx.db, m)).toBe(5);
  });

  it('the ledger refuses a zero amount and a duplicate key at the database level', async () => {
    const m = await newMember(ctx);
    const base = { memberId: m, balanceAfter: 0, reason: 'task', source: 't' };
    await expect(ctx.db.insert(pointLedger).values({ ...base, amount: 0, idempotencyKey: key() })).rejects.toThrow();
    const k = key();
    await ctx.db.insert(pointLedger).values({ ...base, amount: 1, idempotencyKey: k });
    await expect(ctx.db.insert(pointLedger).values({ ...base, amount: 1, idempotencyKey: k })).rejects.toThrow();
  });
});

describe('days in Asia/Shanghai', () => {
  it('maps instants to Beijing days', () => {
    expect(shanghaiDay(Date.parse('2030-01-01T23:59:00+08:00'))).toBe('2030-01-01');
    expect(shanghaiDay(Date.parse('2030-01-02T00:01:00+08:00'))).toBe('2030-01-02');
    expect(shanghaiDayStart('2030-01-02')).toBe(Date.parse('2030-01-02T00:00:00+08:00'));
  });

  it('todayIncome and monthIncome follow the Beijing calendar', async () => {
    const m = await newMember(ctx);
    const at = (iso: string) => Date.parse(iso);
    await credit(ctx, {
      memberId: m,
      amount: 1,
      reason: 'task',
      source: 't',
      idempotencyKey: key(),
      at: at('2030-01-31T23:59:00+08:00'),
    });
    await credit(ctx, {
      memberId: m,
      amount: 2,
      reason: 'task',
      source: 't',
      idempotencyKey: key(),
      at: at('2030-02-01T00:01:00+08:00'),
    });
    await credit(ctx, {
      memberId: m,
      amount: 4,
      reason: 'task',
      source: 't',
      idempotencyKey: key(),
      at: at('2030-02-02T23:59:00+08:00'),
    });
    await debit(ctx, {
      memberId: m,
      amount: 3,
      reason: 'exchange',
      source: 'e',
      idempotencyKey: key(),
      at: at('2030-02-02T12:00:00+08:00'),
    });
    const saved = t;
    try {
      t = at('2030-02-02T23:59:30+08:00');
      expect(await summary(ctx, m)).toMatchObject({
        balance: 4,
        todayIncome: 4,
        monthIncome: 6,
        totalIncome: 7,
        totalSpent: 3,
      });
      t = at('2030-02-03T00:00:30+08:00');
      expect(await summary(ctx, m)).toMatchObject({ todayIncome: 0, monthIncome: 6 });
      t = at('2030-02-01T00:00:30+08:00');
      expect(await summary(ctx, m)).toMatchObject({ todayIncome: 2, monthIncome: 6 });
    } finally {
      t = saved;
    }
  });
});
