/**
 * Credit (权益值) and benefits (权益): the credit balance and ledger, the benefit catalogue and the
 * benefits members hold. Listed with the other schema files in server/db/tables.ts.
 *
 * Credit follows the points rules (DESIGN §5): `credit_ledger` is append-only, `credit_balances`
 * changes only in the same transaction as a ledger row, never goes negative (conditional update in
 * server/modules/credits/ledger.ts plus a CHECK), and every change carries a UNIQUE idempotency key.
 *
 * A member's benefit holding is used at most once: the use is a conditional update
 * (`status = 'unused'`), and a partial unique index allows one use of a kind per target
 * (one boost per task, one coupon per exchange) so an effect can never double.
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
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt, memberId, memberKey, refTo } from './columns';
import { members } from './schema';
import { pointLedger } from './schema-points';

/* ---- credit (权益值) ---- */

export const creditBalances = pgTable(
  'credit_balances',
  {
    memberId: memberKey(),
    /** Spendable credit. */
    balance: integer('balance').notNull().default(0),
    /** Sum of positive changes (the level is computed from it; spending never lowers a level). */
    totalEarned: integer('total_earned').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('credit_balances_balance_nonneg', sql`${t.balance} >= 0`),
    check('credit_balances_earned_nonneg', sql`${t.totalEarned} >= 0`),
  ],
);

/** Every change of a member's credit. Append-only. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: memberId(),
    /** Positive = earned, negative = spent; never zero. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** CreditSource: 1 task, 2 quality, 3 invite, 4 benefit, 5 campaign, 6 adjustment, 7 expiry. */
    source: integer('source').notNull(),
    /** Shown to the member, e.g. the task's title. */
    reason: text('reason').notNull(),
    /** The invitee, for credit earned from an invite. */
    refMemberId: integer('ref_member_id').references(() => members.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('credit_ledger_balance_after_nonneg', sql`${t.balanceAfter} >= 0`),
    check('credit_ledger_source', sql`${t.source} between 1 and 7`),
    index('credit_ledger_member_idx').on(t.memberId, t.createdAt),
  ],
);

/* ---- benefits (权益) ---- */

/** A benefit definition (catalogue row). */
export const benefits = pgTable(
  'benefits',
  {
    id: serial('id').primaryKey(),
    /** BenefitKind: 1 boost card, 2 exchange coupon, 3 lottery spins, 4 snap early access. */
    kind: integer('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    /** Plain-text rules, one paragraph per line. */
    rules: text('rules').notNull().default(''),
    /** Boost %, coupon fen or %, spins, early minutes. */
    value: integer('value').notNull(),
    /** Coupons: `fen` or `percent`. */
    couponUnit: text('coupon_unit'),
    /** Coupons: the reward's points cost must be at least this. */
    minSpend: integer('min_spend'),
    creditCost: integer('credit_cost').notNull().default(0),
    minLevel: integer('min_level').notNull().default(0),
    /** Days a holding stays valid after it is obtained; null = no end. */
    validDays: integer('valid_days'),
    /** Claimable units left; null = unlimited. Grants by operators do not take stock. */
    stock: integer('stock'),
    limitPerMember: integer('limit_per_member'),
    /** Shown and claimable. */
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('benefits_kind', sql`${t.kind} between 1 and 4`),
    check('benefits_value_positive', sql`${t.value} > 0`),
    check(
      'benefits_coupon_unit',
      sql`(${t.kind} = 2 and ${t.couponUnit} in ('fen', 'percent')) or (${t.kind} <> 2 and ${t.couponUnit} is null)`,
    ),
    check('benefits_percent_range', sql`${t.couponUnit} is distinct from 'percent' or ${t.value} between 1 and 99`),
    check('benefits_min_spend_nonneg', sql`${t.minSpend} is null or ${t.minSpend} >= 0`),
    check('benefits_credit_cost_nonneg', sql`${t.creditCost} >= 0`),
    check('benefits_min_level_nonneg', sql`${t.minLevel} >= 0`),
    check('benefits_valid_days_positive', sql`${t.validDays} is null or ${t.validDays} > 0`),
    check('benefits_stock_nonneg', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('benefits_limit_positive', sql`${t.limitPerMember} is null or ${t.limitPerMember} > 0`),
  ],
);

/** One unit of a benefit a member holds. */
export const memberBenefits = pgTable(
  'member_benefits',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    benefitId: refTo('benefit_id', () => benefits.id),
    /** The benefit's kind (copied; a definition's kind never changes). */
    kind: integer('kind').notNull(),
    /** claim, grant or value. */
    source: text('source').notNull(),
    /** Operator name or campaign, for grants. */
    grantedBy: text('granted_by'),
    /** unused or used (expired = unused past expires_at). */
    status: text('status').notNull().default('unused'),
    obtainedAt: at('obtained_at').notNull(),
    expiresAt: at('expires_at'),
    usedAt: at('used_at'),
    /** task, exchange or lottery. */
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** When the effect happened (a boost: when its task was credited). */
    appliedAt: at('applied_at'),
    /** BenefitEffect as applied. */
    effect: jsonb('effect'),
    /** The credit debit that paid for it (claims with a cost). */
    claimLedgerId: bigint('claim_ledger_id', { mode: 'number' }).references(() => creditLedger.id),
    /** The points row the effect wrote (a boost's extra credit). */
    effectLedgerId: bigint('effect_ledger_id', { mode: 'number' }).references(() => pointLedger.id),
    /** Operator grants may carry a key so a repeated command grants once. */
    grantKey: text('grant_key').unique(),
  },
  (t) => [
    check('member_benefits_status', sql`${t.status} in ('unused', 'used')`),
    check('member_benefits_source', sql`${t.source} in ('claim', 'grant', 'value')`),
    check(
      'member_benefits_used_target',
      sql`(${t.status} = 'unused' and ${t.targetType} is null and ${t.usedAt} is null) or (${t.status} = 'used' and ${t.targetType} in ('task', 'exchange', 'lottery') and ${t.targetId} is not null and ${t.usedAt} is not null)`,
    ),
    index('member_benefits_member_idx').on(t.memberId, t.status),
    index('member_benefits_benefit_idx').on(t.benefitId, t.memberId),
    // One use of a kind per target (one boost per task, one coupon per exchange); lottery spins stack.
    uniqueIndex('member_benefits_one_per_target')
      .on(t.memberId, t.kind, t.targetType, t.targetId)
      .where(sql`${t.status} = 'used' and ${t.targetType} <> 'lottery'`),
  ],
);
