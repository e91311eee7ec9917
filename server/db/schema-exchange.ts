/**
 * Spending: rewards and their code stock, exchanges with every state change, real-name
 * verification and the delivery address. Listed with the other schema files in server/db/tables.ts.
 *
 * Money rules: an exchange's points move only through the ledger (`debit_ledger_id`, and
 * `refund_ledger_id` for the one refund); stock never goes negative (CHECK plus a conditional
 * update); a request key is unique per member, so a replayed redeem finds the first exchange.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt, memberId, memberKey, refTo } from './columns';
import { pointLedger } from './schema-points';

/** What can be redeemed. Type per spec §3: 1 cash, 2 virtual, 3 physical. */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    /** Image URLs, the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    pointsCost: integer('points_cost').notNull(),
    /** Face value in fen. */
    faceValue: integer('face_value').notNull().default(0),
    /** Units left. For virtual rewards it grows when codes are loaded. */
    stock: integer('stock').notNull().default(0),
    /** Per member, over all time / per Beijing day; null = no limit. */
    limitTotal: integer('limit_total'),
    limitDaily: integer('limit_daily'),
    /** Minimum benefit level (权益等级, from credit). */
    minLevel: integer('min_level').notNull().default(0),
    /** Minimum answer-quality level (openapi/rules/quality.ts QUALITY_LEVELS, 0 = any; see meetsQualityLevel). */
    minQualityLevel: smallint('min_quality_level').notNull().default(0),
    requireIdentity: boolean('require_identity').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Catalogue order, ascending. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('rewards_type', sql`${t.type} in (1, 2, 3)`),
    check('rewards_points_positive', sql`${t.pointsCost} > 0`),
    check('rewards_face_nonneg', sql`${t.faceValue} >= 0`),
    check('rewards_stock_nonneg', sql`${t.stock} >= 0`),
    check('rewards_limits_positive', sql`coalesce(${t.limitTotal}, 1) > 0 and coalesce(${t.limitDaily}, 1) > 0`),
    check('rewards_min_level_nonneg', sql`${t.minLevel} >= 0`),
    check('rewards_min_quality_level', sql`${t.minQualityLevel} between 0 and 3`),
    index('rewards_catalogue_idx').on(t.active, t.type, t.sort),
  ],
);

/** Codes / card numbers of a virtual reward, loaded by the operator; each is issued at most once. */
export const rewardCodes = pgTable(
  'reward_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rewardId: refTo('reward_id', () => rewards.id),
    code: text('code').notNull(),
    /** The exchange it was issued to; null while still in stock. */
    exchangeId: integer('exchange_id')
      .unique()
      .references((): AnyPgColumn => exchanges.id),
    issuedAt: at('issued_at'),
    /** Who loaded it (operator name). */
    loadedBy: text('loaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reward_codes_reward_code_unique').on(t.rewardId, t.code),
    index('reward_codes_free_idx')
      .on(t.rewardId, t.id)
      .where(sql`${t.exchangeId} is null`),
  ],
);

