/**
 * The ranking (排行榜) as members read it: the top 50 of 微豆 earned this Beijing week or month,
 * nicknames masked, and the reader's own rank. It reads only the aggregate `ranking_earned` (kept by
 * the ledger writer, points/earned.ts) — never the ledger.
 *
 * A board is read in two parts, each kept in the process:
 * - its top 50 — one index read of 50 rows — re-read (shared by concurrent readers) whenever this
 *   process changed the aggregate (`earnedGeneration`) or it is SNAPSHOT_MS old (a change made by
 *   another process), so a member sees their own earning in the list at once;
 * - how many members earned each amount — one index-only pass over the period, the costly part
 *   (tens of ms at 100 000 members) — refreshed in the background (COUNTS_MIN_MS, COUNTS_MS) while
 *   readers keep the previous one (one refresh in flight), so no read waits for it but the first.
 * A read then costs the reader's own row by its key and a binary search: the rank is 1 + the
 * members with more (bench/ranking.mjs: counting them per read gave seconds under load, waiting for
 * the whole snapshot p99 84 ms). A rank below the top may lag the amounts by COUNTS_MIN_MS (a
 * change here) or COUNTS_MS (elsewhere) plus one refresh; the reader's own amount never does. Equal amounts share a rank (1, 2, 2, 4); a member
 * with nothing earned this period has none.
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
/**
 * The counts behind ranks below the top: re-read at most every COUNTS_MIN_MS after a change here,
 * and every COUNTS_MS anyway — each pass reads every earner of the period, so under a steady
 * stream of earnings it runs back to back no more than this.
 */
export const COUNTS_MIN_MS = 2_000;
export const COUNTS_MS = 60_000;

/** Competition ranks over amounts sorted high to low: equal amounts share the first one's rank. */
export function competitionRanks(amounts: number[]): number[] {
  return amounts.map((a) => amounts.indexOf(a) + 1);
}

/** A row of the top, its nickname already masked. */
type TopRow = { memberId: number; amount: number; nickname: string; avatar: string | null };

interface Taken<T> {
  generation: number;
  takenAt: number;
  value: T;
}

/** Distinct amounts, high to low, how many members earned more than each, and how many earned anything. */
interface Amounts {
  amounts: number[];
  above: number[];
  total: number;
}

const boardWhere = (period: Period, start: string) =>
  and(eq(rankingEarned.period, period), eq(rankingEarned.periodStart, start), gt(rankingEarned.amount, 0));

const readTop = async (db: Executor, period: Period, start: string): Promise<TopRow[]> =>
  (
    await db
      .select({
        memberId: rankingEarned.memberId,
        amount: rankingEarned.amount,
        nickname: members.nickname,
        avatar: members.avatar,
      })
      .from(rankingEarned)
      .innerJoin(members, eq(members.id, rankingEarned.memberId))
      .where(boardWhere(period, start))
      .orderBy(desc(rankingEarned.amount), asc(rankingEarned.memberId))
      .limit(RANKING_TOP)
  ).map((r) => ({ ...r, nickname: maskNickname(r.nickname) })); // masked once per read of the top

async function readAmounts(db: Executor, period: Period, start: string): Promise<Amounts> {
  const levels = await db
    .select({ amount: rankingEarned.amount, n: count() })
    .from(rankingEarned)
    .where(boardWhere(period, start))
    .groupBy(rankingEarned.amount)
    .orderBy(desc(rankingEarned.amount));
  const above: number[] = [];
  let sum = 0;
  for (const l of levels) {
    above.push(sum);
    sum += l.n;
  }
  return { amounts: levels.map((l) => l.amount), above, total: sum };
}

/** A value read once and kept: `current` is the last one read, `next` the read in flight. */
interface Kept<T> {
  current?: Taken<T>;
  next?: Promise<Taken<T>>;
}

const kept = new WeakMap<Executor, Map<string, Kept<unknown>>>();

function keptOf<T>(db: Executor, key: string): Kept<T> {
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  let k = byKey.get(key);
  if (!k) byKey.set(key, (k = {}));
  return k as Kept<T>;
}

const isFresh = (t: Taken<unknown>) => t.generation === earnedGeneration() && Date.now() - t.takenAt < SNAPSHOT_MS;
const countsFresh = (t: Taken<unknown>) => {
  const age = Date.now() - t.takenAt;
  return age < COUNTS_MIN_MS || (age < COUNTS_MS && t.generation === earnedGeneration());
};

/** Start a read unless one is in flight; its result becomes `current`. */
function refresh<T>(k: Kept<T>, read: () => Promise<T>): Promise<Taken<T>> {
  if (k.next) return k.next;
  const generation = earnedGeneration();
  const takenAt = Date.now();
  const next = read().then(
    (value) => (k.current = { generation, takenAt, value }),
    (e: unknown) => {
      throw e;
    },
  );
  k.next = next;
  void next.then(
    () => (k.next = undefined),
    () => (k.next = undefined),
  );
  return next;
}

/** The fresh value, waiting for a read when the kept one is stale. */
async function freshValue<T>(k: Kept<T>, read: () => Promise<T>): Promise<T> {
  if (k.current && isFresh(k.current)) return k.current.value;
  return (await refresh(k, read)).value;
}

/** The kept value at once (stale or not), refreshed behind when stale; waits only for the very first read. */
async function keptValue<T>(k: Kept<T>, read: () => Promise<T>): Promise<T> {
  const { current } = k;
  if (!current) return (await refresh(k, read)).value;
  if (!countsFresh(current)) refresh(k, read).catch(() => undefined); // the next read tries again
  return current.value;
}

/** 1 + how many members earned more than `amount` (binary search over the snapshot's amounts). */
export function rankOf(s: Amounts, amount: number): number {
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
  const [top, counts, own] = await Promise.all([
    freshValue(keptOf<TopRow[]>(db, `top:${period}:${start}`), () => readTop(db, period, start)),
    keptValue(keptOf<Amounts>(db, `amounts:${period}:${start}`), () => readAmounts(db, period, start)),
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
  const ranks = competitionRanks(top.map((r) => r.amount));
  let mine: RankingData['mine'] = null;
  if (own) {
    const amount = own[0]?.amount ?? 0;
    // The fresh top decides a rank inside it; the counts (maybe a refresh behind) one below it.
    const inTop = top.findIndex((r) => r.amount <= amount);
    const rank = inTop >= 0 ? ranks[inTop]! : Math.max(rankOf(counts, amount), top.length + 1);
    mine = { rank: amount > 0 ? rank : null, amount };
  }
  return {
    period,
    start,
    end: previousDay(periodEnd(period, start)),
    entries: top.map((r, i) => ({
      rank: ranks[i]!,
      nickname: r.nickname,
      avatar: r.avatar,
      amount: r.amount,
      me: r.memberId === viewerId,
    })),
    mine,
  };
}
