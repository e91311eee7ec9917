/**
 * Operator side of benefits (used by `npm run ops` and the demo seed): define a benefit, list the
 * catalogue with holdings counts, and a member's holdings. Grants go through service.ts `grant`.
 */
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { BenefitKind } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { benefits, memberBenefits } from '../../db/schema-benefits';
import { AppError } from '../../http/errors';
import { statusOf, type BenefitRow } from './shapes';

type Ctx = Pick<AppContext, 'db' | 'now'>;

export interface BenefitInput {
  kind: 1 | 2 | 3 | 4;
  name: string;
  description?: string;
  rules?: string;
  icon?: string | null;
  value: number;
  couponUnit?: 'fen' | 'percent' | null;
  minSpend?: number | null;
  creditCost?: number;
  minLevel?: number;
  validDays?: number | null;
  stock?: number | null;
  limitPerMember?: number | null;
  active?: boolean;
  sort?: number;
}

const positiveInt = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 0;
const nonNegInt = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/** Validate and insert a benefit definition. */
export async function addBenefit(ctx: Ctx, input: BenefitInput): Promise<BenefitRow> {
  const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
  if (!(input.kind in BenefitKind.labels)) throw bad('类型应为 1 加成卡、2 折扣券、3 抽奖次数、4 抢答优先');
  if (!input.name.trim()) throw bad('请填写名称');
  if (!positiveInt(input.value)) throw bad('效果数值应为正整数');
  const coupon = input.kind === BenefitKind.values.COUPON;
  const unit = coupon ? (input.couponUnit ?? 'fen') : null;
  if (unit === 'percent' && input.value > 99) throw bad('按比例抵扣的折扣券，数值应为 1–99（%）');
  if (input.kind === BenefitKind.values.BOOST && input.value > 500) throw bad('加成比例不能超过 500%');
  for (const [name, v] of [
    ['--min-spend', input.minSpend],
    ['--stock', input.stock],
  ] as const)
    if (v !== undefined && v !== null && !nonNegInt(v)) throw bad(`${name} 应为不小于 0 的整数`);
  for (const [name, v] of [
    ['--valid-days', input.validDays],
    ['--limit', input.limitPerMember],
  ] as const)
    if (v !== undefined && v !== null && !positiveInt(v)) throw bad(`${name} 应为正整数`);
  if (!nonNegInt(input.creditCost ?? 0) || !nonNegInt(input.minLevel ?? 0))
    throw bad('权益值与等级应为不小于 0 的整数');
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(benefits)
    .values({
      kind: input.kind,
      name: input.name.trim(),
      description: input.description ?? '',
      rules: input.rules ?? '',
      icon: input.icon ?? null,
      value: input.value,
      couponUnit: unit,
      minSpend: coupon ? (input.minSpend ?? null) : null,
      creditCost: input.creditCost ?? 0,
      minLevel: input.minLevel ?? 0,
      validDays: input.validDays ?? null,
      stock: input.stock ?? null,
      limitPerMember: input.limitPerMember ?? null,
      active: input.active ?? true,
      sort: input.sort ?? 0,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

export async function listAllBenefits(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      b: benefits,
      held: sql<number>`(select count(*) from member_benefits mb where mb.benefit_id = ${benefits.id})`.mapWith(Number),
    })
    .from(benefits)
    .orderBy(asc(benefits.sort), asc(benefits.id));
  return rows;
}

/** A member's holdings, newest first, with their shown status. */
export async function memberHoldings(ctx: Ctx, memberId: number, limit = 50) {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ h: memberBenefits, name: benefits.name })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(eq(memberBenefits.memberId, memberId))
    .orderBy(desc(memberBenefits.obtainedAt), desc(memberBenefits.id))
    .limit(limit);
  const [total] = await ctx.db.select({ n: count() }).from(memberBenefits).where(eq(memberBenefits.memberId, memberId));
  return { total: Number(total?.n ?? 0), rows: rows.map((r) => ({ ...r, status: statusOf(r.h, now) })) };
}
