/**
 * Using a holding: the rules for each kind on its target (`usability`, what `/v1/benefits/check/{id}`
 * answers), and the use itself, a conditional update so that of many concurrent uses one wins.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { CodeName } from '../../../openapi/codes';
import { BenefitStatus, TaskModule } from '../../../openapi/enums';
import { boostExtra } from '../../../openapi/rules/benefits';
import type { BenefitCheck, BenefitUsed } from '../../../openapi/schemas/benefits';
import { rewards } from '../../db/schema-exchange';
import { memberBenefits } from '../../db/schema-benefits';
import { participations, tasks } from '../../db/schema-tasks';
import { isUniqueViolation, type Executor, type Tx, type WriteContext } from '../../kernel/db';
import { creditOf } from '../credits/ledger';
import { claimIn } from './claim';
import {
  benefitById,
  emptyEffect,
  holdingFor,
  K,
  kindLabel,
  LUCKY_WHEEL_ID,
  refuse,
  statusOf,
  toMemberBenefit,
  usedOn,
  type BenefitEffectData,
  type BenefitRow,
  type BenefitTargetData,
  type Ctx,
  type HoldingRow,
  type Refusal,
} from './shapes';

type UseRule = { ok: true; effect: BenefitEffectData } | { ok: false; refusal: Refusal };
const no = (codeName: CodeName, msg: string): UseRule => ({ ok: false, refusal: { codeName, msg } });

/** Coupon arithmetic: points off a cost; never below 1 point to pay. */
function couponDiscount(b: Pick<BenefitRow, 'value' | 'couponUnit'>, cost: number): number {
  const off = b.couponUnit === 'percent' ? Math.floor((cost * b.value) / 100) : b.value;
  return Math.max(0, Math.min(off, cost - 1));
}

export { boostExtra };

/** May this holding (already the caller's) be used on this target now? */
export async function usability(db: Executor, h: HoldingRow, b: BenefitRow, target: BenefitTargetData, now: number) {
  const st = statusOf(h, now);
  if (st === BenefitStatus.values.USED) return no('BENEFIT_USED', `这张「${b.name}」已经使用过了`);
  if (st === BenefitStatus.values.EXPIRED) return no('BENEFIT_EXPIRED', `这张「${b.name}」已过期`);
  const effect = emptyEffect();
  if (b.kind === K.BOOST || b.kind === K.EARLY_ACCESS) {
    if (target.type !== 'task') return no('BENEFIT_TARGET_INVALID', `「${b.name}」只能用于任务`);
    const [t] = await db.select().from(tasks).where(eq(tasks.id, target.id)).limit(1);
    if (!t) return no('BENEFIT_TARGET_INVALID', '任务不存在');
    if (t.status !== 'active' || (t.closeAt && t.closeAt.getTime() <= now))
      return no('BENEFIT_TARGET_INVALID', '该任务已结束，不能使用');
    const [done] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(
        and(
          eq(participations.taskId, t.id),
          eq(participations.memberId, h.memberId),
          eq(participations.status, 'finished'),
        ),
      )
      .limit(1);
    if (done) return no('BENEFIT_TARGET_INVALID', '你已参与过该任务，不能再使用');
    const [same] = await db
      .select({ id: memberBenefits.id })
      .from(memberBenefits)
      .where(usedOn(h.memberId, b.kind, { type: 'task', id: t.id }))
      .limit(1);
    if (same) return no('BENEFIT_TARGET_INVALID', `该任务已使用过${kindLabel(b.kind)}`);
    if (b.kind === K.BOOST) {
      if (t.points <= 0) return no('BENEFIT_TARGET_INVALID', '该任务没有微豆奖励，不能使用加成卡');
      effect.extraPoints = boostExtra(b.value, t.points);
    } else {
      if (t.module !== TaskModule.values.SNAP) return no('BENEFIT_TARGET_INVALID', '抢答优先只能用于抢答任务');
      if (t.openAt.getTime() <= now) return no('BENEFIT_TARGET_INVALID', '该抢答任务已开始，无需提前');
      effect.earlyMinutes = b.value;
    }
    return { ok: true, effect } as UseRule;
  }
  if (b.kind === K.COUPON) {
    if (target.type !== 'exchange') return no('BENEFIT_TARGET_INVALID', '折扣券只能在兑换商品时使用');
    const [r] = await db.select().from(rewards).where(eq(rewards.id, target.id)).limit(1);
    if (!r || !r.active) return no('BENEFIT_TARGET_INVALID', '兑换商品不存在或已下架');
    if (b.minSpend !== null && r.pointsCost < b.minSpend)
      return no('COUPON_MIN_SPEND', `该券需商品满 ${b.minSpend} 微豆可用，「${r.title}」为 ${r.pointsCost} 微豆`);
    const off = couponDiscount(b, r.pointsCost);
    if (off <= 0) return no('BENEFIT_TARGET_INVALID', '该商品价格太低，无法再抵扣');
    effect.discount = off;
    effect.discountPoints = off;
    return { ok: true, effect } as UseRule;
  }
  // Lottery spins.
  if (target.type !== 'lottery' || target.id !== LUCKY_WHEEL_ID)
    return no('BENEFIT_TARGET_INVALID', '抽奖次数只能用于幸运大转盘');
  effect.spins = b.value;
  return { ok: true, effect } as UseRule;
}

