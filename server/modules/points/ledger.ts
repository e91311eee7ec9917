/**
 * The points ledger: the only way a member's points change (DESIGN §5 "Points are money").
 *
 * - `credit(ctx | tx, { memberId, amount, reason, source, idempotencyKey })` and `debit(...)` write
 *   one append-only ledger row and update the balance in ONE transaction (a savepoint when given an
 *   outer transaction). A debit is a conditional update (`balance >= n`); zero rows → AppError
 *   INSUFFICIENT_POINTS and nothing is written. The CHECK (balance >= 0) backs it.
 * - Idempotency: the key is UNIQUE. A replay (same key) changes nothing and returns the FIRST result
 *   (`replayed: true`); a replay whose member, amount or status differ throws IdempotencyConflictError.
 *   These rules are the kernel's ledger writer (server/kernel/ledger.ts); this file is the points book.
 * - `reverse(ctx | tx, ledgerId, key)` writes a new row with the opposite amount (reason `reversal`);
 *   rows are never edited. A row is reversed at most once.
 * - `summary(ctx, memberId)` → the contract's PointsSummary; `balanceOf(db, memberId)`.
 *
 * Days are Beijing calendar days (server/kernel/time.ts).
 */
import { and, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PointsSummary } from '../../../openapi/schemas/points';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import { pointBalances, pointLedger } from '../../db/schema-points';
import { AppError } from '../../http/errors';
import type { Executor, Tx } from '../../kernel/db';
import {
  assertPositiveAmount,
  ledgerTarget,
  postOnce,
  rowByKey,
  type LedgerBook,
  type LedgerEntry,
} from '../../kernel/ledger';
import { addEarned } from './earned';
import { DAY_MS, shanghaiDay, shanghaiDayStart, shanghaiMonth } from '../../kernel/time';

export const POINTS_PER_YUAN = 100;

export type LedgerReason =
  'checkin' | 'task' | 'exchange' | 'reversal' | 'invite' | 'lottery' | 'adjust' | (string & {});

export interface LedgerEntryArgs {
  memberId: number;
  /** Positive integer; the sign comes from credit/debit. */
  amount: number;
  reason: LedgerReason;
  source: string;
  idempotencyKey: string;
  /** `pending` credits go to `pending`, not to the spendable balance. Default `posted`. */
  status?: 'posted' | 'pending';
  /** When (epoch ms). Defaults to `ctx.now()` when a context is given. */
  at?: number;
}

export interface LedgerResult {
  ledgerId: number;
  memberId: number;
  /** Signed: positive credit, negative debit. */
  amount: number;
  balanceAfter: number;
  status: 'posted' | 'pending';
  /** True when this key had been used before and nothing changed now. */
  replayed: boolean;
}

interface PointEntry extends LedgerEntry {
  reason: string;
  source: string;
  status: 'posted' | 'pending';
  reversesId: number | null;
}

const pointsBook: LedgerBook<typeof pointLedger, PointEntry> = {
  table: pointLedger,
  keyConstraint: 'point_ledger_idempotency_key_unique',
  applyToBalance,
  row: (e, balanceAfter) => ({
    memberId: e.memberId,
    amount: e.amount,
    balanceAfter,
    reason: e.reason,
    source: e.source,
    idempotencyKey: e.key,
    reversesId: e.reversesId,
    status: e.status,
    createdAt: e.at,
  }),
  sameChange: (row, e) =>
    row.memberId === e.memberId &&
    row.amount === e.amount &&
    row.status === e.status &&
    row.reversesId === e.reversesId,
  // The ranking's 微豆 earned per period (earned.ts), in the ledger row's transaction.
  afterAppend: addEarned,
};

async function post(db: Executor, e: PointEntry): Promise<LedgerResult> {
  const { row, replayed } = await postOnce(db, pointsBook, e);
  return {
    ledgerId: row.id,
    memberId: row.memberId,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    status: row.status as 'posted' | 'pending',
    replayed,
  };
}

