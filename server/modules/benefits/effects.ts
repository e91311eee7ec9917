/** What other modules read of used benefits: lucky-wheel spins and snap early access. */
import { sql } from 'drizzle-orm';
import { memberBenefits } from '../../db/schema-rewards';
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
