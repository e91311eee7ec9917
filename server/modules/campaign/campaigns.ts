/**
 * Campaigns and their prize pools as operators configure them (`npm run ops -- campaign …`), and
 * the lookups the member calls read. A pool's draw order is (sort, id); prizes of weight 0 are
 * off the draw. Stock is not part of the draw: a drawn prize with none left gives nothing.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_SLUG_RE, type CampaignTheme } from '../../../openapi/rules/campaign';
import type { LotteryTableEntry } from '../../../openapi/rules/lottery';
import { campaignPrizes, campaigns } from '../../db/schema-campaign';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignPrizeRow = typeof campaignPrizes.$inferSelect;

export async function campaignBySlug(db: Executor, slug: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!row) throw new AppError('NOT_FOUND', '没有这个活动');
  return row;
}

export async function listCampaigns(db: Executor): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(asc(campaigns.startsAt));
}

export async function poolOf(db: Executor, campaignId: number): Promise<CampaignPrizeRow[]> {
  return db
    .select()
    .from(campaignPrizes)
    .where(eq(campaignPrizes.campaignId, campaignId))
    .orderBy(asc(campaignPrizes.sort), asc(campaignPrizes.id));
}

/** The draw's table: the pool's prizes with a weight, in order. */
export const drawTable = (pool: readonly CampaignPrizeRow[]): LotteryTableEntry[] =>
  pool.filter((p) => p.weight > 0).map((p) => ({ prizeId: p.id, weight: p.weight }));

export interface NewCampaign {
  slug: string;
  title: string;
  theme: CampaignTheme;
  description?: string;
  startsAt: number;
  endsAt: number;
  chancesPerTask?: number;
  chancesPerCheckin?: number;
}

export async function addCampaign(ctx: WriteContext, input: NewCampaign): Promise<CampaignRow> {
  if (!CAMPAIGN_SLUG_RE.test(input.slug))
    throw new Error(`slug ${input.slug} 应为小写字母开头的 2–32 位字母、数字或 -`);
  if (!(input.endsAt > input.startsAt)) throw new AppError('INVALID_PARAMS', '结束时间应晚于开始时间');
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      slug: input.slug,
      title: input.title,
      theme: input.theme,
      description: input.description ?? '',
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      chancesPerTask: input.chancesPerTask ?? 1,
      chancesPerCheckin: input.chancesPerCheckin ?? 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** What `ops -- campaign set` may change; omitted fields stay as they are. */
export interface CampaignChange {
  title?: string;
  theme?: CampaignTheme;
  description?: string;
  /** A new path segment: frees `/christmas` for next year's instance while this one's records stay. */
  slug?: string;
  /** 'now': the moment of the change itself (ending a running campaign at once). */
  startsAt?: number | 'now';
  endsAt?: number | 'now';
}

/**
 * New dates for a campaign, or the zh-CN reason they are refused. Chances are counted, never
 * stored (chances.ts), from what members did inside [startsAt, endsAt): narrowing the dates over
 * time that has already passed would take back chances members earned — and some may already have
 * been drawn, leaving draws no chance explains. So the part of the campaign that has already
 * happened, [old start, min(now, old end)), must stay inside the new dates:
 * - before it starts, the dates may move freely (nothing has been earned yet);
 * - once started, the start may only move earlier (widening counts more of what members did, which
 *   takes nothing away), never later — in particular not into the future, which would also hide a
 *   running campaign's page behind a countdown;
 * - the end may move later (extend, or reopen an ended campaign) or earlier down to now (end a
 *   running campaign early), never before the moment already reached.
 */
export function datesRefusal(c: CampaignRow, startsAt: number, endsAt: number, now: number): string | null {
  if (!(endsAt > startsAt)) return '结束时间应晚于开始时间';
  const oldStart = c.startsAt.getTime();
  if (now < oldStart) return null;
  if (startsAt > oldStart)
    return '活动已开始，开始时间只能提前、不能推后：推后会让成员在原开始时间之后已获得（可能已抽掉）的抽奖机会失效';
  const reached = Math.min(now, c.endsAt.getTime());
  if (endsAt < reached)
    return now < c.endsAt.getTime()
      ? '活动进行中，结束时间最早只能改到现在（提前结束），不能早于现在：否则成员已获得的抽奖机会会失效'
      : '活动已结束，结束时间只能延后、不能提前：提前会让成员在活动期间已获得的抽奖机会失效';
  return null;
}

/** Change a campaign's title, theme, description or dates (dates checked by datesRefusal). */
export async function setCampaign(ctx: WriteContext, id: number, change: CampaignChange): Promise<CampaignRow> {
  const [c] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!c) throw new AppError('NOT_FOUND', `没有活动 #${id}`);
  if (change.title !== undefined && change.title.trim() === '') throw new AppError('INVALID_PARAMS', '标题不能为空');
  if (change.slug !== undefined && !CAMPAIGN_SLUG_RE.test(change.slug))
    throw new AppError('INVALID_PARAMS', `路径 ${change.slug} 应为小写字母开头的 2–32 位字母、数字或 -`);
  if (change.slug !== undefined && change.slug !== c.slug) {
    const [taken] = await ctx.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, change.slug));
    if (taken) throw new AppError('INVALID_PARAMS', `路径 ${change.slug} 已被活动 #${taken.id} 使用`);
  }
  const now = ctx.now();
  const at = (v: number | 'now' | undefined, old: Date) => (v === 'now' ? now : (v ?? old.getTime()));
  const startsAt = at(change.startsAt, c.startsAt);
  const endsAt = at(change.endsAt, c.endsAt);
  const refused = datesRefusal(c, startsAt, endsAt, now);
  if (refused) throw new AppError('INVALID_PARAMS', refused);
  const [row] = await ctx.db
    .update(campaigns)
    .set({
      ...(change.title !== undefined && { title: change.title.trim() }),
      ...(change.theme !== undefined && { theme: change.theme }),
      ...(change.description !== undefined && { description: change.description }),
      ...(change.slug !== undefined && { slug: change.slug }),
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      updatedAt: new Date(now),
    })
    .where(eq(campaigns.id, id))
    .returning();
  return row!;
}

