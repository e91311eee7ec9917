import { isRouted, EXCHANGE_PATH, LOTTERY_PATH, TASKS_PATH } from '../../routing/paths';
import type { z } from 'zod';
import type { MemberBenefit as MemberBenefitSchema, Benefit as BenefitSchema } from '../../../openapi/schemas/benefits';

/** Shared wording of benefits (权益), credit (权益值) and cards (卡券) — zh-CN, Beijing time. */

export type MemberBenefit = z.output<typeof MemberBenefitSchema>;
export type CatalogueBenefit = z.output<typeof BenefitSchema>;

import { formatDate, formatDateTime } from '../shanghaiTime';

export { formatDate, formatDateTime };

/** `+30` / `−10` (a real minus sign). */
export function formatChange(n: number): string {
  return n >= 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** Fen → `¥5` / `¥2.50`. */
export function formatYuan(fen: number): string {
  const yuan = fen / 100;
  return `¥${Number.isInteger(yuan) ? yuan : yuan.toFixed(2)}`;
}

/** Kinds of benefit (openapi/enums.ts BenefitKind). */
export const BENEFIT_KIND_LABEL: Record<number, string> = {
  1: '微豆加成卡',
  2: '兑换折扣券',
  3: '抽奖次数',
  4: '抢答优先',
};

/** What the figures of a benefit need (catalogue and held alike). */
export type BenefitFigures = Pick<CatalogueBenefit, 'kind' | 'value' | 'couponUnit' | 'minSpend'>;

/** The big figure on a ticket: `+10%`, `¥5`, `9 折`, `3 次`, `30 分钟`. */
export function benefitFigure(b: BenefitFigures): string {
  switch (b.kind) {
    case 1:
      return `+${b.value}%`;
    case 2:
      return b.couponUnit === 'percent' ? `减${b.value}%` : formatYuan(b.value);
    case 3:
      return `${b.value} 次`;
    default:
      return `${b.value} 分钟`;
  }
}

/** What the benefit does, in one sentence. */
export function benefitEffect(b: BenefitFigures): string {
  switch (b.kind) {
    case 1:
      return `在任务详情页用在一个任务上，完成时额外多得 ${b.value}% 微豆`;
    case 2: {
      const off =
        b.couponUnit === 'percent'
          ? `兑换时少付 ${b.value}% 微豆`
          : `兑换时抵扣 ${formatYuan(b.value)}（少付 ${b.value} 微豆）`;
      return b.minSpend ? `${off}，商品满 ${b.minSpend} 微豆可用` : `${off}，无门槛`;
    }
    case 3:
      return `增加 ${b.value} 次抽奖机会`;
    default:
      return `在抢答任务详情页使用，比其他人提前 ${b.value} 分钟参与`;
  }
}

/** Where an unused benefit of this kind is used; null while that page is not built (the lucky wheel). */
export function benefitUseLink(kind: number): { to: string; label: string } | null {
  const link =
    kind === 2
      ? { to: EXCHANGE_PATH, label: '去兑换' }
      : kind === 3
        ? { to: LOTTERY_PATH, label: '去抽奖' }
        : { to: TASKS_PATH, label: '去选任务使用' };
  return isRouted(link.to) ? link : null;
}

export const BENEFIT_STATUS_LABEL: Record<number, string> = { 0: '未使用', 1: '已使用', 2: '已过期' };

/** Validity of a held benefit: `有效期至 2026-12-01` / `长期有效`, or when it was used / expired. */
export function holdingValidity(b: Pick<MemberBenefit, 'status' | 'expiresAt' | 'usedAt'>): string {
  if (b.status === 1 && b.usedAt !== null) return `${formatDateTime(b.usedAt)} 已使用`;
  if (b.status === 2 && b.expiresAt !== null) return `${formatDate(b.expiresAt)} 已过期`;
  return b.expiresAt === null ? '长期有效' : `有效期至 ${formatDate(b.expiresAt)}`;
}

/** Validity of a catalogue benefit once claimed. */
export function catalogueValidity(validDays: number | null): string {
  return validDays === null ? '领取后长期有效' : `领取后 ${validDays} 天内有效`;
}

/** What a used benefit was used on, and what it brought once applied. */
export function usedOnText(
  b: Pick<MemberBenefit, 'usedOn' | 'appliedAt' | 'effect' | 'kind' | 'status'>,
): string | null {
  if (!b.usedOn) return null;
  const what = b.usedOn.type === 'task' ? '任务' : b.usedOn.type === 'exchange' ? '兑换' : '抽奖';
  const used = `用于${what} #${b.usedOn.id}`;
  const e = b.effect;
  if (b.appliedAt === null || !e) return b.kind === 1 ? `${used}，待任务入账后生效` : used;
  if (e.extraPoints) return `${used}，多得 ${e.extraPoints} 微豆`;
  if (e.discountPoints) return `${used}，少付 ${e.discountPoints} 微豆`;
  if (e.spins) return `${used}，增加 ${e.spins} 次抽奖`;
  return used;
}

/** How a held benefit was obtained. */
export const BENEFIT_SOURCE_LABEL: Record<MemberBenefit['source'], string> = {
  claim: '权益值领取',
  grant: '活动发放',
  value: '权益值直接使用',
};
