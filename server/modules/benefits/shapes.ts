/** The benefit module's rows, the contract shapes it answers with, and the lookups every job shares. */
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CodeName } from '../../../openapi/codes';
import { BenefitKind, BenefitStatus } from '../../../openapi/enums';
import type { Benefit, BenefitEffect, BenefitTarget, MemberBenefit } from '../../../openapi/schemas/benefits';
import type { AppContext } from '../../context';
import { benefits, memberBenefits } from '../../db/schema-benefits';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';

export type BenefitRow = typeof benefits.$inferSelect;
export type HoldingRow = typeof memberBenefits.$inferSelect;
export type BenefitData = z.output<typeof Benefit>;
export type MemberBenefitData = z.output<typeof MemberBenefit>;
export type BenefitEffectData = z.output<typeof BenefitEffect>;
export type BenefitTargetData = z.output<typeof BenefitTarget>;
export type Ctx = Pick<AppContext, 'db' | 'now'>;

export const K = BenefitKind.values;
export const kindLabel = (kind: number) => BenefitKind.labels[kind as keyof typeof BenefitKind.labels] ?? '权益';
/** The site's one lucky wheel (GLOSSARY "Lottery"). */
export const LUCKY_WHEEL_ID = 1;
export interface Refusal {
  codeName: CodeName;
  msg: string;
}

export const refuse = (r: Refusal): never => {
  throw new AppError(r.codeName, r.msg);
};

export function statusOf(h: Pick<HoldingRow, 'status' | 'expiresAt'>, now: number): 0 | 1 | 2 {
  if (h.status === 'used') return BenefitStatus.values.USED;
  if (h.expiresAt && h.expiresAt.getTime() <= now) return BenefitStatus.values.EXPIRED;
  return BenefitStatus.values.UNUSED;
}

/** Holdings of this kind already used on this target: of one member, or of anyone when `memberId` is null. */
export function usedOn(memberId: number | null, kind: number, target: BenefitTargetData): SQL {
  return and(
    memberId === null ? undefined : eq(memberBenefits.memberId, memberId),
    eq(memberBenefits.kind, kind),
    eq(memberBenefits.status, 'used'),
    eq(memberBenefits.targetType, target.type),
    eq(memberBenefits.targetId, target.id),
  )!;
}

export const emptyEffect = (): BenefitEffectData => ({
  extraPoints: null,
  discount: null,
  discountPoints: null,
  spins: null,
  earlyMinutes: null,
});

export function toMemberBenefit(h: HoldingRow, b: BenefitRow, now: number): MemberBenefitData {
  return {
    id: h.id,
    benefitId: b.id,
    kind: b.kind as MemberBenefitData['kind'],
    name: b.name,
    value: b.value,
    couponUnit: (b.couponUnit as MemberBenefitData['couponUnit']) ?? null,
    minSpend: b.minSpend,
    source: h.source as MemberBenefitData['source'],
    status: statusOf(h, now),
    obtainedAt: h.obtainedAt.getTime(),
    expiresAt: h.expiresAt?.getTime() ?? null,
    usedAt: h.usedAt?.getTime() ?? null,
    usedOn:
      h.status === 'used' && h.targetType && h.targetId !== null
        ? { type: h.targetType as BenefitTargetData['type'], id: h.targetId }
        : null,
    appliedAt: h.appliedAt?.getTime() ?? null,
    effect: h.appliedAt ? { ...emptyEffect(), ...(h.effect as Partial<BenefitEffectData> | null) } : null,
  };
}

export async function benefitById(db: Executor, id: number, lock = false): Promise<BenefitRow> {
  const q = db.select().from(benefits).where(eq(benefits.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('NOT_FOUND', '权益不存在');
  return row;
}

export async function holdingFor(db: Executor, memberId: number, id: number, lock: boolean) {
  const q = db
    .select({ h: memberBenefits, b: benefits })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(eq(memberBenefits.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: memberBenefits }) : await q;
  // Another member's holding answers exactly like a missing one.
  if (!row || row.h.memberId !== memberId) throw new AppError('NOT_FOUND', '你没有这份权益');
  return row;
}