/**
 * One redemption. State per spec §3 ExchangeState: 0 pending review, 1 issued, 2 to be issued,
 * 3 revoked, 4 rejected, 5 issuing failed. Allowed moves: server/modules/exchange/states.ts.
 */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    rewardId: refTo('reward_id', () => rewards.id),
    /** Snapshots at redemption (the reward may change later). */
    rewardType: smallint('reward_type').notNull(),
    title: text('title').notNull(),
    faceValue: integer('face_value').notNull(),
    /** 微豆 debited; 0 for a prize won on the lucky wheel (no debit, `debit_ledger_id` null). */
    points: integer('points').notNull(),
    state: smallint('state').notNull().default(0),
    /** The client's key for this redemption; a replay finds this row. */
    requestKey: text('request_key').notNull(),
    debitLedgerId: bigint('debit_ledger_id', { mode: 'number' }).references(() => pointLedger.id),
    /** Set once, when rejected / revoked / failed refunds the points. */
    refundLedgerId: bigint('refund_ledger_id', { mode: 'number' }).references(() => pointLedger.id),
    /** Cash: `{ platform, openId, nickname }` of the bound account at redemption. */
    payout: jsonb('payout').$type<{ platform: 1 | 4; openId: string; nickname: string | null }>(),
    /** Physical: the consignee at redemption. */
    shipping: jsonb('shipping').$type<{ name: string; mobile: string; regionName: string; address: string }>(),
    codeId: bigint('code_id', { mode: 'number' }).references(() => rewardCodes.id),
    transferRef: text('transfer_ref'),
    trackingNo: text('tracking_no'),
    /** Why it was rejected / revoked / failed (shown to the member). */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('exchanges_state', sql`${t.state} in (0, 1, 2, 3, 4, 5)`),
    check('exchanges_points_nonneg', sql`${t.points} >= 0`),
    // A paid exchange has its debit; only a 0 微豆 one (a lottery prize) has none.
    check('exchanges_debit_iff_paid', sql`(${t.points} > 0) = (${t.debitLedgerId} is not null)`),
    unique('exchanges_member_request_key_unique').on(t.memberId, t.requestKey),
    uniqueIndex('exchanges_refund_ledger_unique')
      .on(t.refundLedgerId)
      .where(sql`${t.refundLedgerId} is not null`),
    index('exchanges_member_idx').on(t.memberId, t.createdAt),
    index('exchanges_member_reward_idx').on(t.memberId, t.rewardId, t.createdAt),
    // The review queue's pages (state 0, oldest first, id breaking ties) read in index order.
    index('exchanges_state_idx').on(t.state, t.createdAt, t.id),
  ],
);

/** Every state change of an exchange, append-only: who (member / operator name / system), why, when. */
export const exchangeEvents = pgTable(
  'exchange_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    exchangeId: refTo('exchange_id', () => exchanges.id),
    /** null for the redemption itself. */
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    /** member, operator or system. */
    actorType: text('actor_type').notNull(),
    /** Member id as text, the operator's name, or `system`. Never shown to members. */
    actorName: text('actor_name').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('exchange_events_actor', sql`${t.actorType} in ('member', 'operator', 'system')`),
    index('exchange_events_exchange_idx').on(t.exchangeId, t.id),
  ],
);

/**
 * Real-name verification, one per member. The ID number itself is never stored: only a masked form
 * for display and an HMAC (keyed with the server secret) that makes one ID number verify one account.
 */
export const idVerifications = pgTable('id_verifications', {
  memberId: memberKey(),
  /** Full name as on the ID card (operators need it to match cash payouts). */
  realName: text('real_name').notNull(),
  idNumberMasked: text('id_number_masked').notNull(),
  idNumberHash: text('id_number_hash').notNull().unique(),
  /** IdVerifyState: 2 verified (the only state written today). */
  state: smallint('state').notNull(),
  verifiedAt: at('verified_at'),
  createdAt: createdAt(),
});

/**
 * Each check of a name + ID number with the 二要素 provider (server/providers/identity). A row is
 * written `pending` before the call (so concurrent submissions cannot overspend the day's tries)
 * and settled with the answer: `match`, `mismatch`, `not_found`, or `error` (the provider could not
 * answer; costs no try). Tries used on a Beijing day = its pending + mismatch + not_found rows.
 * Neither the name nor the number is kept here.
 */
export const idVerifyAttempts = pgTable(
  'id_verify_attempts',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    /** Beijing calendar day (YYYY-MM-DD) of the attempt. */
    day: text('day').notNull(),
    result: text('result').notNull(),
    /** Which provider answered (sandbox, aliyun). */
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('id_verify_attempts_result', sql`${t.result} in ('pending', 'match', 'mismatch', 'not_found', 'error')`),
    index('id_verify_attempts_member_day_idx').on(t.memberId, t.day),
  ],
);

/** The member's delivery address (one per member). Region ids are GB/T 2260 codes. */
export const consignees = pgTable('consignees', {
  memberId: memberKey(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull(),
  provinceId: integer('province_id').notNull(),
  cityId: integer('city_id').notNull(),
  countyId: integer('county_id').notNull(),
  address: text('address').notNull(),
  updatedAt: updatedAt(),
});
