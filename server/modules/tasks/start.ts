/**
 * Starting a task (the hand-off): one participation per member and task (unique constraint, so
 * two starts at once yield one row), with a fresh respondent id, the start's IP, device id and
 * device type. A started participation is resumed; a finished one answers ALREADY_JOINED.
 * A discussion group (kind forum) hands the member to its board (/bbs/{hashId}) instead of a partner:
 * the participation makes them a respondent there and lasts until the board's deadline.
 *
 * The start checks settle at once, paying nothing:
 * - cookie (6): another member already has a participation on this task with the same device id;
 * - IP (5): more than `config.taskIpLimit` other members' participations on this task came from
 *   the same IP in the last 24 hours;
 * - city (7): the task targets provinces and the start's IP location (`X-Geo-Region` from the edge
 *   proxy, see `geoRegionOf`) is outside them. The location is kept on the participation (`city`).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult } from '../../../openapi/enums';
import { forumBoardPath } from '../../../openapi/rules/forum';
import type { TaskStart } from '../../../openapi/schemas/tasks';
import type { AppContext } from '../../context';
import { participations, surveyPartners } from '../../db/schema-tasks';
import { forumBoards, forumMembers } from '../../db/schema-forum';
import { AppError } from '../../http/errors';
import { refuseIfFrozen } from '../auth/frozen';
import { DAY_MS } from '../../kernel/time';
import { blockMessage, blockOf, outsideTargetedRegion, type ParticipationRow, type TaskRow } from './eligibility';
import { expireForMember } from './expiry';
import { opensForMember, participationOf, taskByHashId, viewerOf } from './service';

export type TaskStartData = z.output<typeof TaskStart>;

const R = JoinResult.values;

/** 16 random bytes, base64url: unguessable, URL-safe, 22 characters. */
const newRespondentId = () => randomBytes(16).toString('base64url');

export interface StartClient {
  ip: string;
  deviceId: string | null;
  deviceType: number | null;
  /** GB/T 2260 code of the client IP's location; null when unknown. */
  region?: number | null;
  /** The site's address as the member opened it (server/http/origin.ts): a partner's entry on this site is built on it. */
  origin?: string;
}

export interface StartResult {
  /** The member had already finished this task (5013 ALREADY_JOINED, a normal result). */
  alreadyJoined: boolean;
  data: TaskStartData;
}

/** The result page for a participation that is already settled. */
export const resultPath = (rid: string) => `/survey/end?rid=${encodeURIComponent(rid)}`;

/**
 * How this task's entry URL is made from a respondent id. Throws TASK_CLOSED while the survey
 * partner is paused — checked BEFORE a new participation is written, so a start refused for that
 * reason leaves nothing behind (a participation would otherwise block the member for good).
 */
async function entryUrlMaker(ctx: AppContext, t: TaskRow, origin: string): Promise<(rid: string) => string> {
  switch (t.kind) {
    case 'survey': {
      if (t.partnerId === null) throw new Error(`survey task ${t.id} has no partner`);
      const [partner] = await ctx.db.select().from(surveyPartners).where(eq(surveyPartners.id, t.partnerId)).limit(1);
      if (!partner?.active) throw new AppError('TASK_CLOSED', '该任务的合作方暂停服务，请稍后再试');
      // An entry on this site (the demo partner, `/demo-partner/…`) is on the address the member opened.
      const entry = partner.entryUrl.startsWith('/') ? `${origin}${partner.entryUrl}` : partner.entryUrl;
      return (rid) => entry.replaceAll('{rid}', encodeURIComponent(rid));
    }
    case 'poll': {
      if (t.pollId === null) throw new Error(`poll task ${t.id} has no poll`);
      const pollId = t.pollId;
      return (rid) => `/task/poll/${pollId}?rid=${encodeURIComponent(rid)}`;
    }
    case 'video':
    case 'browse':
      return (rid) => `/browse/redirect?taskId=${t.id}&rid=${encodeURIComponent(rid)}`;
    case 'forum':
      // Its board is read (TASK_CLOSED without one) by the start's refuseForumStaff.
      return () => forumBoardPath(t.hashId);
  }
}

/** A discussion group's board (modules/forum); TASK_CLOSED while the operators have not made one. */
async function forumBoardOf(ctx: AppContext, t: TaskRow) {
  const [board] = await ctx.db
    .select({ id: forumBoards.id, endAt: forumBoards.endAt })
    .from(forumBoards)
    .where(eq(forumBoards.taskId, t.id))
    .limit(1);
  if (!board) throw new AppError('TASK_CLOSED', '座谈会尚未开放，请稍后再来');
  return board;
}

/**
 * A discussion group's moderators and observers are on its board already and are not paid
 * respondents: their start is refused instead of making them one.
 */
async function refuseForumStaff(ctx: AppContext, t: TaskRow, memberId: number) {
  const board = await forumBoardOf(ctx, t);
  const [staff] = await ctx.db
    .select({ role: forumMembers.role })
    .from(forumMembers)
    .where(and(eq(forumMembers.boardId, board.id), eq(forumMembers.memberId, memberId), ne(forumMembers.role, 0)))
    .limit(1);
  if (staff) throw new AppError('TASK_NOT_ELIGIBLE', '你是这个座谈会的主持人或观察员，请直接进入座谈会');
  return board;
}

