/**
 * Tables of the seasonal campaign kind (季节活动, `/christmas` is its first instance): the campaign
 * (dates, theme, how many draw chances each earning action gives), its prize pool (weights, stock)
 * and every draw with the inputs that decided it. Draw chances are not stored: they are counted
 * from participations and check-ins in the campaign's dates (server/modules/campaign/chances.ts).
 * Listed with the other schema files in tables.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, memberId, refTo, updatedAt } from './columns';

/** One campaign, configured by operators (`npm run ops -- campaign …`). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    /** The page's path segment, e.g. `christmas`. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** The page's colours and art (openapi/rules/campaign.ts CAMPAIGN_THEMES). */
    theme: text('theme').notNull(),
    description: text('description').notNull().default(''),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** Draw chances per task completed in the campaign's dates. */
    chancesPerTask: integer('chances_per_task').notNull().default(1),
    /** Draw chances per day checked in within the campaign's dates. */
    chancesPerCheckin: integer('chances_per_checkin').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaigns_dates', sql`${t.endsAt} > ${t.startsAt}`),
    check('campaigns_chances', sql`${t.chancesPerTask} >= 0 and ${t.chancesPerCheckin} >= 0`),
  ],
);

/** A prize of a campaign's pool. `stock` null: unlimited; kind none is the honest "谢谢参与". */
export const campaignPrizes = pgTable(
  'campaign_prizes',
  {
    id: serial('id').primaryKey(),
    campaignId: refTo('campaign_id', () => campaigns.id),
    name: text('name').notNull(),
    /** points (微豆, `points`) or none. */
    kind: text('kind').notNull(),
    points: integer('points'),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaign_prizes_kind', sql`${t.kind} in ('points', 'none')`),
    check(
      'campaign_prizes_shape',
      sql`(${t.kind} = 'points' and ${t.points} > 0) or (${t.kind} = 'none' and ${t.points} is null)`,
    ),
    check('campaign_prizes_weight', sql`${t.weight} >= 0`),
    check('campaign_prizes_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
    index('campaign_prizes_campaign_idx').on(t.campaignId, t.sort),
  ],
);

/** One draw: the lucky wheel's draw (its daily seed, the member's seed, the nonce) over the pool then. */
export const campaignDraws = pgTable(
  'campaign_draws',
  {
    id: serial('id').primaryKey(),
    campaignId: refTo('campaign_id', () => campaigns.id),
    memberId: memberId(),
    requestKey: text('request_key').notNull(),
    /** The Beijing day whose lucky-wheel seed (lottery_seeds) decided it. */
    day: text('day').notNull(),
    /** The member's n-th draw of this campaign on that day, from 1. */
    nonce: integer('nonce').notNull(),
    memberSeed: text('member_seed').notNull(),
    /** The draw rule it was drawn with (openapi/rules/lottery.ts DRAW_RULES); 1 before 2026-11-29. */
    drawRule: integer('draw_rule').notNull(),
    /** The draw's kind (`campaign:<slug>` at the time) and the member's public number (rule 2; null under rule 1). */
    drawKind: text('draw_kind'),
    drawMember: text('draw_member'),
    /** The pool in draw order with weights, as drawn against. */
    entries: jsonb('entries').$type<{ prizeId: number; weight: number }[]>().notNull(),
    roll: integer('roll').notNull(),
    drawnPrizeId: integer('drawn_prize_id')
      .notNull()
      .references(() => campaignPrizes.id),
    /** prize, none ("谢谢参与") or out_of_stock (the drawn prize had none left). */
    outcome: text('outcome').notNull(),
    prizeName: text('prize_name').notNull(),
    points: integer('points'),
    creditLedgerId: bigint('credit_ledger_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'campaign_draws_draw_rule',
      sql`(${t.drawRule} = 1) or (${t.drawRule} = 2 and ${t.drawKind} is not null and ${t.drawMember} is not null)`,
    ),
    check('campaign_draws_outcome', sql`${t.outcome} in ('prize', 'none', 'out_of_stock')`),
    uniqueIndex('campaign_draws_member_request_key').on(t.campaignId, t.memberId, t.requestKey),
    uniqueIndex('campaign_draws_member_day_nonce').on(t.campaignId, t.memberId, t.day, t.nonce),
    index('campaign_draws_member_idx').on(t.memberId, t.campaignId, t.id),
  ],
);
