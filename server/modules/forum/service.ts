/**
 * The forum's calls: the board, identities, topics, replies, moderation and member posts.
 * Access is in ./access.ts, the paid completion in ./completion.ts, the rich text in ./richText.ts.
 *
 * Replies get their floor (1, 2, 3…) under the topic's row lock, in the same transaction as the
 * insert, so floors follow commit order without gaps and a page read is stable while others post.
 * The lock also makes the request key check exact: a resubmitted reply is the same reply.
 */
import { and, asc, count, desc, eq, exists, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateForumReplyBody,
  CreateForumTopicBody,
  FocusTask,
  ForumMemberPosts,
  ForumReplyListQuery,
  ForumTopicDetail,
  ForumTopicListQuery,
  ModerateForumReplyBody,
  ModerateForumTopicBody,
  UpdateFocusMemberBody,
} from '../../../openapi/schemas/forum';
import { FORUM_TEXT_MAX } from '../../../openapi/rules/forum';
import type { AppContext } from '../../context';
import { forumMembers, forumReplies, forumSections, forumTopics } from '../../db/schema-forum';
import { AppError } from '../../http/errors';
import { isUniqueViolation, type Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';
import { acceptOwnUploads } from '../uploads/service';
import {
  boardByHashId,
  boardById,
  isModerator,
  isRespondent,
  requireModerator,
  ROLE,
  topicFor,
  viewerOf,
  type Board,
  type TopicRow,
  type Viewer,
} from './access';
import { completeByModerator, completeIfAnswered, progressOf, type FocusProgressData } from './completion';
import { cleanPost } from './richText';
import {
  authorOf,
  focusMemberOf,
  identitiesOf,
  imageList,
  replyViews,
  topicView,
  type FocusMemberData,
  type ForumReplyData,
} from './view';

type Ctx = Pick<AppContext, 'db' | 'now' | 'uploads'>;
type FocusTaskData = z.output<typeof FocusTask>;
type TopicDetailData = z.output<typeof ForumTopicDetail>;

// ---- the board and identities ----

export async function decodeBoard(ctx: Pick<AppContext, 'db'>, taskHashId: string): Promise<FocusTaskData> {
  const b = await boardByHashId(ctx.db, taskHashId);
  const sections = await ctx.db
    .select({
      id: forumSections.id,
      name: forumSections.name,
      intro: forumSections.intro,
      topicCount: sql<number>`count(${forumTopics.id})::int`,
      requiredCount: sql<number>`count(${forumTopics.id}) filter (where ${forumTopics.required})::int`,
    })
    .from(forumSections)
    .leftJoin(forumTopics, and(eq(forumTopics.sectionId, forumSections.id), not(forumTopics.hidden)))
    .where(eq(forumSections.boardId, b.board.id))
    .groupBy(forumSections.id)
    .orderBy(asc(forumSections.sort), asc(forumSections.id));
  return {
    taskId: b.task.id,
    taskHashId: b.task.hashId,
    title: b.board.title,
    intro: b.board.intro,
    startAt: b.board.startAt.getTime(),
    endAt: b.board.endAt.getTime(),
    sections: sections.map((s) => ({ ...s, topicCount: Number(s.topicCount), requiredCount: Number(s.requiredCount) })),
  };
}

async function progressFor(db: Executor, b: Board, v: Viewer): Promise<FocusProgressData | null> {
  return v.participation ? progressOf(db, b, v.participation) : null;
}

export async function focusMember(ctx: Ctx, memberId: number, taskHashId: string): Promise<FocusMemberData> {
  const b = await boardByHashId(ctx.db, taskHashId);
  const v = await viewerOf(ctx, b, memberId);
  return focusMemberOf(b, v, await progressFor(ctx.db, b, v));
}

export async function updateIdentity(
  ctx: Ctx,
  memberId: number,
  body: z.output<typeof UpdateFocusMemberBody>,
): Promise<FocusMemberData> {
  const b = await boardByHashId(ctx.db, body.taskHashId);
  const v = await viewerOf(ctx, b, memberId);
  const set: Partial<typeof forumMembers.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.avatarKey !== undefined) {
    if (body.avatarKey !== null) await acceptOwnUploads(ctx, memberId, 'forum', [body.avatarKey]);
    set.avatar = body.avatarKey === null ? null : ctx.uploads.publicBase + body.avatarKey;
  }
  let identity = v.identity;
  if (Object.keys(set).length > 0) {
    try {
      [identity] = (await ctx.db
        .update(forumMembers)
        .set(set)
        .where(eq(forumMembers.id, v.identity.id))
        .returning()) as [typeof identity];
    } catch (err) {
      if (isUniqueViolation(err, 'forum_members_board_name_uq')) throw new AppError('FORUM_NAME_TAKEN');
      throw err;
    }
  }
  return focusMemberOf(b, { ...v, identity }, await progressFor(ctx.db, b, v));
}

