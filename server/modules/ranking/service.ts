/**
 * The ranking (排行榜) as members read it: the top 50 of 微豆 earned this Beijing week or month,
 * nicknames masked, and the reader's own rank. It reads only the aggregate `ranking_earned` (kept by
 * the ledger writer, points/earned.ts) — never the ledger.
 *
 * A board's snapshot — its top 50 and how many members earned each amount — is read once (the top
 * through the board index; the amounts with one index-only pass over the period) and kept in the
 * process until the aggregate changes here (`earnedGeneration`) or SNAPSHOT_MS passes (a change
 * made by another process). A read then costs the reader's own row by its key and a binary search:
 * the rank is 1 + the members with more (bench/ranking.mjs measured the per-read count at 100 000
 * members: seconds under load). Equal amounts share a rank (1, 2, 2, 4); a member with nothing
 * earned this period has none.
 */
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { RANKING_TOP, type Ranking, type RankPeriod } from '../../../openapi/schemas/ranking';
import { members, rankingEarned } from '../../db/tables';
import type { Executor } from '../../kernel/db';
import { maskNickname } from '../../kernel/mask';
import { previousDay } from '../../kernel/time';
import { earnedGeneration, periodEnd, periodStart } from '../points/earned';

export type RankingData = z.output<typeof Ranking>;
type Period = z.output<typeof RankPeriod>;

/** How long a board's snapshot is trusted without a change seen in this process. */
export const SNAPSHOT_MS = 5_000;

/** Competition ranks over amounts sorted high to low: equal amounts share the first one's rank. */
export function competitionRanks(amounts: number[]): number[] {
  return amounts.map((a) => amounts.indexOf(a) + 1);
}

interface Snapshot {
  generation: number;
  takenAt: number;
  top: { memberId: number; amount: number; nickname: string; avatar: string | null }[];
  /** Distinct amounts, high to low, and how many members earned more than each. */
  amounts: number[];
  above: number[];
  /** Members with anything earned in the period. */
  total: number;
}

const snapshots = new WeakMap<Executor, Map<string, Promise<Snapshot>>>();

async function takeSnapshot(db: Executor, period: Period, start: string): Promise<Snapshot> {
  const generation = earnedGeneration();
  const board = and(
    eq(rankingEarned.period, period),
    eq(rankingEarned.periodStart, start),
    gt(rankingEarned.amount, 0),
  );
  const [top, levels] = await Promise.all([
    db
      .select({
        memberId: rankingEarned.memberId,
        amount: rankingEarned.amount,
        nickname: members.nickname,
        avatar: members.avatar,
      })
      .from(rankingEarned)
      .innerJoin(members, eq(members.id, rankingEarned.memberId))
      .where(board)
      .orderBy(desc(rankingEarned.amount), asc(rankingEarned.memberId))
      .limit(RANKING_TOP),
    db
      .select({ amount: rankingEarned.amount, n: count() })
      .from(rankingEarned)
      .where(board)
      .groupBy(rankingEarned.amount)
      .orderBy(desc(rankingEarned.amount)),
  ]);
  const above: number[] = [];
  let sum = 0;
  for (const l of levels) {
    above.push(sum);
    sum += l.n;
  }
  return { generation, takenAt: Date.now(), top, amounts: levels.map((l) => l.amount), above, total: sum };
}

/** The board's snapshot: the cached one while nothing changed, else one new read shared by concurrent readers. */
function snapshot(db: Executor, period: Period, start: string): Promise<Snapshot> {
  let byBoard = snapshots.get(db);
  if (!byBoard) snapshots.set(db, (byBoard = new Map()));
  const key = `${period}:${start}`;
  const cached = byBoard.get(key);
  const fresh = (s: Snapshot) => s.generation === earnedGeneration() && Date.now() - s.takenAt < SNAPSHOT_MS;
  const next = (async () => {
    const s = cached && (await cached.catch(() => null));
    if (s && fresh(s)) return s;
    return takeSnapshot(db, period, start);
  })();
  byBoard.set(key, next);
  next.catch(() => {
    if (byBoard.get(key) === next) byBoard.delete(key);
  });
  return next;
}

/** 1 + how many members earned more than `amount` (binary search over the snapshot's amounts). */
export function rankOf(s: Pick<Snapshot, 'amounts' | 'above' | 'total'>, amount: number): number {
  let lo = 0;
  let hi = s.amounts.length; // the first level whose amount is not above `amount`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.amounts[mid]! > amount) lo = mid + 1;
    else hi = mid;
  }
  return (lo < s.amounts.length ? s.above[lo]! : s.total) + 1;
}

export async function ranking(
  db: Executor,
  period: Period,
  now: number,
  viewerId: number | null,
): Promise<RankingData> {
  const start = periodStart(period, now);
  const [s, own] = await Promise.all([
    snapshot(db, period, start),
    viewerId === null
      ? null
      : db
          .select({ amount: rankingEarned.amount })
          .from(rankingEarned)
          .where(
            and(
              eq(rankingEarned.period, period),
              eq(rankingEarned.periodStart, start),
              eq(rankingEarned.memberId, viewerId),
            ),
          ),
  ]);
  const ranks = competitionRanks(s.top.map((r) => r.amount));
  let mine: RankingData['mine'] = null;
  if (own) {
    const amount = own[0]?.amount ?? 0;
    mine = { rank: amount > 0 ? rankOf(s, amount) : null, amount };
  }
  return {
    period,
    start,
    end: previousDay(periodEnd(period, start)),
    entries: s.top.map((r, i) => ({
      rank: ranks[i]!,
      nickname: maskNickname(r.nickname),
      avatar: r.avatar,
      amount: r.amount,
      me: r.memberId === viewerId,
    })),
    mine,
  };
}
