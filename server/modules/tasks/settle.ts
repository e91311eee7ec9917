/**
 * Settling a participation: the one place a task's result is decided and its points credited.
 *
 * - `settleParticipation` locks the participation row, and when it is still `started` writes the
 *   result, counts a complete against the task's quota (a complete over quota becomes "quota full")
 *   and credits the points through the ledger (key `task:<respondentId>`), all in ONE transaction.
 *   An already-finished participation is returned unchanged: the first result wins, so a replayed
 *   return link, a postback racing the return and a late expiry sweep all credit nothing more.
 * - A settle attempt at or after the participation's expiry settles it as timed out (8), so the
 *   result does not depend on whether the expiry sweep happened to run first.
 * - `reverseParticipation` (postback status 90) reverses the credit once through the ledger.
 * - The member is told in a message (modules/messages, same transaction, keyed per participation)
 *   when a partner's postback credits them — they were no longer on the page to see it — and when
 *   a reversal takes points back.
 * - `outcomeOf` reads one participation for its member.
 */
import { auditOf } from '../../../openapi/rules/audit';
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult } from '../../../openapi/enums';
import type { TaskOutcome } from '../../../openapi/schemas/tasks';
import type { AppContext } from '../../context';
import { prizeTrials } from '../../db/schema-prize';
import { participations, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import { onTaskReversed, onTaskSettled } from '../benefits/taskHooks';
import { taskCreditedMessage, taskReversedMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { credit, reverse } from '../points/ledger';
import type { Executor } from '../../kernel/db';
import { tasksChanged } from './open';

export type TaskOutcomeData = z.output<typeof TaskOutcome>;

const R = JoinResult.values;

export type SettledBy = 'return' | 'postback' | 'poll' | 'watch' | 'expiry' | 'forum';

export interface SettleArgs {
  respondentId: string;
  /** JoinResult value. */
  joinResult: number;
  settledBy: SettledBy;
  /** LowQualityReason values (polls). */
  lowQualityReasons?: number[];
  /** Points decided by the caller's rules (polls: low-quality pay); default from the task by result. */
  points?: number;
  /**
   * Runs inside the settling transaction, only when THIS call settles the (locked, still started)
   * participation — e.g. the poll module stores the answer sheet here, so it is written once and
   * together with the credit.
   */
  within?: (tx: Executor, participation: ParticipationRow) => Promise<void>;
}

type ParticipationRow = typeof participations.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** A participation, by the respondent id handed to the partner, with its task; NOT_FOUND when there is none. */
export async function participationByRid(db: Executor, rid: string) {
  const [row] = await db
    .select({ p: participations, t: tasks })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .where(eq(participations.respondentId, rid))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '答题记录不存在');
  return row;
}

/** The ledger idempotency key of a participation's credit. */
const taskCreditKey = (respondentId: string) => `task:${respondentId}`;
/** The ledger idempotency key of its reversal. */
const taskReversalKey = (respondentId: string) => `task-reversal:${respondentId}`;

/** What a result pays when the caller does not decide: complete, screened out, quota full. */
function defaultPointsFor(task: Pick<TaskRow, 'points' | 'screenOutPoints' | 'quotaFullPoints'>, result: number) {
  if (result === R.COMPLETE) return task.points;
  if (result === R.SCREENED_OUT) return task.screenOutPoints;
  if (result === R.QUOTA_FULL) return task.quotaFullPoints;
  return 0;
}

/** What the audit state (openapi/rules/audit.ts) reads of a participation and its task. */
export const auditInputs = (p: ParticipationRow, task: Pick<TaskRow, 'reviewDays'>) => ({
  status: p.status,
  joinResult: p.joinResult,
  pointsStatus: p.pointsStatus,
  lowQualityReasons: p.lowQualityReasons,
  finishedAt: p.finishedAt?.getTime() ?? null,
  reviewDays: task.reviewDays,
});

export function toOutcome(
  p: ParticipationRow,
  task: Pick<TaskRow, 'hashId' | 'title' | 'type' | 'kind' | 'reviewDays'>,
  now: number,
): TaskOutcomeData {
  return {
    respondentId: p.respondentId,
    taskHashId: task.hashId,
    title: task.title,
    type: task.type as TaskOutcomeData['type'],
    kind: task.kind,
    joinResult: p.joinResult as TaskOutcomeData['joinResult'],
    points: p.pointsStatus === 'reversed' ? 0 : p.points,
    pointsStatus: p.pointsStatus,
    lowQualityReasons: p.lowQualityReasons as TaskOutcomeData['lowQualityReasons'],
    // Not settled yet (getTaskOutcome before the partner answered): the start is the last event.
    finishedAt: (p.finishedAt ?? p.startedAt).getTime(),
    audit: auditOf(auditInputs(p, task), now),
  };
}

async function lockedRow(tx: Executor, respondentId: string) {
  const [row] = await tx
    .select({ p: participations, t: tasks })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .where(eq(participations.respondentId, respondentId))
    .limit(1)
    .for('update', { of: participations });
  return row;
}

async function readRow(db: Executor, respondentId: string) {
  const [row] = await db
    .select({ p: participations, t: tasks })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .where(eq(participations.respondentId, respondentId))
    .limit(1);
  return row;
}

function assertJoinResult(value: number) {
  if (!Number.isInteger(value) || value < R.COMPLETE || value > R.TIMED_OUT)
    throw new Error(`cannot settle a participation as join result ${value}`);
}

export async function settleParticipation(ctx: AppContext, args: SettleArgs): Promise<TaskOutcomeData> {
  return (await settle(ctx, args)).outcome;
}

/** `settleParticipation`, also telling whether THIS call settled it (false: it was finished already). */
export async function settle(
  ctx: AppContext,
  args: SettleArgs,
): Promise<{ settled: boolean; outcome: TaskOutcomeData }> {
  assertJoinResult(args.joinResult);
  if (args.points !== undefined && (!Number.isSafeInteger(args.points) || args.points < 0))
    throw new Error(`settle points must be a non-negative integer, got ${args.points}`);
  const now = ctx.now();
  let counted = false;
  const settled = await ctx.db.transaction(async (tx) => {
    const row = await lockedRow(tx, args.respondentId);
    if (!row) throw new AppError('NOT_FOUND', '答题记录不存在');
    const { p, t } = row;
    if (p.status === 'finished') return { settled: false, outcome: toOutcome(p, t, now) };
    if (args.within) await args.within(tx, p);

    let joinResult = args.joinResult;
    let points = args.points;
    if (now >= p.expiresAt.getTime() && args.settledBy !== 'expiry') {
      joinResult = R.TIMED_OUT;
      points = undefined;
    }
    if (joinResult === R.COMPLETE) {
      // Count the complete only while under quota; the row lock on tasks serialises completers.
      const [count] = await tx
        .update(tasks)
        .set({ completes: sql`${tasks.completes} + 1` })
        .where(and(eq(tasks.id, t.id), or(isNull(tasks.quota), lt(tasks.completes, tasks.quota))))
        .returning({ id: tasks.id });
      counted = count !== undefined;
      if (!counted) {
        joinResult = R.QUOTA_FULL;
        points = undefined;
      }
    }
    points ??= defaultPointsFor(t, joinResult);

    let ledgerId: number | null = null;
    if (points > 0) {
      const entry = await credit(tx, {
        memberId: p.memberId,
        amount: points,
        reason: 'task',
        source: t.title,
        idempotencyKey: taskCreditKey(p.respondentId),
        at: now,
      });
      ledgerId = entry.ledgerId;
    }
    const lowQualityReasons = [...new Set(args.lowQualityReasons ?? [])].sort((a, b) => a - b);
    const [updated] = await tx
      .update(participations)
      .set({
        status: 'finished',
        joinResult,
        points,
        pointsStatus: points > 0 ? 'posted' : 'none',
        ledgerId,
        lowQualityReasons,
        settledBy: args.settledBy,
        finishedAt: new Date(now),
      })
      .where(and(eq(participations.id, p.id), eq(participations.status, 'started')))
      .returning();
    // The row is locked by this transaction, so it cannot have changed under us.
    if (!updated) throw new Error(`participation ${p.respondentId} changed while locked`);
    if (points > 0 && args.settledBy === 'postback')
      await postEventMessage(
        tx,
        p.memberId,
        taskCreditedMessage({ respondentId: p.respondentId, title: t.title, joinResult, points }),
        now,
      );
    // Credit value, an armed boost card and the inviter's first-task reward (modules/benefits/taskHooks.ts), same transaction.
    await onTaskSettled(tx, {
      memberId: p.memberId,
      taskId: t.id,
      title: t.title,
      respondentId: p.respondentId,
      joinResult,
      points,
      lowQualityReasons,
      settledBy: args.settledBy,
      now,
    });
    return { settled: true, outcome: toOutcome(updated, t, now) };
  });
  if (counted) tasksChanged(); // the task's remaining places (maybe now full), after the commit
  return settled;
}

/**
 * Reverse a settled participation's credit (partner reconciliation, postback status 90).
 * Returns `changed: false` when there was nothing (left) to reverse: never credited, already
 * reversed, or not settled yet. A reversed participation keeps its result; `settleParticipation`
 * never credits it again because it is finished.
 */
export async function reverseParticipation(
  ctx: AppContext,
  respondentId: string,
): Promise<{ changed: boolean; outcome: TaskOutcomeData }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockedRow(tx, respondentId);
    if (!row) throw new AppError('NOT_FOUND', '答题记录不存在');
    const { p, t } = row;
    if (p.status !== 'finished' || p.pointsStatus !== 'posted' || p.ledgerId === null)
      return { changed: false, outcome: toOutcome(p, t, now) };
    const back = await reverse(tx, p.ledgerId, taskReversalKey(p.respondentId), {
      source: `奖励撤回：${t.title}`,
      at: now,
    });
    await postEventMessage(
      tx,
      p.memberId,
      taskReversedMessage({ respondentId: p.respondentId, title: t.title, points: -back.amount }),
      now,
    );
    await onTaskReversed(tx, { memberId: p.memberId, taskId: t.id, title: t.title, respondentId: p.respondentId, now });
    const [updated] = await tx
      .update(participations)
      .set({ pointsStatus: 'reversed', reversedAt: new Date(now) })
      .where(eq(participations.id, p.id))
      .returning();
    return { changed: true, outcome: toOutcome(updated!, t, now) };
  });
}

