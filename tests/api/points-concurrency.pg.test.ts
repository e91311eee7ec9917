/**
 * Races on real PostgreSQL (PGlite has one connection and cannot race). The app's pg Pool
 * (10 connections, the pg default) carries every request. Collected only when DATABASE_URL is set (vitest.config.ts);
 * CI runs the api project on both databases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { checkins, pointBalances, pointLedger } from '../../server/db/schema-points';
import { AppError } from '../../server/http/errors';
import { credit, debit } from '../../server/modules/points/ledger';
import { freshMobile, harness, type Harness } from './accounts-helpers';
import { newMember } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('points-concurrency.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

describe('concurrency on PostgreSQL', () => {
  let h: Harness;
  let ctx: AppContext;

  beforeAll(async () => {
    h = await harness('points-concurrency');
    ctx = (h.app as unknown as { ctx: AppContext }).ctx;
    expect(ctx.driver).toBe('postgres');
  });
  afterAll(() => h.env.cleanup());

  it('300 concurrent credits and debits on one member: sum(ledger) = balance, never negative', async () => {
    const m = await newMember(ctx);
    const N = 300;
    // Deterministic mix: credits of 1..20, debits of 1..30 (so many debits must be refused),
    // and every 10th credit sent twice with the same key (a replay must credit once).
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 1 + (seed % n);
    };
    type Op = { kind: 'credit' | 'debit'; amount: number; key: string };
    const ops: Op[] = [];
    for (let i = 0; ops.length < N; i++) {
      const kind = i % 2 === 0 ? 'credit' : 'debit';
      const op: Op = { kind, amount: kind === 'credit' ? rand(20) : rand(30), key: `race:${m}:${i}` };
      ops.push(op);
      if (kind === 'credit' && i % 10 === 0 && ops.length < N) ops.push({ ...op });
    }
    const started = performance.now();
    const outcomes = await Promise.all(
      ops.map(async (op) => {
        const args = {
          memberId: m,
          amount: op.amount,
          reason: op.kind === 'credit' ? 'task' : 'exchange',
          source: 'race',
          idempotencyKey: op.key,
        };
        try {
          const r = op.kind === 'credit' ? await credit(ctx, args) : await debit(ctx, args);
          return { op, ok: true as const, replayed: r.replayed, balanceAfter: r.balanceAfter };
        } catch (err) {
          if (err instanceof AppError && err.codeName === 'INSUFFICIENT_POINTS') return { op, ok: false as const };
          throw err;
        }
      }),
    );
    const ms = performance.now() - started;

    const [bal] = await ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, m));
    const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m)).orderBy(pointLedger.id);
    const sum = rows.reduce((s, r) => s + r.amount, 0);
    const applied = outcomes.filter((o) => o.ok && !o.replayed);
    const replays = outcomes.filter((o) => o.ok && o.replayed);
    const refused = outcomes.filter((o) => !o.ok);

    // Conservation: the ledger explains the balance exactly.
    expect(bal!.balance).toBe(sum);
    expect(bal!.balance).toBeGreaterThanOrEqual(0);
    expect(rows).toHaveLength(applied.length);
    expect(bal!.totalIncome - bal!.totalSpent).toBe(sum);
    // Every replayed key credited once.
    const dupKeys = ops.length - new Set(ops.map((o) => o.key)).size;
    expect(replays).toHaveLength(dupKeys);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(rows.length);
    // Replaying the chain in ledger order: each row moves the balance by its amount and never
    // below zero, so every debit that went through had the funds.
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balanceAfter).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }
    // Only debits are refused, and a refused debit wrote nothing.
    expect(refused.every((o) => o.op.kind === 'debit')).toBe(true);
    const debitsOk = applied.filter((o) => o.op.kind === 'debit').length;
    expect(debitsOk).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    console.info(
      `[points race] n=${ops.length} (${dupKeys} replays) in ${ms.toFixed(0)} ms on a pool of 10: ` +
        `${applied.length} applied (${debitsOk} debits), ${refused.length} debits refused, ` +
        `balance ${bal!.balance} = sum(ledger) ${sum}, min balance_after ${Math.min(...rows.map((r) => r.balanceAfter))}`,
    );
  });

  it('balance 100, 250 concurrent debits of 1: exactly 100 go through, the balance ends at 0', async () => {
    const m = await newMember(ctx);
    await credit(ctx, { memberId: m, amount: 100, reason: 'task', source: 'seed', idempotencyKey: `fund:${m}` });
    const results = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        debit(ctx, { memberId: m, amount: 1, reason: 'exchange', source: 'race', idempotencyKey: `spend:${m}:${i}` })
          .then(() => 'ok' as const)
          .catch((err: unknown) => {
            if (err instanceof AppError && err.codeName === 'INSUFFICIENT_POINTS') return 'refused' as const;
            throw err;
          }),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);
    expect(results.filter((r) => r === 'refused')).toHaveLength(150);
    const [bal] = await ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, m));
    expect(bal).toMatchObject({ balance: 0, totalIncome: 100, totalSpent: 100 });
    const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m));
    expect(rows).toHaveLength(101);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(Math.min(...rows.map((r) => r.balanceAfter))).toBe(0);
  });

  it('400 concurrent credits and debits across 20 members: every member conserved, never negative', async () => {
    const ms: number[] = [];
    for (let i = 0; i < 20; i++) ms.push(await newMember(ctx));
    const ops = Array.from({ length: 400 }, (_, i) => ({
      memberId: ms[i % ms.length]!,
      kind: i % 3 === 2 ? ('debit' as const) : ('credit' as const),
      amount: 1 + ((i * 7) % 13),
      key: `multi:${i}`,
    }));
    await Promise.all(
      ops.map((op) => {
        const args = {
          memberId: op.memberId,
          amount: op.amount,
          reason: op.kind === 'credit' ? 'task' : 'exchange',
          source: 'race',
          idempotencyKey: op.key,
        };
        return (op.kind === 'credit' ? credit(ctx, args) : debit(ctx, args)).catch((err: unknown) => {
          if (err instanceof AppError && err.codeName === 'INSUFFICIENT_POINTS') return null;
          throw err;
        });
      }),
    );
    for (const m of ms) {
      const [bal] = await ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, m));
      const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m)).orderBy(pointLedger.id);
      let running = 0;
      for (const r of rows) {
        running += r.amount;
        expect(r.balanceAfter).toBe(running);
        expect(running).toBeGreaterThanOrEqual(0);
      }
      expect(bal!.balance).toBe(running);
      expect(bal!.totalIncome - bal!.totalSpent).toBe(running);
    }
  });

  it('50 concurrent check-ins for one member and day credit exactly once', async () => {
    h.clock.set(Date.parse('2030-08-08T10:00:00+08:00'));
    const login = await h.register(freshMobile());
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => h.call('POST', '/api/v1/users/checkin', { token: login.token })),
    );
    const ms = performance.now() - started;
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 5629)).toHaveLength(49);
    for (const r of replies) expect(r.data).toEqual({ points: 5, streak: 1, balance: 5 });
    const id = login.member.id;
    expect(await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, id))).toHaveLength(1);
    expect(await ctx.db.select().from(checkins).where(eq(checkins.memberId, id))).toHaveLength(1);
    const [bal] = await ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, id));
    expect(bal!.balance).toBe(5);
    console.info(`[checkin race] n=50 in ${ms.toFixed(0)} ms: 1 × 200, 49 × 5629, 1 ledger row, balance 5`);
  });
});