/** Update (or create) the balance row; returns the spendable balance afterwards. */
async function applyToBalance(tx: Tx, e: PointEntry): Promise<number> {
  const n = Math.abs(e.amount);
  const b = pointBalances;
  if (e.status === 'pending') {
    if (e.amount < 0) throw new Error('pending debits are not supported');
    const [row] = await tx
      .insert(b)
      .values({ memberId: e.memberId, pending: n, updatedAt: e.at })
      .onConflictDoUpdate({ target: b.memberId, set: { pending: sql`${b.pending} + ${n}`, updatedAt: e.at } })
      .returning({ balance: b.balance });
    return row!.balance;
  }
  const isReversal = e.reason === 'reversal';
  if (e.amount > 0) {
    // A credit; a reversed debit (refund) lowers total_spent instead of raising total_income.
    const set = isReversal
      ? { balance: sql`${b.balance} + ${n}`, totalSpent: sql`greatest(${b.totalSpent} - ${n}, 0)`, updatedAt: e.at }
      : { balance: sql`${b.balance} + ${n}`, totalIncome: sql`${b.totalIncome} + ${n}`, updatedAt: e.at };
    const [row] = await tx
      .insert(b)
      .values({ memberId: e.memberId, balance: n, totalIncome: isReversal ? 0 : n, updatedAt: e.at })
      .onConflictDoUpdate({ target: b.memberId, set })
      .returning({ balance: b.balance });
    return row!.balance;
  }
  // A debit: spend only if enough (atomic under READ COMMITTED: the row lock serialises spenders).
  const set = isReversal
    ? { balance: sql`${b.balance} - ${n}`, totalIncome: sql`greatest(${b.totalIncome} - ${n}, 0)`, updatedAt: e.at }
    : { balance: sql`${b.balance} - ${n}`, totalSpent: sql`${b.totalSpent} + ${n}`, updatedAt: e.at };
  const rows = await tx
    .update(b)
    .set(set)
    .where(and(eq(b.memberId, e.memberId), gte(b.balance, n)))
    .returning({ balance: b.balance });
  if (!rows[0]) throw new AppError('INSUFFICIENT_POINTS');
  return rows[0].balance;
}

/** Add points. Idempotent on `idempotencyKey`. */
export async function credit(target: AppContext | Executor, args: LedgerEntryArgs): Promise<LedgerResult> {
  assertPositiveAmount(args.amount);
  const { db, at } = ledgerTarget(target, args.at);
  return post(db, {
    memberId: args.memberId,
    amount: args.amount,
    reason: args.reason,
    source: args.source,
    key: args.idempotencyKey,
    status: args.status ?? 'posted',
    reversesId: null,
    at,
  });
}

/** Spend points: AppError INSUFFICIENT_POINTS (nothing written) when the balance is short. */
export async function debit(
  target: AppContext | Executor,
  args: Omit<LedgerEntryArgs, 'status'>,
): Promise<LedgerResult> {
  assertPositiveAmount(args.amount);
  const { db, at } = ledgerTarget(target, args.at);
  return post(db, {
    memberId: args.memberId,
    amount: -args.amount,
    reason: args.reason,
    source: args.source,
    key: args.idempotencyKey,
    status: 'posted',
    reversesId: null,
    at,
  });
}

/**
 * `debit()` as two steps (CTEs) of a caller's larger statement, so a write that must commit with
 * the debit (redeem) takes one round trip: `debited` spends `amount` only when the balance covers it
 * and the caller's step `guard` has a row; `debit_row` appends the ledger row (reason `exchange`)
 * under the idempotency key, none when the key was used before. The caller reads both: unless each
 * has a row it must roll back (the balance may have changed with no row to say so). A debit is not
 * earned, so the ranking aggregate (earned.ts) is untouched, as in `debit()`.
 * Placeholders: memberId, amount (positive), source, key, at (ISO text).
 */
export function debitSteps(guard: string): SQL {
  const memberId = sql`${sql.placeholder('memberId')}::int`;
  const amount = sql`${sql.placeholder('amount')}::int`;
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  return sql`debited as (
    update point_balances
    set balance = balance - ${amount}, total_spent = total_spent + ${amount}, updated_at = ${at}
    where member_id = ${memberId} and balance >= ${amount} and exists (select from ${sql.identifier(guard)})
    returning balance
  ), debit_row as (
    insert into point_ledger (member_id, amount, balance_after, reason, source, idempotency_key, status, created_at)
    select ${memberId}, -${amount}, balance, 'exchange', ${sql.placeholder('source')}::text, ${sql.placeholder('key')}::text, 'posted', ${at}
    from debited
    on conflict (idempotency_key) do nothing
    returning id
  )`;
}

/**
 * Reverse a posted ledger row with a new row of the opposite amount. Reversing a credit the member
 * has already spent fails with INSUFFICIENT_POINTS (the balance never goes negative).
 */
