/** Shared by benefits/credits/invites tests: benefit definitions, credit, settled tasks. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CreditSource } from '../../openapi/enums';
import type { AppContext } from '../../server/context';
import { creditBalances, creditLedger, memberBenefits } from '../../server/db/schema-benefits';
import { addBenefit, type BenefitInput } from '../../server/modules/benefits/admin';
import { earn } from '../../server/modules/credits/ledger';
import { settleParticipation, type SettleArgs } from '../../server/modules/tasks/settle';
import { newParticipation, newTask } from './tasks-helpers';

export const DAY = 86_400_000;

export function benefit(ctx: AppContext, overrides: Partial<BenefitInput> = {}) {
  return addBenefit(ctx, { kind: 3, name: `测试权益${randomUUID().slice(0, 4)}`, value: 1, ...overrides });
}

/** Give a member credit (a campaign row). */
export async function giveCredit(ctx: AppContext, memberId: number, amount: number) {
  return earn(ctx, {
    memberId,
    amount,
    source: CreditSource.values.CAMPAIGN,
    reason: '测试活动',
    idempotencyKey: `test-credit:${randomUUID()}`,
  });
}

export async function creditRows(ctx: AppContext, memberId: number) {
  return ctx.db.select().from(creditLedger).where(eq(creditLedger.memberId, memberId)).orderBy(creditLedger.id);
}

export async function creditBalance(ctx: AppContext, memberId: number) {
  const [row] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.memberId, memberId));
  return row ?? { balance: 0, totalEarned: 0 };
}

export async function holding(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(memberBenefits).where(eq(memberBenefits.id, id));
  return row!;
}

/** Start and settle one participation of a (new or given) task for a member. */
export async function doTask(
  ctx: AppContext,
  memberId: number,
  opts: { taskId?: number; points?: number } & Partial<Omit<SettleArgs, 'respondentId'>> = {},
) {
  const taskId = opts.taskId ?? (await newTask(ctx, { points: opts.points ?? 100 })).id;
  const p = await newParticipation(ctx, taskId, memberId);
  const outcome = await settleParticipation(ctx, {
    respondentId: p.respondentId,
    joinResult: opts.joinResult ?? 1,
    settledBy: opts.settledBy ?? 'return',
    ...(opts.lowQualityReasons ? { lowQualityReasons: opts.lowQualityReasons } : {}),
    ...(opts.points !== undefined && opts.taskId !== undefined ? { points: opts.points } : {}),
  });
  return { taskId, respondentId: p.respondentId, outcome };
}
