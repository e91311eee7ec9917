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
  if (!(input.endsAt > input.startsAt)) throw new Error('结束时间应晚于开始时间');
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