// ---- topics ----

/** Has this member a reply on the topic (hidden or not: their own post counts for seeing others). */
const repliedBy = (memberId: number) =>
  exists(
    sql`(select 1 from ${forumReplies} where ${forumReplies.topicId} = ${forumTopics.id} and ${forumReplies.memberId} = ${memberId})`,
  );

export async function listTopics(ctx: Ctx, memberId: number, q: z.output<typeof ForumTopicListQuery>) {
  const b = await boardByHashId(ctx.db, q.taskHashId);
  const v = await viewerOf(ctx, b, memberId);
  const where: SQL[] = [eq(forumTopics.boardId, b.board.id)];
  if (isRespondent(v)) where.push(not(forumTopics.hidden));
  if (q.sectionId !== undefined) where.push(eq(forumTopics.sectionId, q.sectionId));
  if (q.filter === 'required') where.push(eq(forumTopics.required, true));
  if (q.filter === 'pinned') where.push(eq(forumTopics.pinned, true));
  if (q.filter === 'unanswered') where.push(not(repliedBy(memberId)));
  const cond = and(...where);
  const [total] = await ctx.db.select({ n: count() }).from(forumTopics).where(cond);
  const rows = await ctx.db
    .select({ t: forumTopics, answered: sql<boolean>`${repliedBy(memberId)}` })
    .from(forumTopics)
    .where(cond)
    .orderBy(desc(forumTopics.pinned), desc(forumTopics.createdAt), desc(forumTopics.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const authors = await identitiesOf(
    ctx.db,
    b.board.id,
    rows.map((r) => r.t.authorId),
  );
  return pageOf(
    q,
    rows.map((r) => topicView(b, r.t, authors.get(r.t.authorId), v, Boolean(r.answered))),
    Number(total?.n ?? 0),
  );
}

async function hasReplied(db: Executor, topicId: number, memberId: number) {
  const [row] = await db
    .select({ id: forumReplies.id })
    .from(forumReplies)
    .where(and(eq(forumReplies.topicId, topicId), eq(forumReplies.memberId, memberId)))
    .limit(1);
  return row !== undefined;
}

/** Why the viewer cannot reply now (null: they can). */
function replyRefusal(ctx: Pick<Ctx, 'now'>, b: Board, t: TopicRow, v: Viewer): AppError | null {
  if (v.role === ROLE.OBSERVER) return new AppError('FORUM_READ_ONLY');
  if (t.closed) return new AppError('FORUM_TOPIC_CLOSED');
  if (isModerator(v)) return null;
  const now = ctx.now();
  if (now < b.board.startAt.getTime()) return new AppError('FORUM_NOT_OPEN');
  if (now >= b.board.endAt.getTime()) return new AppError('FORUM_ENDED');
  return null;
}

async function topicDetail(ctx: Pick<Ctx, 'db' | 'now'>, b: Board, t: TopicRow, v: Viewer): Promise<TopicDetailData> {
  const answered = await hasReplied(ctx.db, t.id, v.memberId);
  const authors = await identitiesOf(ctx.db, b.board.id, [t.authorId]);
  return {
    ...topicView(b, t, authors.get(t.authorId), v, answered),
    body: t.body,
    images: imageList(t.images),
    canReply: replyRefusal(ctx, b, t, v) === null,
    repliesVisible: !(isRespondent(v) && t.seeAfterPosting && !answered),
  };
}

export async function getTopic(ctx: Ctx, memberId: number, topicId: number) {
  const { topic, viewer, ...b } = await topicFor(ctx, topicId, memberId);
  return topicDetail(ctx, b, topic, viewer);
}

/**
 * A moderator posts a topic (the API, and the operators' `forum topic add` as a moderator, whose
 * context has no upload target: topics from the console carry no pictures).
 */
export async function createTopic(
  ctx: Omit<Ctx, 'uploads'> & { uploads?: Ctx['uploads'] },
  memberId: number,
  body: z.input<typeof CreateForumTopicBody>,
) {
  const b = await boardByHashId(ctx.db, body.taskHashId);
  const v = await viewerOf(ctx, b, memberId);
  requireModerator(v);
  const [section] = await ctx.db
    .select({ id: forumSections.id })
    .from(forumSections)
    .where(and(eq(forumSections.id, body.sectionId), eq(forumSections.boardId, b.board.id)))
    .limit(1);
  if (!section) throw new AppError('FORUM_SECTION_INVALID');
  const post = cleanPost(body.body, FORUM_TEXT_MAX);
  if (post.text === '' && !body.images?.length) throw new AppError('FORUM_POST_EMPTY', '请填写话题内容或添加图片');
  if ([...post.text].length > FORUM_TEXT_MAX) throw new AppError('INVALID_PARAMS', `正文最多 ${FORUM_TEXT_MAX} 个字`);
  const images = body.images ?? [];
  if (images.length > 0 && !ctx.uploads) throw new AppError('UPLOAD_KEY_INVALID');
  if (ctx.uploads) await acceptOwnUploads({ ...ctx, uploads: ctx.uploads }, memberId, 'forum', images);
  const requestKey = body.requestKey ?? null;
  const values = {
    boardId: b.board.id,
    sectionId: section.id,
    authorId: memberId,
    title: body.title,
    body: post.html,
    images: images.map((k) => ctx.uploads!.publicBase + k),
    required: body.required ?? false,
    seeAfterPosting: body.seeAfterPosting ?? false,
    requestKey,
    createdAt: new Date(ctx.now()),
  };
  // A key sent again (a lost answer retried) answers the topic it posted; two at once post one.
  const [topic] = await ctx.db.insert(forumTopics).values(values).onConflictDoNothing().returning();
  if (topic) return topicDetail(ctx, b, topic, v);
  const [posted] = await ctx.db
    .select()
    .from(forumTopics)
    .where(
      and(
        eq(forumTopics.boardId, b.board.id),
        eq(forumTopics.authorId, memberId),
        eq(forumTopics.requestKey, requestKey ?? ''),
      ),
    )
    .limit(1);
  if (!posted || posted.title !== values.title || posted.body !== values.body || posted.sectionId !== section.id)
    throw new AppError('FORUM_REQUEST_KEY_REUSED', '这个话题已提交过不同的内容，请刷新页面后重试');
  return topicDetail(ctx, b, posted, v);
}

export async function moderateTopic(
  ctx: Ctx,
  memberId: number,
  topicId: number,
  body: z.output<typeof ModerateForumTopicBody>,
) {
  const { topic, viewer, ...b } = await topicFor(ctx, topicId, memberId);
  requireModerator(viewer);
  const [updated] = await ctx.db.update(forumTopics).set(body).where(eq(forumTopics.id, topic.id)).returning();
  return topicDetail(ctx, b, updated!, viewer);
}

// ---- replies ----

export async function listReplies(
  ctx: Ctx,
  memberId: number,
  topicId: number,
  q: z.output<typeof ForumReplyListQuery>,
) {
  const { topic, viewer, ...b } = await topicFor(ctx, topicId, memberId);
  const respondent = isRespondent(viewer);
  if (respondent && topic.seeAfterPosting && !(await hasReplied(ctx.db, topic.id, memberId)))
    return { ...pageOf(q, [] as ForumReplyData[], 0), locked: true };
  const where = respondent
    ? and(eq(forumReplies.topicId, topic.id), not(forumReplies.hidden))
    : eq(forumReplies.topicId, topic.id);
  const rows = await ctx.db
    .select()
    .from(forumReplies)
    .where(where)
    .orderBy(q.order === 'newest' ? desc(forumReplies.floor) : asc(forumReplies.floor))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const total = respondent ? topic.visibleReplyCount : topic.replyCount;
  return { ...pageOf(q, await replyViews(ctx.db, b.board.id, rows, viewer), total), locked: false };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function createReply(
  ctx: AppContext,
  memberId: number,
  topicId: number,
  body: z.output<typeof CreateForumReplyBody>,
) {
  const { topic, viewer, ...b } = await topicFor(ctx, topicId, memberId);
  const post = cleanPost(body.body, FORUM_TEXT_MAX);
  if (post.text === '' && body.images.length === 0) throw new AppError('FORUM_POST_EMPTY');
  if ([...post.text].length > FORUM_TEXT_MAX) throw new AppError('INVALID_PARAMS', `回复最多 ${FORUM_TEXT_MAX} 个字`);
  const images = body.images.map((k) => ctx.uploads.publicBase + k);
  const quoteId = body.quoteId ?? null;
  const now = ctx.now();

  const reply = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(forumTopics).where(eq(forumTopics.id, topic.id)).for('update');
    const [again] = await tx
      .select()
      .from(forumReplies)
      .where(
        and(
          eq(forumReplies.topicId, topic.id),
          eq(forumReplies.memberId, memberId),
          eq(forumReplies.requestKey, body.requestKey),
        ),
      )
      .limit(1);
    if (again) {
      if (again.body !== post.html || !sameList(again.images, images) || again.quoteId !== quoteId)
        throw new AppError('FORUM_REQUEST_KEY_REUSED');
      return again;
    }
    // Checked under the lock: a topic closed a moment ago takes no more replies.
    const refusal = replyRefusal(ctx, b, locked!, viewer);
    if (refusal) throw refusal;
    if (quoteId !== null) {
      const [q] = await tx
        .select({ hidden: forumReplies.hidden })
        .from(forumReplies)
        .where(and(eq(forumReplies.id, quoteId), eq(forumReplies.topicId, topic.id)))
        .limit(1);
      if (!q || (q.hidden && isRespondent(viewer))) throw new AppError('FORUM_QUOTE_INVALID');
    }
    await acceptOwnUploads({ ...ctx, db: tx }, memberId, 'forum', body.images);
    const [counted] = await tx
      .update(forumTopics)
      .set({
        replyCount: sql`${forumTopics.replyCount} + 1`,
        visibleReplyCount: sql`${forumTopics.visibleReplyCount} + 1`,
        lastReplyAt: new Date(now),
      })
      .where(eq(forumTopics.id, topic.id))
      .returning({ floor: forumTopics.replyCount });
    const [row] = await tx
      .insert(forumReplies)
      .values({
        topicId: topic.id,
        boardId: b.board.id,
        memberId,
        floor: counted!.floor,
        body: post.html,
        plain: post.text,
        images,
        quoteId,
        requestKey: body.requestKey,
        createdAt: new Date(now),
      })
      .returning();
    return row!;
  });

  const [view] = await replyViews(ctx.db, b.board.id, [reply], viewer);
  const progress = viewer.participation ? await completeIfAnswered(ctx, b, viewer.participation) : null;
  return { reply: view!, progress };
}

export async function moderateReply(
  ctx: Ctx,
  memberId: number,
  replyId: number,
  body: z.output<typeof ModerateForumReplyBody>,
) {
  const [reply] = await ctx.db.select().from(forumReplies).where(eq(forumReplies.id, replyId)).limit(1);
  if (!reply) throw new AppError('FORUM_POST_NOT_FOUND');
  const b = await boardById(ctx.db, reply.boardId);
  const v = await viewerOf(ctx, b, memberId);
  requireModerator(v);
  const updated = await ctx.db.transaction(async (tx) => {
    // The topic's lock keeps its visible count right against replies and other moderation.
    await tx.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.id, reply.topicId)).for('update');
    const [before] = await tx.select().from(forumReplies).where(eq(forumReplies.id, reply.id));
    const [after] = await tx.update(forumReplies).set(body).where(eq(forumReplies.id, reply.id)).returning();
    if (before!.hidden !== after!.hidden)
      await tx
        .update(forumTopics)
        .set({ visibleReplyCount: sql`${forumTopics.visibleReplyCount} + ${after!.hidden ? -1 : 1}` })
        .where(eq(forumTopics.id, reply.topicId));
    return after!;
  });
  const [view] = await replyViews(ctx.db, b.board.id, [updated], v);
  return view!;
}