/** One participation's outcome, for its own member only. */
export async function outcomeOf(ctx: AppContext, respondentId: string, memberId: number): Promise<TaskOutcomeData> {
  const row = await readRow(ctx.db, respondentId);
  if (!row) throw new AppError('NOT_FOUND', '答题记录不存在');
  if (row.p.memberId !== memberId) throw new AppError('PARTICIPATION_FOREIGN');
  const outcome =
    row.p.status === 'started' && ctx.now() >= row.p.expiresAt.getTime()
      ? await settleParticipation(ctx, { respondentId, joinResult: R.TIMED_OUT, settledBy: 'expiry' })
      : toOutcome(row.p, row.t, ctx.now());
  return { ...outcome, screenerFor: await screenerFor(ctx, row.t) };
}

/**
 * The product trial (产品试用) whose screener this poll is, while it takes applications: the end of
 * the screener leads back to applying there, not to a dead end.
 */
async function screenerFor(ctx: AppContext, task: Pick<TaskRow, 'kind' | 'pollId'>) {
  if (task.kind !== 'poll' || task.pollId === null) return null;
  const now = new Date(ctx.now());
  const [trial] = await ctx.db
    .select({ trialId: prizeTrials.id, title: prizeTrials.title })
    .from(prizeTrials)
    .where(
      and(
        eq(prizeTrials.screenerPollId, task.pollId),
        lte(prizeTrials.opensAt, now),
        gt(prizeTrials.closesAt, now),
        isNull(prizeTrials.drawnAt),
      ),
    )
    .orderBy(asc(prizeTrials.closesAt))
    .limit(1);
  return trial ?? null;
}
