/**
 * Claiming a benefit with credit (the rules in order: on sale, level, per-member limit, stock,
 * credit) and operator/campaign grants.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { CreditSource } from '../../../openapi/enums';
import { memberBenefits, benefits } from '../../db/schema-benefits';
import { isUniqueViolation, type Executor, type Tx, type WriteContext } from '../../kernel/db';
import { DAY_MS } from '../../kernel/time';
import { creditOf, levelOf, lockCredit, spend } from '../credits/ledger';
import { benefitGrantedMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import {
  benefitById,
  refuse,
  toMemberBenefit,
  type BenefitRow,
  type Ctx,
  type HoldingRow,
  type MemberBenefitData,
  type Refusal,
} from './shapes';

export interface MemberState {
  credit: number;
  level: number;
  claimed: number;
}

export async function memberState(db: Executor, memberId: number, benefitId: number): Promise<MemberState> {
  const { balance, totalEarned } = await creditOf(db, memberId);
  const [claimed] = await db
    .select({ n: count() })
    .from(memberBenefits)
    .where(
      and(
        eq(memberBenefits.memberId, memberId),
        eq(memberBenefits.benefitId, benefitId),
        // Operator grants do not count against what a member may claim.
        sql`${memberBenefits.source} <> 'grant'`,
      ),
    );
  return { credit: balance, level: levelOf(totalEarned).current.level, claimed: Number(claimed?.n ?? 0) };
}

/** The first rule that stops this member claiming, or null. */
export function claimRefusal(b: BenefitRow, s: MemberState): Refusal | null {
  if (!b.active) return { codeName: 'BENEFIT_UNAVAILABLE', msg: `「${b.name}」已下架` };
  if (s.level < b.minLevel)
    return {
      codeName: 'BENEFIT_LEVEL_REQUIRED',
      msg: `领取「${b.name}」需要权益等级达到 ${b.minLevel} 级，你当前为 ${s.level} 级`,
    };
  if (b.limitPerMember !== null && s.claimed >= b.limitPerMember)
    return {
      codeName: 'BENEFIT_LIMIT_REACHED',
      msg: `「${b.name}」每人限领 ${b.limitPerMember} 份，你已领取 ${s.claimed} 份`,
    };
  if (b.stock !== null && b.stock <= 0) return { codeName: 'BENEFIT_OUT_OF_STOCK', msg: `「${b.name}」已被领完` };
  if (s.credit < b.creditCost)
    return {
      codeName: 'INSUFFICIENT_CREDIT',
      msg: `权益值不足：领取需要 ${b.creditCost} 权益值，你当前有 ${s.credit} 权益值`,
    };
  return null;
}

async function insertHolding(
  tx: Executor,
  memberId: number,
  b: BenefitRow,
  source: 'claim' | 'grant' | 'value',
  at: Date,
  extra: { grantedBy?: string; grantKey?: string } = {},
): Promise<HoldingRow> {
  const [row] = await tx
    .insert(memberBenefits)
    .values({
      memberId,
      benefitId: b.id,
      kind: b.kind,
      source,
      grantedBy: extra.grantedBy ?? null,
      grantKey: extra.grantKey ?? null,
      obtainedAt: at,
      expiresAt: b.validDays ? new Date(at.getTime() + b.validDays * DAY_MS) : null,
    })
    .returning();
  return row!;
}

/** Claim inside an open transaction; the caller holds nothing yet. */
export async function claimIn(tx: Tx, memberId: number, benefitId: number, source: 'claim' | 'value', at: Date) {
  await lockCredit(tx, memberId, at);
  const b = await benefitById(tx, benefitId);
  const refusal = claimRefusal(b, await memberState(tx, memberId, benefitId));
  if (refusal) refuse(refusal);
  if (b.stock !== null) {
    const taken = await tx
      .update(benefits)
      .set({ stock: sql`${benefits.stock} - 1`, updatedAt: at })
      .where(and(eq(benefits.id, b.id), gt(benefits.stock, 0)))
      .returning({ id: benefits.id });
    if (!taken[0]) refuse({ codeName: 'BENEFIT_OUT_OF_STOCK', msg: `「${b.name}」已被领完` });
  }
  let h = await insertHolding(tx, memberId, b, source, at);
  if (b.creditCost > 0) {
    const entry = await spend(tx, {
      memberId,
      amount: b.creditCost,
      source: CreditSource.values.BENEFIT,
      reason: `领取「${b.name}」`,
      idempotencyKey: `benefit-claim:${h.id}`,
      at: at.getTime(),
    });
    [h] = (await tx
      .update(memberBenefits)
      .set({ claimLedgerId: entry.ledgerId })
      .where(eq(memberBenefits.id, h.id))
      .returning()) as [HoldingRow];
  }
  return { h, b };
}

export async function claim(ctx: Ctx, memberId: number, benefitId: number): Promise<MemberBenefitData> {
  const at = new Date(ctx.now());
  const { h, b } = await ctx.db.transaction((tx: Tx) => claimIn(tx, memberId, benefitId, 'claim', at));
  return toMemberBenefit(h, b, at.getTime());
}

/**
 * Grant a benefit without cost, level or stock (campaigns, operators). With `key`, repeating the
 * grant returns the first holding and grants nothing more. The member is told in a message
 * (modules/messages), written with the holding in one transaction (a savepoint when `ctx.db` is an
 * open transaction: the lucky wheel grants a prize inside its spin).
 */
export async function grant(
  ctx: WriteContext,
  memberId: number,
  benefitId: number,
  opts: { by: string; key?: string },
): Promise<{ holding: MemberBenefitData; replayed: boolean }> {
  const now = ctx.now();
  const at = new Date(now);
  const b = await benefitById(ctx.db, benefitId);
  if (!b.active) refuse({ codeName: 'BENEFIT_UNAVAILABLE', msg: `「${b.name}」已下架，不能发放` });
  const replay = async () => {
    const [first] = await ctx.db.select().from(memberBenefits).where(eq(memberBenefits.grantKey, opts.key!)).limit(1);
    if (!first) return null;
    if (first.memberId !== memberId || first.benefitId !== benefitId)
      throw new Error(`grant key ${opts.key} was used for another member or benefit`);
    return { holding: toMemberBenefit(first, b, now), replayed: true };
  };
  if (opts.key) {
    const seen = await replay();
    if (seen) return seen;
  }
  try {
    const h = await ctx.db.transaction(async (tx: Tx) => {
      const row = await insertHolding(tx, memberId, b, 'grant', at, { grantedBy: opts.by, grantKey: opts.key });
      await postEventMessage(
        tx,
        memberId,
        benefitGrantedMessage({ holdingId: row.id, name: b.name, expiresAt: row.expiresAt?.getTime() ?? null }),
        now,
      );
      return row;
    });
    return { holding: toMemberBenefit(h, b, now), replayed: false };
  } catch (err) {
    if (opts.key && isUniqueViolation(err, 'member_benefits_grant_key_unique')) {
      const seen = await replay();
      if (seen) return seen;
    }
    throw err;
  }
}
