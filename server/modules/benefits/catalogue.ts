/** Reading benefits: the overview (catalogue and holdings), one benefit's detail, and whether a claim is allowed. */
import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { BenefitStatus } from '../../../openapi/enums';
import type { BenefitDetail, BenefitOverview } from '../../../openapi/schemas/benefits';
import { benefits, memberBenefits } from '../../db/schema-benefits';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { creditOf, levelOf } from '../credits/ledger';
import { claimRefusal, memberState, type MemberState } from './claim';
import { benefitById, statusOf, toMemberBenefit, type BenefitData, type BenefitRow, type Ctx } from './shapes';

/** How many holdings the overview lists. */
const OWNED_LIMIT = 100;

function toBenefit(b: BenefitRow, s: MemberState, ownedCount: number): BenefitData {
  const refusal = claimRefusal(b, s);
  return {
    id: b.id,
    kind: b.kind as BenefitData['kind'],
    name: b.name,
    description: b.description,
    icon: b.icon,
    value: b.value,
    couponUnit: (b.couponUnit as BenefitData['couponUnit']) ?? null,
    minSpend: b.minSpend,
    creditCost: b.creditCost,
    minLevel: b.minLevel,
    validDays: b.validDays,
    stock: b.stock,
    limitPerMember: b.limitPerMember,
    claimable: refusal === null,
    claimBlocker: refusal?.msg ?? null,
    ownedCount,
  };
}

async function holdingsOf(db: Executor, memberId: number, where?: SQL) {
  return db
    .select({ h: memberBenefits, b: benefits })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(and(eq(memberBenefits.memberId, memberId), where))
    .orderBy(desc(memberBenefits.obtainedAt), desc(memberBenefits.id));
}

function statusFilter(status: number | undefined, now: Date): SQL | undefined {
  const live = or(isNull(memberBenefits.expiresAt), gt(memberBenefits.expiresAt, now));
  if (status === BenefitStatus.values.UNUSED) return and(eq(memberBenefits.status, 'unused'), live);
  if (status === BenefitStatus.values.USED) return eq(memberBenefits.status, 'used');
  if (status === BenefitStatus.values.EXPIRED)
    return and(eq(memberBenefits.status, 'unused'), sql`${memberBenefits.expiresAt} <= ${now}`);
  return undefined;
}

export async function overview(
  ctx: Ctx,
  memberId: number,
  q: { status?: number },
): Promise<z.output<typeof BenefitOverview>> {
  const now = ctx.now();
  const { balance, totalEarned } = await creditOf(ctx.db, memberId);
  const level = levelOf(totalEarned).current.level;
  const catalogue = await ctx.db
    .select()
    .from(benefits)
    .where(eq(benefits.active, true))
    .orderBy(asc(benefits.sort), asc(benefits.id));
  const owned = (await holdingsOf(ctx.db, memberId, statusFilter(q.status, new Date(now)))).slice(0, OWNED_LIMIT);
  const all = await holdingsOf(ctx.db, memberId);
  const list: BenefitData[] = [];
  for (const b of catalogue) {
    const mine = all.filter((r) => r.b.id === b.id);
    const claimed = mine.filter((r) => r.h.source !== 'grant').length;
    const unused = mine.filter((r) => statusOf(r.h, now) === BenefitStatus.values.UNUSED).length;
    list.push(toBenefit(b, { credit: balance, level, claimed }, unused));
  }
  return {
    credit: balance,
    level,
    catalogue: list,
    owned: owned.map((r) => toMemberBenefit(r.h, r.b, now)),
  };
}

export async function detail(ctx: Ctx, memberId: number, id: number): Promise<z.output<typeof BenefitDetail>> {
  const now = ctx.now();
  const b = await benefitById(ctx.db, id);
  const mine = await holdingsOf(ctx.db, memberId, eq(memberBenefits.benefitId, id));
  // A withdrawn benefit stays visible to members who hold it.
  if (!b.active && mine.length === 0) throw new AppError('NOT_FOUND', '权益不存在');
  const s = await memberState(ctx.db, memberId, id);
  const owned = mine
    .map((r) => toMemberBenefit(r.h, r.b, now))
    .sort((x, y) => x.status - y.status || y.obtainedAt - x.obtainedAt);
  return {
    ...toBenefit(b, s, owned.filter((o) => o.status === BenefitStatus.values.UNUSED).length),
    rules: rulesHtml(b),
    owned,
  };
}

const escapeHtml = (t: string) =>
  t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The rules as sanitised HTML: the stored plain text, one paragraph per line. */
function rulesHtml(b: BenefitRow): string {
  const lines = b.rules
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

export async function allow(
  ctx: Ctx,
  memberId: number,
  id: number,
): Promise<{ allowed: boolean; reason: string | null; creditCost: number; credit: number }> {
  const b = await benefitById(ctx.db, id);
  if (!b.active) throw new AppError('NOT_FOUND', '权益不存在');
  const s = await memberState(ctx.db, memberId, id);
  const refusal = claimRefusal(b, s);
  return { allowed: refusal === null, reason: refusal?.msg ?? null, creditCost: b.creditCost, credit: s.credit };
}
