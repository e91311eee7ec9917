/**
 * Paid participation: a respondent completes the discussion-group task when they have replied
 * (a reply not hidden by the moderator) to every required topic that is not hidden — and to at
 * least the board's planned number of required topics (`required_topics`, as topics are posted
 * day by day) — before the board's deadline — checked after each of their replies — or when a moderator marks them
 * complete. Completing settles their participation through modules/tasks `settle` (the row lock
 * and the ledger key `task:<respondentId>`), so it is credited once however many replies or
 * moderator calls race, and shows as completed in 任务记录.
 */
import { and, countDistinct, eq, not } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult } from '../../../openapi/enums';
import type { FocusProgress } from '../../../openapi/schemas/forum';
import type { AppContext } from '../../context';
import { forumReplies, forumTopics } from '../../db/schema-forum';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { settle } from '../tasks/settle';
import { respondentParticipation, type Board, type ParticipationRow } from './access';

export type FocusProgressData = z.output<typeof FocusProgress>;

const R = JoinResult.values;

/** Required topics (not hidden) of a board, and how many of them the member answered. */
export async function requiredCounts(db: Executor, boardId: number, memberId: number) {
  const required = and(eq(forumTopics.boardId, boardId), eq(forumTopics.required, true), not(forumTopics.hidden));
  const [total] = await db
    .select({ n: countDistinct(forumTopics.id) })
    .from(forumTopics)
    .where(required);
  const [answered] = await db
    .select({ n: countDistinct(forumTopics.id) })
    .from(forumTopics)
    .innerJoin(
      forumReplies,
      and(eq(forumReplies.topicId, forumTopics.id), eq(forumReplies.memberId, memberId), not(forumReplies.hidden)),
    )
    .where(required);
  return { total: Number(total?.n ?? 0), answered: Number(answered?.n ?? 0) };
}

export async function progressOf(db: Executor, b: Board, p: ParticipationRow): Promise<FocusProgressData> {
  const counts = await requiredCounts(db, b.board.id, p.memberId);
  const total = Math.max(counts.total, b.board.requiredTopics ?? 0);
  const answered = counts.answered;
  const completed = p.status === 'finished' && p.joinResult === R.COMPLETE;
  return {
    requiredAnswered: answered,
    requiredTotal: total,
    completed,
    completedAt: completed && p.finishedAt ? p.finishedAt.getTime() : null,
    points: completed ? p.points : b.task.points,
    pointsStatus: p.pointsStatus === 'posted' ? 'posted' : 'none',
    deadline: b.board.endAt.getTime(),
  };
}

/** Settle the respondent's participation as complete (once; a finished one is left as it is). */
async function completeParticipation(ctx: AppContext, p: ParticipationRow): Promise<ParticipationRow> {
  await settle(ctx, { respondentId: p.respondentId, joinResult: R.COMPLETE, settledBy: 'forum' });
  const fresh = await respondentParticipation(ctx.db, p.taskId, p.memberId);
  if (!fresh) throw new Error(`participation ${p.respondentId} vanished`);
  return fresh;
}

/** After a respondent's reply: complete them when every required topic is answered in time. */
export async function completeIfAnswered(ctx: AppContext, b: Board, p: ParticipationRow): Promise<FocusProgressData> {
  const progress = await progressOf(ctx.db, b, p);
  const inTime = ctx.now() < b.board.endAt.getTime();
  if (p.status !== 'started' || !inTime || progress.requiredTotal === 0) return progress;
  if (progress.requiredAnswered < progress.requiredTotal) return progress;
  return progressOf(ctx.db, b, await completeParticipation(ctx, p));
}

/** The moderator marks a respondent complete (before the deadline; again: the same answer, no credit). */
export async function completeByModerator(ctx: AppContext, b: Board, memberId: number): Promise<FocusProgressData> {
  const p = await respondentParticipation(ctx.db, b.task.id, memberId);
  if (!p) throw new AppError('FORUM_NOT_RESPONDENT');
  if (p.status === 'finished') return progressOf(ctx.db, b, p);
  if (ctx.now() >= b.board.endAt.getTime() || ctx.now() >= p.expiresAt.getTime())
    throw new AppError('FORUM_ENDED', '座谈会已截止，不能再标记完成');
  return progressOf(ctx.db, b, await completeParticipation(ctx, p));
}
