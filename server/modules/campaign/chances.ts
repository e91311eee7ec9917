/**
 * Draw chances of a campaign, counted (never stored) from what members did in its dates
 * [startsAt, endsAt): each task completed (a participation whose join result is 完成, finished in
 * the dates) gives `chancesPerTask`, each day checked in (check-in made in the dates) gives
 * `chancesPerCheckin`. Chances used are the member's draws of the campaign.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  CAMPAIGN_LEADERBOARD_SIZE,
  campaignChanceLabel,
  type CampaignChanceSource,
} from '../../../openapi/rules/campaign';
import { JoinResult } from '../../../openapi/enums';
import { members } from '../../db/schema';
import { campaignDraws } from '../../db/schema-campaign';
import { checkins } from '../../db/schema-points';
import { participations } from '../../db/schema-tasks';
import type { Executor } from '../../kernel/db';
import { maskNickname } from '../../kernel/mask';
import type { CampaignRow } from './campaigns';

const COMPLETE = JoinResult.values.COMPLETE;

export interface ChancesData {
  earned: number;
  used: number;
  left: number;
  bySource: { source: CampaignChanceSource; label: string; count: number; chances: number }[];
}

export async function chancesOf(db: Executor, c: CampaignRow, memberId: number): Promise<ChancesData> {
  const [[tasks], [days], [used]] = await Promise.all([
    db
      .select({ n: count() })
      .from(participations)
      .where(
        and(
          eq(participations.memberId, memberId),
          eq(participations.joinResult, COMPLETE),
          gte(participations.finishedAt, c.startsAt),
          lt(participations.finishedAt, c.endsAt),
        ),
      ),
    db
      .select({ n: count() })
      .from(checkins)
      .where(
        and(eq(checkins.memberId, memberId), gte(checkins.createdAt, c.startsAt), lt(checkins.createdAt, c.endsAt)),
      ),
    db
      .select({ n: count() })
      .from(campaignDraws)
      .where(and(eq(campaignDraws.campaignId, c.id), eq(campaignDraws.memberId, memberId))),
  ]);
  const rows = [
    { source: 'task' as const, count: tasks?.n ?? 0, chances: (tasks?.n ?? 0) * c.chancesPerTask },
    { source: 'checkin' as const, count: days?.n ?? 0, chances: (days?.n ?? 0) * c.chancesPerCheckin },
  ];
  const earned = rows.reduce((n, r) => n + r.chances, 0);
  const usedN = used?.n ?? 0;
  return {
    earned,
    used: usedN,
    left: Math.max(0, earned - usedN),
    bySource: rows.map((r) => ({ ...r, label: campaignChanceLabel[r.source] })),
  };
}

/** The members who earned the most chances in the campaign's dates (ties: the earlier member first). */
export async function leaderboard(db: Executor, c: CampaignRow) {
  const fromTasks = db
    .select({
      memberId: participations.memberId,
      n: sql<number>`count(*)::int * ${c.chancesPerTask}`.as('n'),
    })
    .from(participations)
    .where(
      and(
        eq(participations.joinResult, COMPLETE),
        gte(participations.finishedAt, c.startsAt),
        lt(participations.finishedAt, c.endsAt),
      ),
    )
    .groupBy(participations.memberId);
  const fromCheckins = db
    .select({ memberId: checkins.memberId, n: sql<number>`count(*)::int * ${c.chancesPerCheckin}`.as('n') })
    .from(checkins)
    .where(and(gte(checkins.createdAt, c.startsAt), lt(checkins.createdAt, c.endsAt)))
    .groupBy(checkins.memberId);
  const e = fromTasks.unionAll(fromCheckins).as('e');
  const total = sql<number>`sum(${e.n})::int`;
  const rows = await db
    .select({ nickname: members.nickname, chances: total.mapWith(Number) })
    .from(e)
    .innerJoin(members, eq(members.id, e.memberId))
    .groupBy(members.id, members.nickname)
    .having(sql`sum(${e.n}) > 0`)
    .orderBy(desc(total), asc(members.id))
    .limit(CAMPAIGN_LEADERBOARD_SIZE);
  return rows.map((r, i) => ({ rank: i + 1, nickname: maskNickname(r.nickname), chances: r.chances }));
}