export interface NewCampaignPrize {
  name: string;
  kind: 'points' | 'none';
  points?: number;
  weight: number;
  stock?: number | null;
  sort?: number;
}

export async function addCampaignPrize(
  ctx: WriteContext,
  campaignId: number,
  input: NewCampaignPrize,
): Promise<CampaignPrizeRow> {
  if (!Number.isSafeInteger(input.weight) || input.weight < 0) throw new Error('权重应为非负整数');
  if (input.kind === 'points' && !(Number.isSafeInteger(input.points) && input.points! > 0))
    throw new Error('微豆奖品应有正整数的微豆数');
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(campaignPrizes)
    .values({
      campaignId,
      name: input.name,
      kind: input.kind,
      points: input.kind === 'points' ? input.points! : null,
      weight: input.weight,
      stock: input.stock ?? null,
      sort: input.sort ?? 0,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** Change a prize's weight and/or stock (null stock: unlimited). */
export async function setCampaignPrize(
  ctx: WriteContext,
  prizeId: number,
  change: { weight?: number; stock?: number | null },
): Promise<CampaignPrizeRow> {
  if (change.weight !== undefined && !(Number.isSafeInteger(change.weight) && change.weight >= 0))
    throw new Error('权重应为非负整数');
  if (change.stock != null && !(Number.isSafeInteger(change.stock) && change.stock >= 0))
    throw new Error('库存应为非负整数');
  const [row] = await ctx.db
    .update(campaignPrizes)
    .set({ ...change, updatedAt: new Date(ctx.now()) })
    .where(eq(campaignPrizes.id, prizeId))
    .returning();
  if (!row) throw new Error(`没有奖品 ${prizeId}`);
  return row;
}

/** Take one unit of a prize with stock: false when none is left (never below zero). */
export async function takeUnit(db: Executor, prize: CampaignPrizeRow, at: Date): Promise<boolean> {
  if (prize.stock === null) return true;
  const taken = await db
    .update(campaignPrizes)
    .set({ stock: sql`${campaignPrizes.stock} - 1`, updatedAt: at })
    .where(and(eq(campaignPrizes.id, prize.id), sql`${campaignPrizes.stock} > 0`))
    .returning({ id: campaignPrizes.id });
  return Boolean(taken[0]);
}
