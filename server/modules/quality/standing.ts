/**
 * Answer quality (答题质量): the member's standing computed from their participations — never
 * stored, never typed in. The rules (window, which results count, levels) are
 * openapi/rules/quality.ts; `standingOf` is the pure computation the tests run over random
 * histories, `qualityOverview` / `flaggedAnswers` / `qualityLevels` read the member's rows.
 */
import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult, LowQualityReason } from '../../../openapi/enums';
import {
  COUNTED_JOIN_RESULTS,
  QUALITY_CHART_MONTHS,
  QUALITY_WINDOW_DAYS,
  DEFAULT_LEVEL_THRESHOLDS,
  levelRules,
  levelSummary,
  qualityLevelOf,
  type LevelThreshold,
} from '../../../openapi/rules/quality';
import type { FlaggedAnswers, QualityLevels, QualityOverview } from '../../../openapi/schemas/quality';
import { participations, tasks } from '../../db/schema-tasks';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';
import { levelThresholds } from './levels';
import { DAY_MS, shanghaiDay, shanghaiMonth } from '../../kernel/time';

type Overview = z.output<typeof QualityOverview>;
type LowQualityReasonValue = (typeof LowQualityReason.list)[number];

/** What the computation reads of a participation. */
export interface QualityRow {
  joinResult: number;
  lowQualityReasons: number[];
  pointsStatus: 'none' | 'posted' | 'reversed';
  finishedAt: Date;
}

const R = JoinResult.values;

export const isCounted = (r: Pick<QualityRow, 'joinResult'>) => COUNTED_JOIN_RESULTS.includes(r.joinResult);

/** A counted answer is valid when it is a complete with no low-quality reason and not reversed. */
export const isValid = (r: QualityRow) =>
  r.joinResult === R.COMPLETE && r.lowQualityReasons.length === 0 && r.pointsStatus !== 'reversed';