export async function check(
  ctx: Ctx,
  memberId: number,
  holdingId: number,
  target: BenefitTargetData,
): Promise<z.output<typeof BenefitCheck>> {
  const { h, b } = await holdingFor(ctx.db, memberId, holdingId, false);
  const rule = await usability(ctx.db, h, b, target, ctx.now());
  return rule.ok
    ? { usable: true, reason: null, effect: rule.effect }
    : { usable: false, reason: rule.refusal.msg, effect: null };
}

/** Mark a locked, checked holding used on a target. Boosts stay unapplied until their task credit. */
export async function markUsed(
  tx: Executor,
  h: HoldingRow,
  b: BenefitRow,
  target: BenefitTargetData,
  effect: BenefitEffectData,
  now: number,
): Promise<HoldingRow> {
  const at = new Date(now);
  const applied = b.kind !== K.BOOST;
  try {
    const [row] = await tx
      .update(memberBenefits)
      .set({
        status: 'used',
        usedAt: at,
        targetType: target.type,
        targetId: target.id,
        appliedAt: applied ? at : null,
        effect: applied ? effect : null,
      })
      .where(
        and(
          eq(memberBenefits.id, h.id),
          eq(memberBenefits.status, 'unused'),
          or(isNull(memberBenefits.expiresAt), gt(memberBenefits.expiresAt, at)),
        ),
      )
      .returning();
    if (!row) return refuse({ codeName: 'BENEFIT_USED', msg: `这张「${b.name}」已经使用过了` });
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'member_benefits_one_per_target'))
      refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: `该对象已使用过${kindLabel(b.kind)}` });
    throw err;
  }
}

async function applyIn(tx: Tx, memberId: number, holdingId: number, target: BenefitTargetData, now: number) {
  const { h, b } = await holdingFor(tx, memberId, holdingId, true);
  if (b.kind === K.COUPON && statusOf(h, now) === BenefitStatus.values.UNUSED)
    refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: '折扣券请在兑换商品时选择使用' });
  const rule = await usability(tx, h, b, target, now);
  if (!rule.ok) return refuse(rule.refusal);
  const row = await markUsed(tx, h, b, target, rule.effect, now);
  return { h: row, b, effect: rule.effect };
}

/** The answer to a use: the holding as it is now, the effect, and the credit left. */
async function usedAnswer(
  ctx: WriteContext,
  memberId: number,
  { h, b, effect }: Awaited<ReturnType<typeof applyIn>>,
  now: number,
): Promise<z.output<typeof BenefitUsed>> {
  return { memberBenefit: toMemberBenefit(h, b, now), effect, credit: (await creditOf(ctx.db, memberId)).balance };
}

/** Use a holding (`ctx.db` may be an open transaction: the lucky wheel uses a spin holding inside its spin). */
export async function applyHolding(
  ctx: WriteContext,
  memberId: number,
  body: { memberBenefitId: number; target: BenefitTargetData },
): Promise<z.output<typeof BenefitUsed>> {
  const now = ctx.now();
  const done = await ctx.db.transaction((tx: Tx) => applyIn(tx, memberId, body.memberBenefitId, body.target, now));
  return usedAnswer(ctx, memberId, done, now);
}

/** Spend credit on a benefit and use it at once (one transaction: nothing is spent if the use is refused). */
export async function applyWithCredit(
  ctx: Ctx,
  memberId: number,
  body: { benefitId: number; target: BenefitTargetData },
): Promise<z.output<typeof BenefitUsed>> {
  const now = ctx.now();
  const at = new Date(now);
  const done = await ctx.db.transaction(async (tx: Tx) => {
    const b = await benefitById(tx, body.benefitId);
    if (b.kind === K.COUPON)
      refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: '折扣券请先领取，再在兑换商品时选择使用' });
    const { h } = await claimIn(tx, memberId, body.benefitId, 'value', at);
    return applyIn(tx, memberId, h.id, body.target, now);
  });
  return usedAnswer(ctx, memberId, done, now);
}
