/**
 * The ranking (排行榜): 微豆 earned per member per Beijing week and month, and the
 * answering-tips articles shown beside the board. Listed with the other schema files in
 * server/db/tables.ts.
 *
 * `ranking_earned` is an aggregate of `point_ledger`, never written by hand: the points book
 * (server/modules/points/ledger.ts, through the kernel's one ledger writer) adds to it in the same
 * transaction as each ledger row that counts; `npm run ops -- ranking rebuild` recomputes it from
 * the ledger. What counts is in server/modules/points/earned.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, memberId, updatedAt } from './columns';

/** One row per member, period kind and period start: the net 微豆 earned in that period. */
export const rankingEarned = pgTable(
  'ranking_earned',
  {
    /** `week` (Monday-start) or `month`, Beijing time. */
    period: text('period').notNull(),
    /** The Beijing calendar day the period starts. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    memberId: memberId(),
    /** Credits earned in the period less their reversals; never below 0. */
    amount: integer('amount').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.periodStart, t.memberId] }),
    // Top N (ordered scan) and a member's rank (count of amounts above theirs) read this index.
    index('ranking_earned_board_idx').on(t.period, t.periodStart, t.amount.desc(), t.memberId),
  ],
);

/** An answering-tips article. `content` is sanitized HTML (server/kernel/html.ts) when stored. */
export const rankingTips = pgTable(
  'ranking_tips',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** One line shown in the list. */
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Unpublished articles are kept but answer as missing. */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ranking_tips_sort_idx')
      .on(t.sort, t.id)
      .where(sql`${t.published}`),
  ],
);
