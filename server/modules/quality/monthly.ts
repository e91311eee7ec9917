/**
 * The monthly report (答题质量月报, GET /v1/quality/monthly): per Beijing month, the member's tasks
 * done (counted answers), valid answers and rate — counted exactly as the standing counts them
 * (`isCounted` / `isValid`, standing.ts) — and the 微豆 earned that month (the ranking's
 * `ranking_earned` month row: every posted credit less its later reversals, kept in the same
 * transaction as each ledger row by server/modules/points/earned.ts), against the previous months
 * and the panel median of the month.
 *
 * The panel median is over the members with at least one counted answer that month. It is one
 * grouped read of that month's finished participations (index `participations_finished_idx`),
 * joined to that month's `ranking_earned` rows by primary key; it is kept per month in the process
 * (per database): a finished month for MEDIAN_TTL_FINISHED_MS (a partner's late reversal still
 * shows within the hour), the current month for MEDIAN_TTL_CURRENT_MS, and concurrent requests
 * share one read. So a request costs two small reads of the member's own rows; the month's scan
 * runs at most once per TTL per process, not per request.
 */
import { and, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult } from '../../../openapi/enums';
import { MONTHLY_REPORT_PREVIOUS, shiftMonth } from '../../../openapi/rules/monthlyReport';
import { COUNTED_JOIN_RESULTS } from '../../../openapi/rules/quality';
import type { MonthlyFigures, MonthlyReport, PanelMedian } from '../../../openapi/schemas/quality';
import { members } from '../../db/schema';
import { rankingEarned } from '../../db/schema-ranking';
import { participations } from '../../db/schema-tasks';
import type { Executor } from '../../kernel/db';
import { shanghaiDay, shanghaiMonth } from '../../kernel/time';
import { AppError } from '../../http/errors';
import { countedRows, isCounted, isValid, type QualityRow } from './standing';

type Figures = z.output<typeof MonthlyFigures>;
type Median = z.output<typeof PanelMedian>;

export const MEDIAN_TTL_FINISHED_MS = 60 * 60_000;
export const MEDIAN_TTL_CURRENT_MS = 60_000;

/** The Beijing month (YYYY-MM) of an instant. */
export const monthOf = (ms: number) => shanghaiDay(ms).slice(0, 7);

const monthRange = (month: string) => shanghaiMonth(`${month}-01`);

/** The median as PostgreSQL's percentile_cont(0.5): the middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The member's counted and valid answers in `month` (any rows: those of other months and uncounted ones are skipped). */
export function monthCounts(rows: readonly QualityRow[], month: string): { counted: number; valid: number } {
  const { start, end } = monthRange(month);
  const of = rows.filter((r) => isCounted(r) && r.finishedAt.getTime() >= start && r.finishedAt.getTime() < end);
  return { counted: of.length, valid: of.filter(isValid).length };
}

interface Cached {
  at: number;
  value: Promise<Median>;
}
const cache = new WeakMap<object, Map<string, Cached>>();

/** Forget every kept median (tests that change a month's rows after reading it). */
export function clearMedianCache(db: Executor): void {
  cache.delete(db as object);
}

const R = JoinResult.values;

/** The month's panel median, read from the database (no cache). */
export async function readMedian(db: Executor, month: string): Promise<Median> {
  const { start, end } = monthRange(month);
  const per = db
    .select({
      memberId: participations.memberId,
      counted: sql<number>`count(*)`.as('counted'),
      valid: sql<number>`count(*) filter (where ${participations.joinResult} = ${R.COMPLETE}
        and jsonb_array_length(${participations.lowQualityReasons}) = 0
        and ${participations.pointsStatus} <> 'reversed')`.as('valid'),
    })
    .from(participations)
    .where(
      and(
        eq(participations.status, 'finished'),
        inArray(participations.joinResult, [...COUNTED_JOIN_RESULTS]),
        gte(participations.finishedAt, new Date(start)),
        lt(participations.finishedAt, new Date(end)),
      ),
    )
    .groupBy(participations.memberId)
    .as('per');
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      counted: sql<number | null>`percentile_cont(0.5) within group (order by ${per.counted})`,
      rate: sql<number | null>`percentile_cont(0.5) within group (order by ${per.valid}::float8 / ${per.counted})`,
      earned: sql<number | null>`percentile_cont(0.5) within group (order by coalesce(${rankingEarned.amount}, 0))`,
    })
    .from(per)
    .leftJoin(
      rankingEarned,
      and(
        eq(rankingEarned.period, 'month'),
        eq(rankingEarned.periodStart, `${month}-01`),
        eq(rankingEarned.memberId, per.memberId),
      ),
    );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    members: Number(row?.members ?? 0),
    counted: num(row?.counted),
    rate: num(row?.rate),
    earned: num(row?.earned),
  };
}

