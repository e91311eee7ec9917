/**
 * Seasonal campaigns (季节活动, `/campaigns/{slug}` and `/christmas`; GLOSSARY "Christmas"). The list
 * (`GET /v1/campaigns`) gives the ones not ended yet, for 福利中心.
 *
 * Draw (`POST /v1/campaigns/{slug}/draw`), in ONE transaction under the member's advisory lock for
 * the campaign (one member's draws queue up, so chances left and the day's nonce read consistently):
 *   1. the campaign must be running (its dates) and the member must have a chance left
 *      (chances.ts: earned from tasks and check-ins in the dates, less the draws made);
 *   2. the draw is the lucky wheel's rule (lottery/draw.ts, DRAW_RULE): that Beijing day's committed
 *      server seed (lottery/seeds.ts, the same commitment the wheel publishes) keys an HMAC of the
 *      kind (`campaign:<slug>`, recorded with the draw), the member's public number, the member's
 *      seed and the nonce (the member's n-th draw of this campaign that day), over the pool's
 *      weights → the prize;
 *   3. "谢谢参与" gives nothing; a prize with stock takes one unit with a conditional update
 *      (`stock > 0`), with none left the draw gives nothing and records `out_of_stock`; 微豆 are
 *      credited through the ledger (key `campaign:<drawId>`) in the same transaction.
 * The request key is UNIQUE per member and campaign: a replay answers the first draw and changes
 * nothing; the same key with another member seed is refused (4503).
 */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CAMPAIGN_LIST_MAX, campaignPhase, type CampaignTheme } from '../../../openapi/rules/campaign';
import { campaignDrawKind, DRAW_RULE, totalWeight, type DrawRule } from '../../../openapi/rules/lottery';
import type { CampaignDraw, CampaignOverview, CampaignSummary } from '../../../openapi/schemas/campaign';
import type { AppContext } from '../../context';
import { campaignDraws, campaignPrizes, campaigns } from '../../db/schema-campaign';
import { AppError } from '../../http/errors';
import { isUniqueViolation, type Executor, type Tx } from '../../kernel/db';
import { shanghaiDay } from '../../kernel/time';
import { credit } from '../points/ledger';
import { draw } from '../lottery/draw';
import { publicNumberOf } from '../lottery/service';
import { commitmentsOf, ensureCommitment, toCommitment } from '../lottery/seeds';
import { campaignBySlug, drawTable, poolOf, takeUnit, type CampaignRow } from './campaigns';
import { chancesOf, leaderboard } from './chances';

type Ctx = Pick<AppContext, 'db' | 'now'>;
type DrawRow = typeof campaignDraws.$inferSelect;
type DrawData = z.output<typeof CampaignDraw>;

/** Arbitrary constant (an int4): the advisory lock class of one member's campaign draws. */
const DRAW_LOCK = 0x0ca4f;

/**
 * The campaigns 福利中心 lists: those not ended yet, running ones first (the one ending soonest
 * first), then the upcoming ones by start; at most CAMPAIGN_LIST_MAX.
 */
export async function liveCampaigns(ctx: Ctx): Promise<z.output<typeof CampaignSummary>[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(gt(campaigns.endsAt, new Date(now)))
    .orderBy(
      sql`case when ${campaigns.startsAt} <= ${new Date(now)} then 0 else 1 end`,
      sql`case when ${campaigns.startsAt} <= ${new Date(now)} then ${campaigns.endsAt} else ${campaigns.startsAt} end`,
      asc(campaigns.id),
    )
    .limit(CAMPAIGN_LIST_MAX);
  return rows.map((c) => ({
    slug: c.slug,
    title: c.title,
    theme: c.theme as CampaignTheme,
    description: c.description,
    phase: c.startsAt.getTime() <= now ? 'running' : 'upcoming',
    startsAt: c.startsAt.getTime(),
    endsAt: c.endsAt.getTime(),
  }));
}

export async function overview(
  ctx: Ctx,
  slug: string,
  memberId: number | null,
): Promise<z.output<typeof CampaignOverview>> {
  const now = ctx.now();
  const c = await campaignBySlug(ctx.db, slug);
  const [pool, chances, leaders] = await Promise.all([
    poolOf(ctx.db, c.id),
    memberId === null ? null : chancesOf(ctx.db, c, memberId),
    leaderboard(ctx.db, c),
  ]);
  const total = totalWeight(drawTable(pool));
  return {
    slug: c.slug,
    title: c.title,
    theme: c.theme as CampaignTheme,
    description: c.description,
    startsAt: c.startsAt.getTime(),
    endsAt: c.endsAt.getTime(),
    now,
    phase: campaignPhase(c.startsAt.getTime(), c.endsAt.getTime(), now),
    chancesPerTask: c.chancesPerTask,
    chancesPerCheckin: c.chancesPerCheckin,
    prizes: pool
      .filter((p) => p.weight > 0)
      .map((p) => ({
        id: p.id,
        name: p.name,
        kind: p.kind as 'points' | 'none',
        points: p.points,
        chance: total > 0 ? p.weight / total : 0,
        stock: p.kind === 'none' ? null : p.stock,
      })),
    chances,
    leaders,
  };
}

async function toDraws(db: Executor, rows: DrawRow[], now: number): Promise<DrawData[]> {
  const seeds = await commitmentsOf(
    db,
    rows.map((r) => r.day),
  );
  return rows.map((r) => {
    const seed = toCommitment(seeds.get(r.day)!, now);
    return {
      id: r.id,
      createdAt: r.createdAt.getTime(),
      outcome: r.outcome as DrawData['outcome'],
      prizeName: r.prizeName,
      points: r.points,
      day: r.day,
      seedHash: seed.seedHash,
      seed: seed.seed,
      rule: r.drawRule as DrawRule,
      kind: r.drawKind,
      member: r.drawMember,
      memberSeed: r.memberSeed,
      nonce: r.nonce,
      roll: r.roll,
      drawnPrizeId: r.drawnPrizeId,
      table: r.entries,
    };
  });
}

