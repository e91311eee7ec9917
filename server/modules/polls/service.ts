/**
 * In-house questionnaires (站内问卷): reading a poll for a participation and submitting it.
 *
 * Submit order: known poll → known rid (NOT_FOUND) → the caller's own (PARTICIPATION_FOREIGN) →
 * on this poll's task (NOT_FOUND) → already settled (answers the first outcome, whatever the new
 * answers are) → expired (timed out) → answers valid (POLL_ANSWERS_INVALID) → quality checks →
 * settle once through the ledger (`settle`, key `task:<rid>`), with the answer sheet stored in the
 * same transaction. Concurrent submits of one rid serialise on the participation row lock: the first
 * settles, the others answer its outcome.
 *
 * Results: duration under `tasks.min_seconds` → too short (4, nothing paid); otherwise complete (1),
 * paid in full, or per `polls.low_quality_pay` when any low-quality reason was found.
 */
import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult, LowQualityReason } from '../../../openapi/enums';
import type { Poll, PollSubmitBody } from '../../../openapi/schemas/polls';
import type { AppContext } from '../../context';
import { pollResponses, polls, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import { participationByRid, settle, settleParticipation, toOutcome, type TaskOutcomeData } from '../tasks/settle';
import { publicQuestion, validateAnswers } from './answers';
import { answerReasons, answersHash, lowQualityPoints } from './quality';

export type PollData = z.output<typeof Poll>;
export type PollSubmitData = z.output<typeof PollSubmitBody>;

const R = JoinResult.values;

type PollRow = typeof polls.$inferSelect;

async function pollById(ctx: AppContext, id: number): Promise<PollRow> {
  const [poll] = await ctx.db.select().from(polls).where(eq(polls.id, id)).limit(1);
  if (!poll) throw new AppError('NOT_FOUND', '问卷不存在或已下线');
  return poll;
}

/** The caller's participation `rid` on the task that uses poll `pollId`. */
async function ownParticipation(ctx: AppContext, memberId: number, rid: string, pollId: number) {
  const row = await participationByRid(ctx.db, rid);
  if (row.p.memberId !== memberId) throw new AppError('PARTICIPATION_FOREIGN');
  if (row.t.kind !== 'poll' || row.t.pollId !== pollId) throw new AppError('NOT_FOUND', '这条答题记录不是该问卷的');
  return row;
}

const expired = (ctx: AppContext, p: { status: string; expiresAt: Date }) =>
  p.status === 'started' && ctx.now() >= p.expiresAt.getTime();

/** GET /v1/polls/{id}[?rid]: the questions (quality keys never leave the server). */
export async function getPoll(ctx: AppContext, memberId: number, id: number, rid?: string): Promise<PollData> {
  const poll = await pollById(ctx, id);
  const base = {
    id: poll.id,
    title: poll.title,
    intro: poll.intro,
    questions: poll.questions.map(publicQuestion),
  };
  if (rid !== undefined) {
    const { p, t } = await ownParticipation(ctx, memberId, rid, poll.id);
    let finished = p.status === 'finished';
    if (expired(ctx, p)) {
      await settleParticipation(ctx, { respondentId: rid, joinResult: R.TIMED_OUT, settledBy: 'expiry' });
      finished = true;
    }
    return { ...base, taskHashId: t.hashId, points: t.points, submitted: finished };
  }
  // A preview without a participation: the task that uses it (if any) and whether I answered it.
  const [task] = await ctx.db
    .select({ id: tasks.id, hashId: tasks.hashId, points: tasks.points })
    .from(tasks)
    .where(eq(tasks.pollId, poll.id))
    .orderBy(asc(tasks.id))
    .limit(1);
  const [mine] = await ctx.db
    .select({ id: pollResponses.id })
    .from(pollResponses)
    .where(and(eq(pollResponses.pollId, poll.id), eq(pollResponses.memberId, memberId)))
    .limit(1);
  return { ...base, taskHashId: task?.hashId ?? null, points: task?.points ?? 0, submitted: Boolean(mine) };
}

/** Duplicated data: the same answers as another participation on this poll, or the same device. */
async function isDuplicate(
  ctx: AppContext,
  pollId: number,
  participationId: number,
  memberId: number,
  hash: string,
  deviceId: string | null,
): Promise<boolean> {
  const sameAnswers = and(eq(pollResponses.answersHash, hash), ne(pollResponses.participationId, participationId));
  const sameDevice =
    deviceId === null ? undefined : and(eq(pollResponses.deviceId, deviceId), ne(pollResponses.memberId, memberId));
  const [dup] = await ctx.db
    .select({ id: pollResponses.id })
    .from(pollResponses)
    .where(and(eq(pollResponses.pollId, pollId), sameDevice ? or(sameAnswers, sameDevice) : sameAnswers))
    .limit(1);
  return Boolean(dup);
}

/** POST /v1/polls: validate, check quality, settle once. */
export async function submitPoll(
  ctx: AppContext,
  memberId: number,
  body: PollSubmitData,
  client: { deviceId: string | null },
): Promise<TaskOutcomeData> {
  const poll = await pollById(ctx, body.pollId);
  const { p, t } = await ownParticipation(ctx, memberId, body.respondentId, poll.id);
  if (p.status === 'finished') return toOutcome(p, t, ctx.now());
  if (expired(ctx, p))
    return settleParticipation(ctx, { respondentId: p.respondentId, joinResult: R.TIMED_OUT, settledBy: 'expiry' });

  const answers = validateAnswers(poll.questions, body.answers);
  const hash = answersHash(answers);
  const deviceId = client.deviceId ?? p.deviceId;
  const reasons = answerReasons(poll.questions, poll.logic, answers);
  if (await isDuplicate(ctx, poll.id, p.id, memberId, hash, deviceId))
    reasons.push(LowQualityReason.values.DUPLICATED_DATA);
  reasons.sort((a, b) => a - b);

  const durationSeconds = Math.max(0, Math.floor((ctx.now() - p.startedAt.getTime()) / 1000));
  const tooShort = durationSeconds < t.minSeconds;
  const joinResult = tooShort ? R.TOO_SHORT : R.COMPLETE;
  const points = tooShort ? 0 : reasons.length > 0 ? lowQualityPoints(t.points, poll.lowQualityPay) : t.points;

  const r = await settle(ctx, {
    respondentId: p.respondentId,
    joinResult,
    points,
    lowQualityReasons: reasons,
    settledBy: 'poll',
    within: async (tx, locked) => {
      await tx
        .insert(pollResponses)
        .values({
          pollId: poll.id,
          participationId: locked.id,
          memberId,
          deviceId,
          answers,
          answersHash: hash,
          lowQualityReasons: reasons,
          durationSeconds,
          createdAt: new Date(ctx.now()),
        })
        .onConflictDoNothing({ target: pollResponses.participationId });
    },
  });
  return r.outcome;
}