/** The month's panel median, kept in the process (see the top of this file). */
export function panelMedian(db: Executor, month: string, now: number): Promise<Median> {
  let byMonth = cache.get(db as object);
  if (!byMonth) cache.set(db as object, (byMonth = new Map()));
  const ttl = month >= monthOf(now) ? MEDIAN_TTL_CURRENT_MS : MEDIAN_TTL_FINISHED_MS;
  const kept = byMonth.get(month);
  if (kept && now - kept.at < ttl && now >= kept.at) return kept.value;
  const value = readMedian(db, month);
  byMonth.set(month, { at: now, value });
  value.catch(() => byMonth.delete(month));
  return value;
}

/** The first month the member can see: their registration's or their first answer's, the earlier. */
async function firstMonthOf(db: Executor, memberId: number, now: number): Promise<string> {
  const [m] = await db.select({ createdAt: members.createdAt }).from(members).where(eq(members.id, memberId));
  const [p] = await db
    .select({ first: min(participations.startedAt) })
    .from(participations)
    .where(eq(participations.memberId, memberId));
  const times = [m?.createdAt.getTime() ?? now, p?.first?.getTime() ?? now];
  return monthOf(Math.min(...times));
}

/** GET /v1/quality/monthly */
export async function monthlyReport(
  db: Executor,
  memberId: number,
  now: number,
  query: { month?: string },
): Promise<z.output<typeof MonthlyReport>> {
  const currentMonth = monthOf(now);
  const firstMonth = await firstMonthOf(db, memberId, now);
  const month = query.month ?? currentMonth;
  if (month > currentMonth) throw new AppError('INVALID_PARAMS', '这个月还没到，只能查看本月及以前的月报');
  if (month < firstMonth) throw new AppError('INVALID_PARAMS', '只能查看你注册以来的月报');

  const months: string[] = [];
  for (let i = MONTHLY_REPORT_PREVIOUS; i >= 1; i--) {
    const m = shiftMonth(month, -i);
    if (m >= firstMonth) months.push(m);
  }
  months.push(month);
  const from = monthRange(months[0]!).start;
  const to = monthRange(month).end;

  const [counted, earned, medians] = await Promise.all([
    countedRows(db, memberId, from, to),
    db
      .select({ start: rankingEarned.periodStart, amount: rankingEarned.amount })
      .from(rankingEarned)
      .where(
        and(
          eq(rankingEarned.memberId, memberId),
          eq(rankingEarned.period, 'month'),
          inArray(
            rankingEarned.periodStart,
            months.map((m) => `${m}-01`),
          ),
        ),
      ),
    Promise.all(months.map((m) => panelMedian(db, m, now))),
  ]);
  const earnedOf = new Map(earned.map((e) => [e.start.slice(0, 7), e.amount]));
  const figures: Figures[] = months.map((m, i) => {
    const c = monthCounts(counted, m);
    return {
      month: m,
      ...c,
      rate: c.counted === 0 ? null : c.valid / c.counted,
      earned: earnedOf.get(m) ?? 0,
      medianRate: medians[i]!.rate,
    };
  });
  return {
    month,
    firstMonth,
    currentMonth,
    figures: figures[figures.length - 1]!,
    previous: figures.slice(0, -1),
    median: medians[medians.length - 1]!,
  };
}