/**
 * `existing`: the participation was there before this call (resume, or already finished).
 * `entryUrl`: the task's entry URL maker when the caller has it already.
 */
async function answer(
  ctx: AppContext,
  t: TaskRow,
  p: ParticipationRow,
  existing: boolean,
  origin: string,
  entryUrl?: (rid: string) => string,
): Promise<StartResult> {
  const seconds = t.kind === 'video' || t.kind === 'browse' ? t.watchSeconds : 0;
  const finished = p.status === 'finished';
  return {
    alreadyJoined: finished && existing,
    data: {
      respondentId: p.respondentId,
      kind: t.kind,
      // A discussion group's board stays open to its respondents after they complete.
      entryUrl:
        finished && t.kind !== 'forum'
          ? resultPath(p.respondentId)
          : (entryUrl ?? (await entryUrlMaker(ctx, t, origin)))(p.respondentId),
      seconds,
      resumed: !finished && existing,
    },
  };
}

/** Which start check (if any) this start fails: cookie first, then IP, then city. */
async function startCheck(ctx: AppContext, t: TaskRow, memberId: number, client: StartClient): Promise<number | null> {
  /** Other members' participations in this task that also match `conds`. */
  const others = (...conds: SQL[]) =>
    and(eq(participations.taskId, t.id), ne(participations.memberId, memberId), ...conds);
  if (client.deviceId) {
    const [dup] = await ctx.db
      .select({ id: participations.id })
      .from(participations)
      .where(others(eq(participations.deviceId, client.deviceId)))
      .limit(1);
    if (dup) return R.COOKIE_BLOCKED;
  }
  const [sameIp] = await ctx.db
    .select({ n: count() })
    .from(participations)
    .where(others(eq(participations.ip, client.ip), gte(participations.startedAt, new Date(ctx.now() - DAY_MS))));
  if (Number(sameIp?.n ?? 0) > ctx.config.taskIpLimit) return R.IP_BLOCKED;
  if (outsideTargetedRegion(t.targeting, client.region ?? null)) return R.CITY_BLOCKED;
  return null;
}

const refusals = {
  closed: 'TASK_CLOSED',
  not_open: 'TASK_NOT_OPEN',
  quota_full: 'TASK_QUOTA_FULL',
  device: 'TASK_DEVICE_UNSUPPORTED',
  not_eligible: 'TASK_NOT_ELIGIBLE',
} as const;

export async function startTask(
  ctx: AppContext,
  memberId: number,
  hashId: string,
  client: StartClient,
): Promise<StartResult> {
  const t = await taskByHashId(ctx.db, hashId);
  await expireForMember(ctx, memberId);
  const existing = await participationOf(ctx.db, t.id, memberId);
  // A frozen member neither starts a task nor goes back into one already started.
  if (existing) await refuseIfFrozen(ctx, ctx.db, memberId);
  const origin = client.origin ?? ctx.config.publicOrigin;
  if (existing) return answer(ctx, t, existing, true, origin);

  const now = ctx.now();
  // A snap early-access card (a benefit) opens the task for this member that many minutes sooner.
  const { opensFor } = await opensForMember(ctx.db, t, memberId, now);
  const viewer = await viewerOf(ctx.db, memberId, client.deviceType, now, [t]);
  const block = blockOf(opensFor, undefined, viewer, now);
  if (block === 'basic_survey') throw new AppError('PREREQUISITE_REQUIRED', '请先完成个人属性问卷');
  if (block === 'quality_level')
    throw new AppError('TASK_QUALITY_LEVEL_REQUIRED', blockMessage(block, t, undefined, viewer));
  if (block !== null && block !== 'joined') throw new AppError(refusals[block]);

  // A paused partner (or a discussion group without its board) refuses the start before anything is written.
  const entryUrl = await entryUrlMaker(ctx, t, origin);
  // A discussion group's participation runs until its board's deadline (the required topics).
  const expiresAt =
    t.kind === 'forum' ? (await refuseForumStaff(ctx, t, memberId)).endAt : new Date(now + t.timeoutMinutes * 60_000);
  const blocked = await startCheck(ctx, t, memberId, client);
  // Right before the participation is written: a freeze made a moment ago is seen even while a
  // worker still trusts the member's token (up to 2 s).
  await refuseIfFrozen(ctx, ctx.db, memberId);
  const [created] = await ctx.db
    .insert(participations)
    .values({
      taskId: t.id,
      memberId,
      respondentId: newRespondentId(),
      ip: client.ip,
      deviceId: client.deviceId,
      deviceType: client.deviceType,
      city: client.region == null ? null : String(client.region),
      startedAt: new Date(now),
      expiresAt,
      // A failed start check is settled right here, with nothing to pay.
      ...(blocked === null
        ? {}
        : { status: 'finished' as const, joinResult: blocked, settledBy: 'start' as const, finishedAt: new Date(now) }),
    })
    .onConflictDoNothing({ target: [participations.taskId, participations.memberId] })
    .returning();
  if (created) return answer(ctx, t, created, false, origin, entryUrl);
  // Another start of this member won the race: answer with its participation.
  const winner = await participationOf(ctx.db, t.id, memberId);
  if (!winner) throw new Error(`participation of member ${memberId} on task ${t.id} vanished`);
  return answer(ctx, t, winner, true, origin, entryUrl);
}
