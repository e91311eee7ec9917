/** Exchange coupons inside the redeem transaction, and their return when the exchange is refunded. */
import { memberBenefits } from '../../db/schema-benefits';
import type { Executor } from '../../kernel/db';
import { holdingFor, K, refuse, usedOn, type BenefitEffectData } from './shapes';
import { markUsed, usability } from './use';

/**
 * Inside the redeem transaction: lock the coupon, check it against the reward, and say how many
 * points it takes off. Refusals are AppErrors (the redeem rolls back).
 */
export async function couponForRedeem(
  tx: Executor,
  memberId: number,
  holdingId: number,
  rewardId: number,
  now: number,
): Promise<{ holdingId: number; discountPoints: number; effect: BenefitEffectData }> {
  const { h, b } = await holdingFor(tx, memberId, holdingId, true);
  if (b.kind !== K.COUPON) refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: `「${b.name}」不是兑换折扣券` });
  const rule = await usability(tx, h, b, { type: 'exchange', id: rewardId }, now);
  if (!rule.ok) return refuse(rule.refusal);
  return { holdingId: h.id, discountPoints: rule.effect.discountPoints!, effect: rule.effect };
}

/** Inside the redeem transaction, once the exchange exists: the coupon is used on it. */
export async function markCouponUsed(
  tx: Executor,
  memberId: number,
  holdingId: number,
  exchangeId: number,
  effect: BenefitEffectData,
  now: number,
): Promise<void> {
  const { h, b } = await holdingFor(tx, memberId, holdingId, true);
  await markUsed(tx, h, b, { type: 'exchange', id: exchangeId }, effect, now);
}

/** Inside a refunding exchange transition: the coupon used on it comes back (unused, same expiry). */
export async function returnCoupon(tx: Executor, exchangeId: number): Promise<number | null> {
  const [row] = await tx
    .update(memberBenefits)
    .set({ status: 'unused', usedAt: null, targetType: null, targetId: null, appliedAt: null, effect: null })
    .where(usedOn(null, K.COUPON, { type: 'exchange', id: exchangeId }))
    .returning({ id: memberBenefits.id });
  return row?.id ?? null;
}
