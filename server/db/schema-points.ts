/**
 * The points ledger (微豆) and daily check-in. Listed with the other schema files in
 * server/db/tables.ts.
 *
 * Points are money (DESIGN §5): `point_ledger` is append-only (a reversal is a new row that points
 * at the one it reverses); `point_balances.balance` changes only in the same transaction as a ledger
 * row, never goes negative (conditional update in server/modules/points/ledger.ts plus a CHECK), and
 * every credit carries a unique idempotency key so a replay credits nothing.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, memberId, memberKey } from './columns';

/** One row per member with points: the current balance and running totals. */
export const pointBalances = pgTable(
  'point_balances',
  {
    memberId: memberKey(),
    /** Available points. */
    balance: integer('balance').notNull().default(0),
    /** Credits awaiting review (status `pending` in the ledger), not spendable. */
    pending: integer('pending').notNull().default(0),
    /** Sum of posted credits (less reversed credits). */
    totalIncome: integer('total_income').notNull().default(0),
    /** Sum of debits (less reversed debits). */
    totalSpent: integer('total_spent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('point_balances_balance_nonneg', sql`${t.balance} >= 0`),
    check('point_balances_pending_nonneg', sql`${t.pending} >= 0`),
    check('point_balances_income_nonneg', sql`${t.totalIncome} >= 0`),
    check('point_balances_spent_nonneg', sql`${t.totalSpent} >= 0`),
  ],
);

/** Every change of a member's points. Append-only: rows are never updated or deleted. */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: memberId(),
    /** Positive = credit, negative = debit; never zero. */
    amount: integer('amount').notNull(),
    /** The member's balance right after this row (posted rows); unchanged for pending rows. */
    balanceAfter: integer('balance_after').notNull(),
    /** checkin, task, exchange, reversal, invite, … */
    reason: text('reason').notNull(),
    /** What caused it, in words (a task's or reward's title, 连续签到第 3 天); members read it through `describePointsRow`. */
    source: text('source').notNull(),
    /** Unique per change; a replay with the same key changes nothing and answers like the first. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The row this one reverses (reason `reversal`). A row is reversed at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => pointLedger.id),
    /** posted or pending. */
    status: text('status').notNull().default('posted'),
    createdAt: createdAt(),
  },
  (t) => [
    check('point_ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('point_ledger_balance_after_nonneg', sql`${t.balanceAfter} >= 0`),
    check('point_ledger_status', sql`${t.status} in ('posted', 'pending')`),
    index('point_ledger_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('point_ledger_reverses_idx')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
  ],
);

/** One row per member and Beijing calendar day checked in. */
export const checkins = pgTable(
  'checkins',
  {
    memberId: memberId(),
    /** The calendar day in Asia/Shanghai. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Consecutive days including this one. */
    streak: integer('streak').notNull(),
    /** Points credited for this check-in. */
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    check('checkins_streak_positive', sql`${t.streak} >= 1`),
    check('checkins_points_nonneg', sql`${t.points} >= 0`),
  ],
);