export async function reverse(
  target: AppContext | Executor,
  ledgerId: number,
  idempotencyKey: string,
  opts: { source?: string; at?: number } = {},
): Promise<LedgerResult> {
  const { db, at } = ledgerTarget(target, opts.at);
  const [orig] = await db.select().from(pointLedger).where(eq(pointLedger.id, ledgerId)).limit(1);
  if (!orig) throw new Error(`ledger row ${ledgerId} not found`);
  if (orig.status !== 'posted') throw new Error(`ledger row ${ledgerId} is not posted`);
  if (orig.reversesId !== null) throw new Error(`ledger row ${ledgerId} is itself a reversal`);
  const replay = await rowByKey(db, pointLedger, idempotencyKey);
  if (!replay) {
    const [already] = await db.select().from(pointLedger).where(eq(pointLedger.reversesId, ledgerId)).limit(1);
    if (already) throw new Error(`ledger row ${ledgerId} is already reversed (row ${already.id})`);
  }
  return post(db, {
    memberId: orig.memberId,
    amount: -orig.amount,
    reason: 'reversal',
    source: opts.source ?? `ledger:${ledgerId}`,
    key: idempotencyKey,
    status: 'posted',
    reversesId: orig.id,
    at,
  });
}

/* ---- reading ---- */

export async function balanceOf(db: Executor, memberId: number): Promise<number> {
  const [row] = await db
    .select({ balance: pointBalances.balance })
    .from(pointBalances)
    .where(eq(pointBalances.memberId, memberId))
    .limit(1);
  return row?.balance ?? 0;
}

export type PointsSummaryData = z.output<typeof PointsSummary>;

/**
 * `/v1/points` runs on every home and task page: one prepared statement per database, one round
 * trip — this month's income (an aggregate, always one row) with the balance row joined to it.
 */
function prepareSummary(db: Database) {
  const memberId = sql.placeholder('memberId');
  const dayStart = sql.placeholder('dayStart');
  const dayEnd = sql.placeholder('dayEnd');
  // Posted credits that are not reversals, this month; today's are the part of them since dayStart.
  const income = db
    .select({
      today:
        sql<number>`coalesce(sum(${pointLedger.amount}) filter (where ${pointLedger.createdAt} >= ${dayStart} and ${pointLedger.createdAt} < ${dayEnd}), 0)`.as(
          'today',
        ),
      month: sql<number>`coalesce(sum(${pointLedger.amount}), 0)`.as('month'),
    })
    .from(pointLedger)
    .where(
      and(
        eq(pointLedger.memberId, memberId),
        eq(pointLedger.status, 'posted'),
        gt(pointLedger.amount, 0),
        isNull(pointLedger.reversesId),
        gte(pointLedger.createdAt, sql.placeholder('monthStart')),
        lt(pointLedger.createdAt, sql.placeholder('monthEnd')),
      ),
    )
    .as('income');
  return db
    .select({
      balance: pointBalances.balance,
      pending: pointBalances.pending,
      totalIncome: pointBalances.totalIncome,
      totalSpent: pointBalances.totalSpent,
      today: income.today,
      month: income.month,
    })
    .from(income)
    .leftJoin(pointBalances, eq(pointBalances.memberId, memberId))
    .prepare('points_summary');
}
const summaryByDb = new WeakMap<Database, ReturnType<typeof prepareSummary>>();

export async function summary(ctx: AppContext, memberId: number): Promise<PointsSummaryData> {
  const today = shanghaiDay(ctx.now());
  const dayStart = shanghaiDayStart(today);
  const month = shanghaiMonth(today);
  let q = summaryByDb.get(ctx.db);
  if (!q) summaryByDb.set(ctx.db, (q = prepareSummary(ctx.db)));
  const iso = (ms: number) => new Date(ms).toISOString();
  const [row] = await q.execute({
    memberId,
    dayStart: iso(dayStart),
    dayEnd: iso(dayStart + DAY_MS),
    monthStart: iso(month.start),
    monthEnd: iso(month.end),
  });
  return {
    balance: row?.balance ?? 0,
    pending: row?.pending ?? 0,
    todayIncome: Number(row?.today ?? 0),
    monthIncome: Number(row?.month ?? 0),
    totalIncome: row?.totalIncome ?? 0,
    totalSpent: row?.totalSpent ?? 0,
    pointsPerYuan: POINTS_PER_YUAN,
  };
}
