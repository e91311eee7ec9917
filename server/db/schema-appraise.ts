/**
 * 月度答题之星 (/appraise): each Beijing month's run and its winners. Written only by the
 * monthly run (server/modules/appraise/run.ts) in one transaction: the run row, the winners, and
 * each award through the points ledger (key `appraise:YYYY-MM:<member>`). Listed with the other
 * schema files in server/db/tables.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, memberId } from './columns';

/** One row per month that has been run: a month has results once its row is here (even with no winners). */
export const appraiseRuns = pgTable('appraise_runs', {
  /** The Beijing month, YYYY-MM. */
  month: text('month').primaryKey(),
  /** Members with any counted answer in the month. */
  candidates: integer('candidates').notNull(),
  /** Members who met the minimums. */
  qualified: integer('qualified').notNull(),
  /** Who started it: `ops:<operator>`, `schedule`, `seed`. */
  ranBy: text('ran_by').notNull(),
  createdAt: createdAt(),
});

/** A month's winner: place, figures of the month and the award paid. */
export const appraiseWinners = pgTable(
  'appraise_winners',
  {
    month: text('month')
      .notNull()
      .references(() => appraiseRuns.month),
    rank: integer('rank').notNull(),
    memberId: memberId(),
    /** Valid answers in the month (the contribution ranked first). */
    valid: integer('valid').notNull(),
    /** Counted answers in the month. */
    counted: integer('counted').notNull(),
    /** valid / counted, 0–1. */
    rate: doublePrecision('rate').notNull(),
    /** 微豆 awarded for the place. */
    award: integer('award').notNull(),
    /** The points-ledger row that paid the award; null until paid. */
    ledgerId: bigint('ledger_id', { mode: 'number' }),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.rank] }),
    unique('appraise_winners_month_member_uq').on(t.month, t.memberId),
    check('appraise_winners_rank_ck', sql`${t.rank} >= 1`),
    check('appraise_winners_award_ck', sql`${t.award} >= 0`),
  ],
);