export async function listDraws(ctx: Ctx, slug: string, memberId: number, page: number, pageSize: number) {
  const c = await campaignBySlug(ctx.db, slug);
  const mine = and(eq(campaignDraws.campaignId, c.id), eq(campaignDraws.memberId, memberId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(campaignDraws)
      .where(mine)
      .orderBy(desc(campaignDraws.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(campaignDraws).where(mine),
  ]);
  return { list: await toDraws(ctx.db, rows, ctx.now()), total: total?.n ?? 0, page, pageSize };
}

export interface DrawInput {
  requestKey: string;
  memberSeed: string;
}

async function byRequestKey(db: Executor, campaignId: number, memberId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(campaignDraws)
    .where(
      and(
        eq(campaignDraws.campaignId, campaignId),
        eq(campaignDraws.memberId, memberId),
        eq(campaignDraws.requestKey, requestKey),
      ),
    )
    .limit(1);
  return row;
}

class ReplayInside extends Error {
  constructor(readonly row: DrawRow) {
    super('request key already used');
  }
}

async function answer(ctx: Ctx, c: CampaignRow, row: DrawRow, replayed: boolean) {
  const [[one], chances] = await Promise.all([toDraws(ctx.db, [row], ctx.now()), chancesOf(ctx.db, c, row.memberId)]);
  return { draw: one!, chances, replayed };
}

function replay(ctx: Ctx, c: CampaignRow, first: DrawRow, input: DrawInput) {
  if (first.memberSeed !== input.memberSeed) throw new AppError('CAMPAIGN_REQUEST_KEY_REUSED');
  return answer(ctx, c, first, true);
}

async function drawIn(tx: Tx, c: CampaignRow, memberId: number, input: DrawInput, now: number): Promise<DrawRow> {
  const at = new Date(now);
  const day = shanghaiDay(now);
  await tx.execute(sql`select pg_advisory_xact_lock(${DRAW_LOCK}, ${memberId})`);
  // A concurrent request with this key may have committed while we waited for the lock.
  const first = await byRequestKey(tx, c.id, memberId, input.requestKey);
  if (first) throw new ReplayInside(first);
  if (campaignPhase(c.startsAt.getTime(), c.endsAt.getTime(), now) !== 'running')
    throw new AppError('CAMPAIGN_NOT_RUNNING');
  const entries = drawTable(await poolOf(tx, c.id));
  if (totalWeight(entries) <= 0) throw new AppError('CAMPAIGN_CLOSED');
  if ((await chancesOf(tx, c, memberId)).left <= 0) throw new AppError('CAMPAIGN_NO_CHANCES');

  const [{ n: drawnToday }] = (await tx
    .select({ n: count() })
    .from(campaignDraws)
    .where(
      and(eq(campaignDraws.campaignId, c.id), eq(campaignDraws.memberId, memberId), eq(campaignDraws.day, day)),
    )) as [{ n: number }];
  const nonce = drawnToday + 1;
  const seed = await ensureCommitment(tx, day, now);
  const kind = campaignDrawKind(c.slug);
  const member = await publicNumberOf(tx, memberId);
  const drawn = draw(seed.seed, { rule: DRAW_RULE, kind, member, memberSeed: input.memberSeed, nonce }, entries);
  const [prize] = await tx.select().from(campaignPrizes).where(eq(campaignPrizes.id, drawn.prizeId));
  const outcome = prize!.kind === 'none' ? 'none' : (await takeUnit(tx, prize!, at)) ? 'prize' : 'out_of_stock';
  const [row] = await tx
    .insert(campaignDraws)
    .values({
      campaignId: c.id,
      memberId,
      requestKey: input.requestKey,
      day,
      nonce,
      memberSeed: input.memberSeed,
      drawRule: DRAW_RULE,
      drawKind: kind,
      drawMember: member,
      entries,
      roll: drawn.roll,
      drawnPrizeId: prize!.id,
      outcome,
      prizeName: prize!.name,
      points: outcome === 'prize' ? prize!.points : null,
      createdAt: at,
    })
    .returning();
  if (outcome !== 'prize') return row!;
  const entry = await credit(tx, {
    memberId,
    amount: prize!.points!,
    reason: 'lottery',
    source: `${c.title}：${prize!.name}`,
    idempotencyKey: `campaign:${row!.id}`,
    at: now,
  });
  const [done] = await tx
    .update(campaignDraws)
    .set({ creditLedgerId: entry.ledgerId })
    .where(eq(campaignDraws.id, row!.id))
    .returning();
  return done!;
}

export async function drawOnce(ctx: Ctx, slug: string, memberId: number, input: DrawInput) {
  const c = await campaignBySlug(ctx.db, slug);
  const seen = await byRequestKey(ctx.db, c.id, memberId, input.requestKey);
  if (seen) return replay(ctx, c, seen, input);
  try {
    const row = await ctx.db.transaction((tx: Tx) => drawIn(tx, c, memberId, input, ctx.now()));
    return answer(ctx, c, row, false);
  } catch (err) {
    if (err instanceof ReplayInside) return replay(ctx, c, err.row, input);
    if (isUniqueViolation(err, 'campaign_draws_member_request_key')) {
      const first = await byRequestKey(ctx.db, c.id, memberId, input.requestKey);
      if (first) return replay(ctx, c, first, input);
    }
    throw err;
  }
}
