/** What other modules read of used benefits: lucky-wheel spins and snap early access. */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { benefits, memberBenefits } from '../../db/schema-benefits';
import type { Executor } from '../../kernel/db';
import { K, LUCKY_WHEEL_ID, usedOn, type BenefitEffectData } from './shapes';

/** Extra lucky-wheel spins the member got from benefits (the lottery subtracts what it has used). */
export async function benefitSpins(db: Executor, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum((${memberBenefits.effect} ->> 'spins')::int), 0)`.mapWith(Number) })
    .from(memberBenefits)
    .where(usedOn(memberId, K.LOTTERY_SPIN, { type: 'lottery', id: LUCKY_WHEEL_ID }));
  return row?.n ?? 0;
}

/** Minutes before its opening this member may start a snap task (0 without an early-access card). */
export async function earlyAccessMinutes(db: Executor, memberId: number, taskId: number): Promise<number> {
  const [row] = await db
    .select({ effect: memberBenefits.effect })
    .from(memberBenefits)
    .where(usedOn(memberId, K.EARLY_ACCESS, { type: 'task', id: taskId }))
    .limit(1);
  return (row?.effect as Partial<BenefitEffectData> | null)?.earlyMinutes ?? 0;
}

/**
 * The member's lottery-spin holdings not used yet (and not expired), the soonest to expire first:
 * the lucky wheel counts their spins as the member's, and uses one (`applyHolding` on the wheel)
 * when a benefit spin finds none of the used ones left.
 */
export async function unusedSpinHoldings(
  db: Executor,
  memberId: number,
  now: number,
): Promise<{ id: number; spins: number }[]> {
  const at = new Date(now);
  return db
    .select({ id: memberBenefits.id, spins: benefits.value })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(
      and(
        eq(memberBenefits.memberId, memberId),
        eq(memberBenefits.kind, K.LOTTERY_SPIN),
        eq(memberBenefits.status, 'unused'),
        or(isNull(memberBenefits.expiresAt), gt(memberBenefits.expiresAt, at)),
      ),
    )
    .orderBy(sql`${memberBenefits.expiresAt} asc nulls last`, asc(memberBenefits.id));
}
