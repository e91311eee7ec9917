/**
 * Tables of the lucky wheel (幸运大转盘, `/lottery`): its prizes (weight and stock), each version of
 * the prize table a draw is made against, the daily server seeds (committed by hash before the
 * Beijing day starts, revealed after it ends) and every spin with the inputs that decided it.
 * Listed with the other schema files in tables.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, memberId, updatedAt } from './columns';
import { exchanges, rewards } from './schema-exchange';

/** A prize on the wheel. `stock` null: unlimited. `kind` none is the honest "谢谢参与" slice. */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * points (微豆, `points`), benefit (a holding of `benefit_id`), reward (an exchange order of the
     * catalogue's `reward_id` at 0 微豆: coupons, cards, physical items) or none.
     */
    kind: text('kind').notNull(),
    points: integer('points'),
    benefitId: integer('benefit_id'),
    rewardId: integer('reward_id').references(() => rewards.id),
    /** Relative weight in the draw; 0 takes the prize off the wheel's draw. */
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lottery_prizes_kind', sql`${t.kind} in ('points', 'benefit', 'reward', 'none')`),
    check(
      'lottery_prizes_shape',
      sql`(${t.kind} = 'points' and ${t.points} > 0 and ${t.benefitId} is null and ${t.rewardId} is null) or (${t.kind} = 'benefit' and ${t.benefitId} is not null and ${t.points} is null and ${t.rewardId} is null) or (${t.kind} = 'reward' and ${t.rewardId} is not null and ${t.points} is null and ${t.benefitId} is null) or (${t.kind} = 'none' and ${t.points} is null and ${t.benefitId} is null and ${t.rewardId} is null)`,
    ),
    check('lottery_prizes_weight', sql`${t.weight} >= 0`),
    check('lottery_prizes_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** One version of the prize table: the prizes in draw order with their weights, frozen when made. */
export const lotteryTables = pgTable('lottery_tables', {
  version: serial('version').primaryKey(),
  entries: jsonb('entries').$type<{ prizeId: number; weight: number }[]>().notNull(),
  createdAt: createdAt(),
});

/** The server seed of one Beijing day: its SHA-256 hash is public from `created_at`, the seed after the day. */
export const lotterySeeds = pgTable('lottery_seeds', {
  /** YYYY-MM-DD, Beijing. */
  day: text('day').primaryKey(),
  /** 32 random bytes, hex; never answered before the day has ended. */
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  /** Set by the round (or an operator) once the day has ended. */
  revealedAt: at('revealed_at'),
  createdAt: createdAt(),
});

/** One spin: the draw's inputs, what it drew and what the member got, with the ledger rows. */
export const lotterySpins = pgTable(
  'lottery_spins',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    requestKey: text('request_key').notNull(),
    /** free, points (bought with 微豆) or benefit. */
    source: text('source').notNull(),
    day: text('day').notNull(),
    /** The member's n-th spin of the day, from 1. */
    nonce: integer('nonce').notNull(),
    memberSeed: text('member_seed').notNull(),
    /** The draw rule it was drawn with (openapi/rules/lottery.ts DRAW_RULES); 1 before 2026-11-29. */
    drawRule: integer('draw_rule').notNull(),
    /** The member's public number in the draw's message (rule 2; null under rule 1). */
    drawMember: text('draw_member'),
    tableVersion: integer('table_version')
      .notNull()
      .references(() => lotteryTables.version),
    /** The draw's number in [0, total weight). */
    roll: integer('roll').notNull(),
    /** The prize the number fell on. */
    drawnPrizeId: integer('drawn_prize_id')
      .notNull()
      .references(() => lotteryPrizes.id),
    /** prize (awarded), none (a "谢谢参与" slice) or out_of_stock (the drawn prize had none left). */
    outcome: text('outcome').notNull(),
    prizeName: text('prize_name').notNull(),
    points: integer('points'),
    /** 微豆 paid for a bought spin, else 0. */
    cost: integer('cost').notNull().default(0),
    holdingId: integer('holding_id'),
    /** The exchange order a reward prize made (0 微豆, follows the exchange's states). */
    exchangeId: integer('exchange_id').references(() => exchanges.id),
    debitLedgerId: bigint('debit_ledger_id', { mode: 'number' }),
    creditLedgerId: bigint('credit_ledger_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('lottery_spins_source', sql`${t.source} in ('free', 'points', 'benefit')`),
    check('lottery_spins_draw_rule', sql`(${t.drawRule} = 1) or (${t.drawRule} = 2 and ${t.drawMember} is not null)`),
    check('lottery_spins_outcome', sql`${t.outcome} in ('prize', 'none', 'out_of_stock')`),
    uniqueIndex('lottery_spins_member_request_key').on(t.memberId, t.requestKey),
    uniqueIndex('lottery_spins_member_day_nonce').on(t.memberId, t.day, t.nonce),
    index('lottery_spins_member_idx').on(t.memberId, t.id),
  ],
);
