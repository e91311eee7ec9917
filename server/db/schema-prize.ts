/**
 * Tables of prize trials (产品试用, `/prize`): the trials operators publish (with the draw's seed,
 * whose SHA-256 is public from the start) and the members' applications with what the draw gave
 * each. Listed with the other schema files in tables.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, memberId } from './columns';
import { polls } from './schema-tasks';

export const prizeTrials = pgTable(
  'prize_trials',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Product image URLs, first is the cover. */
    images: jsonb('images').$type<string[]>().notNull(),
    /** How many units are given (= winners drawn). */
    units: integer('units').notNull(),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    /** Minimum answer-quality level (openapi/rules/quality.ts); 0 for anyone. */
    minQualityLevel: integer('min_quality_level').notNull().default(0),
    /** Province (GB/T 2260) the consignee address must be in; null for anywhere. */
    provinceId: integer('province_id'),
    /** In-house poll a member must have completed (and qualified in) before applying; null for none. */
    screenerPollId: integer('screener_poll_id').references(() => polls.id),
    /** In-house poll a winner fills in once the product was shipped (试用报告); null for none. */
    reportPollId: integer('report_poll_id').references(() => polls.id),
    /** 微豆 credited once per winner for the report (0 when there is no report). */
    reportPoints: integer('report_points').notNull().default(0),
    /** The draw's seed (64 hex digits); answered only once drawn. */
    seed: text('seed').notNull(),
    /** SHA-256 of the seed, public from creation. */
    seedHash: text('seed_hash').notNull(),
    /** The draw rule of its applicants' keys (openapi/rules/prize.ts prizeApplicantKey); 1 before 2026-11-29. */
    drawRule: integer('draw_rule').notNull(),
    drawnAt: at('drawn_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('prize_trials_units', sql`${t.units} > 0`),
    check('prize_trials_draw_rule', sql`${t.drawRule} in (1, 2)`),
    check('prize_trials_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('prize_trials_report_points', sql`${t.reportPoints} >= 0`),
    index('prize_trials_closes').on(t.closesAt),
  ],
);

export const prizeApplications = pgTable(
  'prize_applications',
  {
    id: serial('id').primaryKey(),
    trialId: integer('trial_id')
      .notNull()
      .references(() => prizeTrials.id),
    memberId: memberId(),
    /** Set by the draw: HMAC-SHA256(seed, applicant key). */
    digest: text('digest'),
    /** Set by the draw. */
    won: boolean('won'),
    /** A winner's delivery address chosen from their consignee (snapshot text). */
    shipTo: text('ship_to'),
    shipToAt: at('ship_to_at'),
    /** An operator marked the product sent (`ops prize ship`). */
    shippedAt: at('shipped_at'),
    /** The winner's report-back answers (validated against the report poll), once. */
    reportAnswers: jsonb('report_answers'),
    reportedAt: at('reported_at'),
    /** The ledger row of the report's credit (key `prize-report:<application id>`). */
    reportLedgerId: bigint('report_ledger_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('prize_applications_once').on(t.trialId, t.memberId)],
);
