/**
 * The moderator's view of the respondents: who they are on the board, how much they have said,
 * and their progress (the required topics answered, completed or not, the 微豆 of completing) —
 * the list (listForumRespondents) and one respondent before 标记为完成 (getForumRespondent).
 * A discussion group has tens of respondents, not thousands: the list is built whole, sorted
 * (unfinished first, most answered first) and paged in memory.
 */
import { and, asc, count, eq, isNull, max, ne, not, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { ForumRespondent, ForumRespondentDetail } from '../../../openapi/schemas/forum';
import type { AppContext } from '../../context';
import { forumReplies, forumTopics } from '../../db/schema-forum';
import { participations } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';
import { boardByHashId, requireModerator, respondentParticipation, viewerOf, ROLE, type Board } from './access';
import type { ParticipationRow } from './access';
import { progressOf } from './completion';
import { authorOf, identitiesOf } from './view';

type RespondentData = z.output<typeof ForumRespondent>;

/** How many replies each member made on the board, and when the last one was. */
async function replyStats(db: Executor, boardId: number, memberId?: number) {
  const rows = await db
    .select({ memberId: forumReplies.memberId, n: count(), last: max(forumReplies.createdAt) })
    .from(forumReplies)
    .where(
      memberId === undefined
        ? eq(forumReplies.boardId, boardId)
        : and(eq(forumReplies.boardId, boardId), eq(forumReplies.memberId, memberId)),
    )
    .groupBy(forumReplies.memberId);
  return new Map(rows.map((r) => [r.memberId, { n: Number(r.n), last: r.last ? new Date(r.last).getTime() : null }]));
}

async function respondentOf(
  db: Executor,
  b: Board,
  p: ParticipationRow,
  identities: Awaited<ReturnType<typeof identitiesOf>>,
  stats: Awaited<ReturnType<typeof replyStats>>,
): Promise<RespondentData> {
  const identity = identities.get(p.memberId);
  const s = stats.get(p.memberId);
  return {
    author: identity
      ? authorOf(identity)
      : { memberId: p.memberId, name: '未进入论坛的受访者', avatar: null, role: ROLE.RESPONDENT },
    entered: !!identity,
    replyCount: s?.n ?? 0,
    lastReplyAt: s?.last ?? null,
    progress: await progressOf(db, b, p),
  };
}

async function moderatorsBoard(ctx: AppContext, moderatorId: number, taskHashId: string) {
  const b = await boardByHashId(ctx.db, taskHashId);
  requireModerator(await viewerOf(ctx, b, moderatorId));
  return b;
}

export async function listRespondents(
  ctx: AppContext,
  moderatorId: number,
  q: { taskHashId: string; page: number; pageSize: number },
) {
  const b = await moderatorsBoard(ctx, moderatorId, q.taskHashId);
  const rows = await ctx.db
    .select()
    .from(participations)
    .where(
      and(
        eq(participations.taskId, b.task.id),
        or(isNull(participations.settledBy), ne(participations.settledBy, 'start')),
      ),
    )
    .orderBy(asc(participations.id));
  const identities = await identitiesOf(
    ctx.db,
    b.board.id,
    rows.map((r) => r.memberId),
  );
  const stats = await replyStats(ctx.db, b.board.id);
  const all: RespondentData[] = [];
  for (const p of rows) all.push(await respondentOf(ctx.db, b, p, identities, stats));
  all.sort(
    (x, y) =>
      Number(x.progress.completed) - Number(y.progress.completed) ||
      y.progress.requiredAnswered - x.progress.requiredAnswered,
  );
  const from = pageOffset(q);
  return pageOf(q, all.slice(from, from + q.pageSize), all.length);
}

export async function respondentDetail(
  ctx: AppContext,
  moderatorId: number,
  memberId: number,
  taskHashId: string,
): Promise<z.output<typeof ForumRespondentDetail>> {
  const b = await moderatorsBoard(ctx, moderatorId, taskHashId);
  const p = await respondentParticipation(ctx.db, b.task.id, memberId);
  if (!p) throw new AppError('FORUM_NOT_RESPONDENT', '这位会员不是本座谈会的受访者');
  const identities = await identitiesOf(ctx.db, b.board.id, [memberId]);
  const stats = await replyStats(ctx.db, b.board.id, memberId);
  const base = await respondentOf(ctx.db, b, p, identities, stats);
  const topics = await ctx.db
    .select({ id: forumTopics.id, title: forumTopics.title })
    .from(forumTopics)
    .where(and(eq(forumTopics.boardId, b.board.id), eq(forumTopics.required, true), not(forumTopics.hidden)))
    .orderBy(asc(forumTopics.id));
  const answered = new Set(
    (
      await ctx.db
        .selectDistinct({ topicId: forumReplies.topicId })
        .from(forumReplies)
        .where(and(eq(forumReplies.boardId, b.board.id), eq(forumReplies.memberId, memberId), not(forumReplies.hidden)))
    ).map((r) => r.topicId),
  );
  return { ...base, requiredTopics: topics.map((t) => ({ ...t, answered: answered.has(t.id) })) };
}
