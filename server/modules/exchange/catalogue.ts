/**
 * The catalogue (`/exchange`, open to visitors): active rewards by type, in the operator's order,
 * paged; and one reward with, for a logged-in member, whether they can redeem it and why not.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RewardDetail, RewardPage, RewardSummary } from '../../../openapi/schemas/exchange';
import { Code } from '../../../openapi/codes';
import { rewards } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { evaluate, requiresIdentity, type RewardRow } from './eligibility';
import type { ExchangeContext } from './redeem';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';

export type RewardSummaryData = z.output<typeof RewardSummary>;
export type RewardDetailData = z.output<typeof RewardDetail>;
type RewardType = RewardSummaryData['type'];

function toSummary(r: RewardRow): RewardSummaryData {
  return {
    id: r.id,
    type: r.type as RewardType,
    title: r.title,
    cover: r.images[0] ?? null,
    pointsCost: r.pointsCost,
    faceValue: r.faceValue,
    stock: r.stock,
    limitTotal: r.limitTotal,
    limitDaily: r.limitDaily,
    minLevel: r.minLevel,
    minQualityLevel: r.minQualityLevel,
    requiresIdentity: requiresIdentity(r),
  };
}

export async function listRewards(
  db: Executor,
  q: { page: number; pageSize: number; type?: RewardType },
): Promise<z.output<typeof RewardPage>> {
  const conds: SQL[] = [eq(rewards.active, true)];
  if (q.type !== undefined) conds.push(eq(rewards.type, q.type));
  const where = and(...conds);
  const rows = await db
    .select()
    .from(rewards)
    .where(where)
    .orderBy(asc(rewards.sort), asc(rewards.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return pageOf(q, rows.map(toSummary), await db.$count(rewards, where));
}

export async function rewardDetail(
  ctx: ExchangeContext,
  rewardId: number,
  viewerId: number | null,
): Promise<RewardDetailData> {
  const [r] = await ctx.db.select().from(rewards).where(eq(rewards.id, rewardId)).limit(1);
  if (!r || !r.active) throw new AppError('NOT_FOUND', '该商品不存在或已下架');
  let eligibility: RewardDetailData['eligibility'] = null;
  if (viewerId !== null) {
    const e = await evaluate(ctx.db, viewerId, r, ctx.now());
    eligibility = {
      balance: e.balance,
      redeemedTotal: e.redeemedTotal,
      redeemedToday: e.redeemedToday,
      canRedeem: e.blockers.length === 0,
      blockers: e.blockers.map((b) => ({ code: Code[b.codeName], msg: b.msg })),
    };
  }
  return { ...toSummary(r), images: r.images, description: r.description, eligibility };
}