/** The Beijing months (YYYY-MM) of the chart, oldest first, ending with the month of `now`. */
export function chartMonths(now: number, count = QUALITY_CHART_MONTHS): string[] {
  const [y, m] = shanghaiDay(now).split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

const windowStart = (now: number) => now - QUALITY_WINDOW_DAYS * DAY_MS;

/** The standing over `rows` (any participations: the uncounted ones and those outside the window are skipped). */
export function standingOf(
  rows: readonly QualityRow[],
  now: number,
  thresholds: readonly LevelThreshold[] = DEFAULT_LEVEL_THRESHOLDS,
): Overview {
  const since = windowStart(now);
  const inWindow = rows.filter((r) => isCounted(r) && r.finishedAt.getTime() >= since && r.finishedAt.getTime() <= now);
  const counted = inWindow.length;
  const valid = inWindow.filter(isValid).length;
  const reasonCounts = new Map<number, number>();
  for (const r of inWindow)
    for (const reason of new Set(r.lowQualityReasons)) reasonCounts.set(reason, (reasonCounts.get(reason) ?? 0) + 1);

  const months = chartMonths(now).map((month) => {
    const { start, end } = shanghaiMonth(`${month}-01`);
    const of = rows.filter((r) => isCounted(r) && r.finishedAt.getTime() >= start && r.finishedAt.getTime() < end);
    const v = of.filter(isValid).length;
    return { month, counted: of.length, valid: v, rate: of.length === 0 ? null : v / of.length };
  });

  return {
    windowDays: QUALITY_WINDOW_DAYS,
    counted,
    valid,
    flagged: counted - valid,
    rate: counted === 0 ? null : valid / counted,
    level: qualityLevelOf(counted, valid, thresholds),
    levelSummary: levelSummary(qualityLevelOf(counted, valid, thresholds), thresholds),
    reasons: LowQualityReason.list.map((reason: LowQualityReasonValue) => ({
      reason,
      count: reasonCounts.get(reason) ?? 0,
    })),
    tooFast: inWindow.filter((r) => r.joinResult === R.TOO_SHORT).length,
    reversed: inWindow.filter((r) => r.pointsStatus === 'reversed').length,
    months,
  };
}

/** The member's finished, counted participations since `since` (and before `until`, when given). */
export async function countedRows(
  db: Executor,
  memberId: number,
  since: number,
  until?: number,
): Promise<QualityRow[]> {
  return (await countedRowsOf(db, [memberId], since, until)).get(memberId) ?? [];
}

/** `countedRows` of several members in one query, by member (a member with none is absent). */
async function countedRowsOf(
  db: Executor,
  memberIds: readonly number[],
  since: number,
  until?: number,
): Promise<Map<number, QualityRow[]>> {
  const byMember = new Map<number, QualityRow[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .select({
      memberId: participations.memberId,
      joinResult: participations.joinResult,
      lowQualityReasons: participations.lowQualityReasons,
      pointsStatus: participations.pointsStatus,
      finishedAt: participations.finishedAt,
    })
    .from(participations)
    .where(
      and(
        memberIds.length === 1
          ? eq(participations.memberId, memberIds[0]!)
          : inArray(participations.memberId, [...memberIds]),
        eq(participations.status, 'finished'),
        inArray(participations.joinResult, [...COUNTED_JOIN_RESULTS]),
        gte(participations.finishedAt, new Date(since)),
        until === undefined ? undefined : lt(participations.finishedAt, new Date(until)),
      ),
    );
  for (const { memberId, finishedAt, ...r } of rows) {
    if (!finishedAt) continue;
    const list = byMember.get(memberId) ?? [];
    list.push({ ...r, finishedAt });
    byMember.set(memberId, list);
  }
  return byMember;
}

/** GET /v1/quality */
export async function qualityOverview(db: Executor, memberId: number, now: number): Promise<Overview> {
  const firstMonth = chartMonths(now)[0]!;
  const since = Math.min(windowStart(now), shanghaiMonth(`${firstMonth}-01`).start);
  const [rows, thresholds] = await Promise.all([countedRows(db, memberId, since), levelThresholds(db)]);
  return standingOf(rows, now, thresholds);
}

/** The member's current level (and the figures behind it), as every reader of the level sees it. */
export async function qualityStanding(db: Executor, memberId: number, now: number) {
  return (await qualityStandings(db, [memberId], now)).get(memberId)!;
}

/** `qualityStanding` of several members, read in one query (the exchange review's page of members). */
export async function qualityStandings(db: Executor, memberIds: readonly number[], now: number) {
  const [rows, thresholds] = await Promise.all([countedRowsOf(db, memberIds, windowStart(now)), levelThresholds(db)]);
  return new Map(
    memberIds.map((id) => {
      const s = standingOf(rows.get(id) ?? [], now, thresholds);
      return [id, { level: s.level, rate: s.rate, counted: s.counted }] as const;
    }),
  );
}

/** GET /v1/quality/levels: the rules for anyone; the member's place only with a member (a visitor gets nulls). */
export async function qualityLevels(
  db: Executor,
  memberId: number | null,
  now: number,
): Promise<z.output<typeof QualityLevels>> {
  const [s, thresholds] = await Promise.all([
    memberId === null ? { level: null, rate: null, counted: null } : qualityStanding(db, memberId, now),
    levelThresholds(db),
  ]);
  return {
    windowDays: QUALITY_WINDOW_DAYS,
    levels: levelRules(thresholds),
    ...s,
  };
}

/** GET /v1/quality/flagged: the window's counted answers that are not valid, newest first. */
export async function flaggedAnswers(
  db: Executor,
  memberId: number,
  now: number,
  q: { page: number; pageSize: number },
): Promise<z.output<typeof FlaggedAnswers>> {
  const where = and(
    eq(participations.memberId, memberId),
    eq(participations.status, 'finished'),
    inArray(participations.joinResult, [...COUNTED_JOIN_RESULTS]),
    gte(participations.finishedAt, new Date(windowStart(now))),
    or(
      ne(participations.joinResult, R.COMPLETE),
      sql`jsonb_array_length(${participations.lowQualityReasons}) > 0`,
      eq(participations.pointsStatus, 'reversed'),
    ),
  );
  const [rows, total] = await Promise.all([
    db
      .select({ p: participations, title: tasks.title })
      .from(participations)
      .innerJoin(tasks, eq(tasks.id, participations.taskId))
      .where(where)
      .orderBy(desc(participations.finishedAt), desc(participations.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.$count(participations, where),
  ]);
  return pageOf(
    q,
    rows.map(({ p, title }) => ({
      respondentId: p.respondentId,
      taskTitle: title,
      finishedAt: (p.finishedAt ?? p.startedAt).getTime(),
      reasons: [...new Set(p.lowQualityReasons)].filter((x): x is LowQualityReasonValue =>
        (LowQualityReason.list as readonly number[]).includes(x),
      ),
      tooFast: p.joinResult === R.TOO_SHORT,
      reversed: p.pointsStatus === 'reversed',
    })),
    total,
  );
}
