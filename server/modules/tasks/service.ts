/**
 * Reading tasks: the member's list (only what they may take), detail with the reason they cannot
 * start, summary, task records, recommendations and the browse-task redirect.
 *
 * The open tasks are the same for everyone: they come from the process's shared snapshot (./open.ts,
 * stale by at most OPEN_SNAPSHOT_MS across processes, at once after a change here); a request reads
 * only the member's own rows. Eligibility (jsonb targeting, the member's properties) is decided in
 * `blockOf` — the same function `startTask` uses.
 */
import { auditOf } from '../../../openapi/rules/audit';
import { and, count, desc, eq, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult, POINTS_RANGES, TaskModule } from '../../../openapi/enums';
import type { BrowseRedirect, TaskCard, TaskDetail, TaskRecordPage, TaskSummary } from '../../../openapi/schemas/tasks';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import { members } from '../../db/schema';
import { basicSurveyCompletions, memberProperties, participations, polls, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import {
  blockMessage,
  blockOf,
  hiddenFromList,
  remainingOf,
  type ParticipationRow,
  type TaskRow,
  type Viewer,
} from './eligibility';
import { earlyAccessMinutes } from '../benefits/service';
import { expireForMember } from './expiry';
import { isOpenAt, openSnapshot, type OpenSnapshot } from './open';
import { qualityStanding } from '../quality/standing';
import type { Executor } from '../../kernel/db';
import { shanghaiDay, shanghaiDayStart } from '../../kernel/time';
import { pageOf, pageOffset } from '../../kernel/page';

export type TaskCardData = z.output<typeof TaskCard>;
export type TaskDetailData = z.output<typeof TaskDetail>;
export type TaskSummaryData = z.output<typeof TaskSummary>;
export type TaskRecordPageData = z.output<typeof TaskRecordPage>;
export type BrowseRedirectData = z.output<typeof BrowseRedirect>;

const COMPLETE = JoinResult.values.COMPLETE;

/**
 * The member's properties and whether the basic questionnaire is done (one query), and their
 * answer-quality level — the same standing GET /v1/quality shows — only when one of `tasksInView`
 * asks for a level (most tasks do not, and the standing scans the member's answers).
 */
export async function viewerOf(
  db: Executor,
  memberId: number,
  deviceType: number | null,
  now: number,
  tasksInView: readonly Pick<TaskRow, 'minQualityLevel'>[],
): Promise<Viewer> {
  const [viewer, qualityLevel] = await Promise.all([
    viewerWithoutLevel(db, memberId, deviceType),
    qualityLevelFor(db, memberId, now, tasksInView),
  ]);
  return { ...viewer, qualityLevel };
}

/**
 * The member's own rows in one query: their properties, whether the basic questionnaire is done,
 * and their participations on the tasks `taskIds` (an int[] literal) — a row per participation
 * (the member's columns repeated), or one with `mine` null. Built here, prepared in `prepareHot`.
 */
function ownQuery(db: Executor, memberId: number | Placeholder, taskIds: string | Placeholder) {
  return db
    .select({ props: memberProperties, done: basicSurveyCompletions.memberId, mine: participations })
    .from(members)
    .leftJoin(memberProperties, eq(memberProperties.memberId, members.id))
    .leftJoin(basicSurveyCompletions, eq(basicSurveyCompletions.memberId, members.id))
    .leftJoin(
      participations,
      and(eq(participations.memberId, members.id), sql`${participations.taskId} = any(${taskIds}::int[])`),
    )
    .where(eq(members.id, memberId));
}

type ViewerRow = Awaited<ReturnType<typeof ownQuery>>[number];
const viewerFrom = (row: ViewerRow | undefined, deviceType: number | null): Viewer => ({
  props: row?.props ?? null,
  basicSurveyDone: row?.done != null,
  deviceType,
  qualityLevel: null,
});

async function viewerWithoutLevel(db: Executor, memberId: number, deviceType: number | null): Promise<Viewer> {
  const [row] = await ownQuery(db, memberId, '{}');
  return viewerFrom(row, deviceType);
}

async function qualityLevelFor(
  db: Executor,
  memberId: number,
  now: number,
  tasksInView: readonly Pick<TaskRow, 'minQualityLevel'>[],
): Promise<number | null> {
  return tasksInView.some((t) => t.minQualityLevel > 0) ? (await qualityStanding(db, memberId, now)).level : null;
}

export function toCard(t: TaskRow, mine: ParticipationRow | undefined): TaskCardData {
  return {
    id: t.id,
    hashId: t.hashId,
    title: t.title,
    type: t.type as TaskCardData['type'],
    module: t.module as TaskCardData['module'],
    kind: t.kind,
    points: t.points,
    screenOutPoints: t.screenOutPoints,
    quotaFullPoints: t.quotaFullPoints,
    minutes: t.minutes,
    devices: t.devices as TaskCardData['devices'],
    remaining: remainingOf(t),
    openAt: t.openAt.getTime(),
    endAt: t.closeAt?.getTime() ?? null,
    cover: t.cover,
    minQualityLevel: t.minQualityLevel,
    mine: mine
      ? {
          respondentId: mine.respondentId,
          status: mine.status,
          joinResult: mine.joinResult as NonNullable<TaskCardData['mine']>['joinResult'],
          points: mine.pointsStatus === 'reversed' ? 0 : mine.points,
        }
      : null,
  };
}

type TaskFilter = { module?: number; pointsRange?: number };

/** The list filter (module, points range) on one task. */
function filterOf(filter: TaskFilter): (t: TaskRow) => boolean {
  const range = POINTS_RANGES.find((r) => r.id === filter.pointsRange);
  return (t) =>
    (filter.module === undefined || t.module === filter.module) &&
    (!range || (t.points >= range.min && (range.max === null || t.points <= range.max)));
}

/**
 * The member's own rows on the hot path as prepared statements, built once per database handle:
 * no query building per request, and PostgreSQL keeps the plan per connection.
 */
function prepareHot(db: Database) {
  return ownQuery(db, sql.placeholder('memberId'), sql.placeholder('taskIds')).prepare('tasks_own');
}
const hotByDb = new WeakMap<Database, ReturnType<typeof prepareHot>>();
function hot(db: Database) {
  let h = hotByDb.get(db);
  if (!h) hotByDb.set(db, (h = prepareHot(db)));
  return h;
}

/** The viewer and their participations on the snapshot's tasks, by task id (always read, never kept). */
async function ownOn(ctx: AppContext, memberId: number, open: OpenSnapshot, deviceType: number | null) {
  const rows = await hot(ctx.db).execute({ memberId, taskIds: open.idList });
  const mine = new Map<number, ParticipationRow>();
  for (const r of rows) if (r.mine) mine.set(r.mine.taskId, r.mine);
  return { viewer: viewerFrom(rows[0], deviceType), mine };
}

/**
 * The open tasks this member may take (started ones included, with `mine`): the shared open-task
 * snapshot (./open.ts) and one read of the member's own (viewer, their participations on those
 * tasks). Lists never need the member's quality level (`hiddenFromList`).
 * A started participation found past its expiry is settled as timed out
 * first (the rare path: expire, then read again), so no list ever shows an expired one as started.
 */
async function availableTasks(ctx: AppContext, memberId: number, deviceType: number | null, filter: TaskFilter = {}) {
  const now = ctx.now();
  const open = await openSnapshot(ctx.db, now);
  let own = await ownOn(ctx, memberId, open, deviceType);
  if ([...own.mine.values()].some((p) => p.status === 'started' && p.expiresAt.getTime() <= now)) {
    await expireForMember(ctx, memberId);
    own = await ownOn(ctx, memberId, open, deviceType);
  }
  const { viewer, mine } = own;
  const wanted = filterOf(filter);
  return open.tasks
    .filter((t) => isOpenAt(t, now) && wanted(t) && !hiddenFromList(t, mine.get(t.id), viewer, now))
    .map((t) => ({ task: t, mine: mine.get(t.id) }));
}

export async function listTasks(
  ctx: AppContext,
  memberId: number,
  deviceType: number | null,
  q: { page: number; pageSize: number; module?: number; pointsRange?: number },
) {
  const all = await availableTasks(ctx, memberId, deviceType, q);
  const from = pageOffset(q);
  return pageOf(
    q,
    all.slice(from, from + q.pageSize).map((a) => toCard(a.task, a.mine)),
    all.length,
  );
}

export async function recommendedTasks(
  ctx: AppContext,
  memberId: number | null,
  deviceType: number | null,
  limit: number,
): Promise<TaskCardData[]> {
  if (memberId !== null) {
    const all = await availableTasks(ctx, memberId, deviceType);
    return all.slice(0, limit).map((a) => toCard(a.task, a.mine));
  }
  // A visitor: the best open tasks for this device; targeting is not known yet.
  const now = ctx.now();
  const open = await openSnapshot(ctx.db, now);
  return open.tasks
    .filter((t) => isOpenAt(t, now) && (deviceType === null || t.devices.includes(deviceType)))
    .slice(0, limit)
    .map((t) => toCard(t, undefined));
}

export async function taskByHashId(db: Executor, hashId: string): Promise<TaskRow> {
  const [t] = await db.select().from(tasks).where(eq(tasks.hashId, hashId)).limit(1);
  if (!t) throw new AppError('NOT_FOUND', '任务不存在或已下线');
  return t;
}

export async function participationOf(db: Executor, taskId: number, memberId: number) {
  const [p] = await db
    .select()
    .from(participations)
    .where(and(eq(participations.taskId, taskId), eq(participations.memberId, memberId)))
    .limit(1);
  return p;
}

/** The task rule line that tells members what a low-quality answer sheet earns. */
export const LOW_QUALITY_RULES = {
  full: '低质量答卷（如开放题乱填、陷阱题未通过）照常发放微豆，但会记入你的答卷质量。',
  half: '低质量答卷（如开放题乱填、陷阱题未通过）只发放一半微豆。',
  none: '低质量答卷（如开放题乱填、陷阱题未通过）不发放微豆。',
} as const;

/** Does a rules list already say what a low-quality answer sheet earns? */
const mentionsLowQuality = (rules: readonly string[]) => rules.some((r) => r.includes('低质量'));

/** The task's rules; an in-house poll task also says what a low-quality answer sheet earns (polls.low_quality_pay). */
async function rulesOf(ctx: AppContext, t: TaskRow): Promise<string[]> {
  if (t.kind !== 'poll' || t.pollId === null || mentionsLowQuality(t.rules)) return t.rules;
  const [poll] = await ctx.db.select({ pay: polls.lowQualityPay }).from(polls).where(eq(polls.id, t.pollId)).limit(1);
  return poll ? [...t.rules, LOW_QUALITY_RULES[poll.pay]] : t.rules;
}

/**
 * The task as it opens for this member: a snap early-access card (a benefit used on this task)
 * opens a task that has not started yet that many minutes sooner, for this member only.
 */
export async function opensForMember(db: Executor, t: TaskRow, memberId: number, now: number) {
  const earlyMinutes = t.openAt.getTime() > now ? await earlyAccessMinutes(db, memberId, t.id) : 0;
  const opensFor = earlyMinutes > 0 ? { ...t, openAt: new Date(t.openAt.getTime() - earlyMinutes * 60_000) } : t;
  return { opensFor, earlyMinutes };
}

export async function taskDetail(
  ctx: AppContext,
  memberId: number,
  deviceType: number | null,
  hashId: string,
): Promise<TaskDetailData> {
  const t = await taskByHashId(ctx.db, hashId);
  await expireForMember(ctx, memberId);
  const [mine, viewer] = await Promise.all([
    participationOf(ctx.db, t.id, memberId),
    viewerOf(ctx.db, memberId, deviceType, ctx.now(), [t]),
  ]);
  const { opensFor, earlyMinutes } = await opensForMember(ctx.db, t, memberId, ctx.now());
  const block = blockOf(opensFor, mine, viewer, ctx.now());
  return {
    ...toCard(t, mine),
    earlyMinutes,
    description: t.description,
    rules: await rulesOf(ctx, t),
    canStart: block === null,
    block,
    blockMessage: block === null ? null : blockMessage(block, t, mine, viewer),
  };
}

export async function taskSummary(
  ctx: AppContext,
  memberId: number,
  deviceType: number | null,
): Promise<TaskSummaryData> {
  await expireForMember(ctx, memberId);
  const available = await availableTasks(ctx, memberId, deviceType);
  const dayStart = shanghaiDayStart(shanghaiDay(ctx.now()));
  const p = participations;
  const mineOnly = eq(p.memberId, memberId);
  const [totals] = await ctx.db
    .select({
      joined: count(),
      completed: sql<number>`count(*) filter (where ${p.joinResult} = ${COMPLETE})`.mapWith(Number),
      screenedOut:
        sql<number>`count(*) filter (where ${p.status} = 'finished' and ${p.joinResult} <> ${COMPLETE})`.mapWith(
          Number,
        ),
      lowQuality: sql<number>`count(*) filter (where jsonb_array_length(${p.lowQualityReasons}) > 0)`.mapWith(Number),
      inProgress: sql<number>`count(*) filter (where ${p.status} = 'started')`.mapWith(Number),
      pointsEarned: sum(sql`case when ${p.pointsStatus} = 'posted' then ${p.points} else 0 end`).mapWith(Number),
      todayPoints: sum(
        sql`case when ${p.pointsStatus} = 'posted' and ${p.finishedAt} >= ${new Date(dayStart).toISOString()} then ${p.points} else 0 end`,
      ).mapWith(Number),
    })
    .from(p)
    .where(mineOnly);
  return {
    modules: TaskModule.list.map((module) => ({
      module,
      label: TaskModule.labels[module],
      available: available.filter((a) => a.task.module === module).length,
    })),
    joined: totals?.joined ?? 0,
    completed: totals?.completed ?? 0,
    screenedOut: totals?.screenedOut ?? 0,
    lowQuality: totals?.lowQuality ?? 0,
    pointsEarned: totals?.pointsEarned ?? 0,
    todayPoints: totals?.todayPoints ?? 0,
    inProgress: totals?.inProgress ?? 0,
  };
}

export async function taskRecords(
  ctx: AppContext,
  memberId: number,
  q: { page: number; pageSize: number; result?: number },
): Promise<TaskRecordPageData> {
  await expireForMember(ctx, memberId);
  const conds: SQL[] = [eq(participations.memberId, memberId)];
  if (q.result !== undefined) conds.push(eq(participations.joinResult, q.result));
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ p: participations, t: tasks })
      .from(participations)
      .innerJoin(tasks, eq(tasks.id, participations.taskId))
      .where(where)
      .orderBy(desc(participations.startedAt), desc(participations.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    ctx.db.$count(participations, where),
  ]);
  type Rec = TaskRecordPageData['list'][number];
  return pageOf(
    q,
    rows.map(({ p, t }) => ({
      id: p.id,
      respondentId: p.respondentId,
      taskId: t.id,
      taskHashId: t.hashId,
      title: t.title,
      type: t.type as Rec['type'],
      kind: t.kind,
      status: p.status,
      joinResult: p.joinResult as Rec['joinResult'],
      points: p.pointsStatus === 'reversed' ? 0 : p.points,
      pointsStatus: p.pointsStatus,
      lowQualityReasons: p.lowQualityReasons as Rec['lowQualityReasons'],
      startedAt: p.startedAt.getTime(),
      finishedAt: p.finishedAt?.getTime() ?? null,
      audit: auditOf({ ...p, finishedAt: p.finishedAt?.getTime() ?? null, reviewDays: t.reviewDays }, ctx.now()),
    })),
    total,
  );
}

/** /browse/redirect: where a video/browse task goes and how long to stay. */
export async function browseTarget(
  ctx: AppContext,
  taskId: number,
  memberId: number | null,
): Promise<BrowseRedirectData> {
  const [t] = await ctx.db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!t || (t.kind !== 'video' && t.kind !== 'browse') || !t.targetUrl)
    throw new AppError('NOT_FOUND', '浏览任务不存在或已下线');
  return { url: t.targetUrl, seconds: t.watchSeconds, points: memberId === null ? 0 : t.points };
}
