/**
 * The ranking (排行榜) as members read it: the top 50 of 微豆 earned this Beijing week or month,
 * nicknames masked, and the reader's own rank. It reads only the aggregate `ranking_earned`
 * (kept by the ledger writer, points/earned.ts) through its board index: the top is an ordered
 * index scan, a rank is 1 + the count of amounts above the member's — never a scan of the ledger.
 * Equal amounts share a rank (1, 2, 2, 4); a member with nothing earned this period has none.
 */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { RANKING_TOP, type Ranking, type RankPeriod } from '../../../openapi/schemas/ranking';
import { members, rankingEarned } from '../../db/tables';
import type { Executor } from '../../kernel/db';
import { maskNickname } from '../../kernel/mask';
import { previousDay } from '../../kernel/time';
import { periodEnd, periodStart } from '../points/earned';

export type RankingData = z.output<typeof Ranking>;
type Period = z.output<typeof RankPeriod>;

/** Competition ranks over amounts sorted high to low: equal amounts share the first one's rank. */
export function competitionRanks(amounts: number[]): number[] {
  return amounts.map((a) => amounts.indexOf(a) + 1);
}

export async function ranking(
  db: Executor,
  period: Period,
  now: number,
  viewerId: number | null,
): Promise<RankingData> {
  const start = periodStart(period, now);
  const board = and(eq(rankingEarned.period, period), eq(rankingEarned.periodStart, start));
  const top = await db
    .select({
      memberId: rankingEarned.memberId,
      amount: rankingEarned.amount,
      nickname: members.nickname,
      avatar: members.avatar,
    })
    .from(rankingEarned)
    .innerJoin(members, eq(members.id, rankingEarned.memberId))
    .where(and(board, gt(rankingEarned.amount, 0)))
    .orderBy(desc(rankingEarned.amount), asc(rankingEarned.memberId))
    .limit(RANKING_TOP);
  const ranks = competitionRanks(top.map((r) => r.amount));
  let mine: RankingData['mine'] = null;
  if (viewerId !== null) {
    const [own] = await db
      .select({ amount: rankingEarned.amount })
      .from(rankingEarned)
      .where(and(board, eq(rankingEarned.memberId, viewerId)));
    const amount = own?.amount ?? 0;
    let rank: number | null = null;
    if (amount > 0) {
      const listed = top.findIndex((r) => r.memberId === viewerId);
      if (listed >= 0) rank = ranks[listed]!;
      else {
        const [above] = await db
          .select({ n: count() })
          .from(rankingEarned)
          .where(and(board, gt(rankingEarned.amount, sql`${amount}`)));
        rank = (above?.n ?? 0) + 1;
      }
    }
    mine = { rank, amount };
  }
  return {
    period,
    start,
    end: previousDay(periodEnd(period, start)),
    entries: top.map((r, i) => ({
      rank: ranks[i]!,
      nickname: maskNickname(r.nickname),
      avatar: r.avatar,
      amount: r.amount,
      me: r.memberId === viewerId,
    })),
    mine,
  };
}