// ---- a participant's posts, completion ----

export async function memberPosts(
  ctx: Ctx,
  viewerId: number,
  authorId: number,
  q: { taskHashId: string; page: number; pageSize: number },
): Promise<z.output<typeof ForumMemberPosts>> {
  const b = await boardByHashId(ctx.db, q.taskHashId);
  const v = await viewerOf(ctx, b, viewerId);
  const author =
    authorId === viewerId ? v.identity : (await identitiesOf(ctx.db, b.board.id, [authorId])).get(authorId);
  if (!author) throw new AppError('FORUM_POST_NOT_FOUND', '这位参与者还没有发言');
  const where: SQL[] = [eq(forumReplies.boardId, b.board.id), eq(forumReplies.memberId, authorId)];
  if (isRespondent(v) && authorId !== viewerId) {
    where.push(not(forumReplies.hidden), not(forumTopics.hidden));
    // See-after-posting topics show others' replies only to those who replied there.
    where.push(sql`(not ${forumTopics.seeAfterPosting} or ${repliedBy(viewerId)})`);
  } else if (isRespondent(v)) where.push(not(forumTopics.hidden));
  const cond = and(...where);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(forumReplies)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
    .where(cond);
  const rows = await ctx.db
    .select({ r: forumReplies, title: forumTopics.title })
    .from(forumReplies)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
    .where(cond)
    .orderBy(desc(forumReplies.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const views = await replyViews(
    ctx.db,
    b.board.id,
    rows.map((r) => r.r),
    v,
  );
  return {
    author: authorOf(author),
    posts: pageOf(
      q,
      views.map((p, i) => ({ ...p, topicTitle: rows[i]!.title })),
      Number(total?.n ?? 0),
    ),
  };
}

export async function completeMember(ctx: AppContext, moderatorId: number, memberId: number, taskHashId: string) {
  const b = await boardByHashId(ctx.db, taskHashId);
  requireModerator(await viewerOf(ctx, b, moderatorId));
  return completeByModerator(ctx, b, memberId);
}
