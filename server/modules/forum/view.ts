/** Rows → the contract's forum shapes, as one viewer sees them. */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { FocusMember, ForumAuthor, ForumReply, ForumTopic } from '../../../openapi/schemas/forum';
import { forumMembers, forumReplies } from '../../db/schema-forum';
import type { Executor } from '../../kernel/db';
import { isRespondent, type Board, type IdentityRow, type TopicRow, type Viewer } from './access';
import type { FocusProgressData } from './completion';

export type ForumAuthorData = z.output<typeof ForumAuthor>;
export type ForumTopicData = z.output<typeof ForumTopic>;
export type ForumReplyData = z.output<typeof ForumReply>;
export type FocusMemberData = z.output<typeof FocusMember>;
export type ReplyRow = typeof forumReplies.$inferSelect;

const QUOTE_EXCERPT = 100;
const HIDDEN_QUOTE = '该回复已被主持人隐藏';

export const authorOf = (i: IdentityRow): ForumAuthorData => ({
  memberId: i.memberId,
  name: i.name,
  avatar: i.avatar,
  role: i.role as ForumAuthorData['role'],
});

export function focusMemberOf(b: Board, v: Viewer, progress: FocusProgressData | null): FocusMemberData {
  return { ...authorOf(v.identity), taskId: b.task.id, taskHashId: b.task.hashId, progress };
}

/** Identities of these members on a board, by member id. */
export async function identitiesOf(db: Executor, boardId: number, memberIds: number[]) {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map<number, IdentityRow>();
  const rows = await db
    .select()
    .from(forumMembers)
    .where(and(eq(forumMembers.boardId, boardId), inArray(forumMembers.memberId, ids)));
  return new Map(rows.map((r) => [r.memberId, r]));
}

const missingAuthor = (memberId: number): ForumAuthorData => ({ memberId, name: '已退出', avatar: null, role: 0 });

export function topicView(
  b: Board,
  t: TopicRow,
  author: IdentityRow | undefined,
  v: Viewer,
  answered: boolean,
): ForumTopicData {
  return {
    id: t.id,
    taskHashId: b.task.hashId,
    sectionId: t.sectionId,
    title: t.title,
    author: author ? authorOf(author) : missingAuthor(t.authorId),
    required: t.required,
    seeAfterPosting: t.seeAfterPosting,
    pinned: t.pinned,
    closed: t.closed,
    hidden: t.hidden,
    highlighted: t.highlighted,
    replyCount: isRespondent(v) ? t.visibleReplyCount : t.replyCount,
    answered,
    lastReplyAt: t.lastReplyAt?.getTime() ?? null,
    createdAt: t.createdAt.getTime(),
  };
}

/** Plain text cut to `max` characters with an ellipsis. */
const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

const images = (urls: string[]) => urls.map((url) => ({ url }));
export const imageList = images;

/** Replies as the viewer sees them, with their authors and quotes (two more queries for the page). */
export async function replyViews(
  db: Executor,
  boardId: number,
  rows: ReplyRow[],
  v: Viewer,
): Promise<ForumReplyData[]> {
  const quoteIds = [...new Set(rows.map((r) => r.quoteId).filter((id): id is number => id !== null))];
  const quoted = quoteIds.length ? await db.select().from(forumReplies).where(inArray(forumReplies.id, quoteIds)) : [];
  const quotes = new Map(quoted.map((q) => [q.id, q]));
  const authors = await identitiesOf(db, boardId, [...rows.map((r) => r.memberId), ...quoted.map((q) => q.memberId)]);
  const nameOf = (memberId: number) => authors.get(memberId)?.name ?? missingAuthor(memberId).name;
  return rows.map((r) => {
    const q = r.quoteId === null ? undefined : quotes.get(r.quoteId);
    const a = authors.get(r.memberId);
    return {
      id: r.id,
      topicId: r.topicId,
      floor: r.floor,
      author: a ? authorOf(a) : missingAuthor(r.memberId),
      body: r.body,
      images: images(r.images),
      quote: q
        ? {
            id: q.id,
            authorName: nameOf(q.memberId),
            excerpt: q.hidden && isRespondent(v) ? HIDDEN_QUOTE : cut(q.plain, QUOTE_EXCERPT),
            hidden: q.hidden,
          }
        : null,
      hidden: r.hidden,
      highlighted: r.highlighted,
      mine: r.memberId === v.memberId,
      createdAt: r.createdAt.getTime(),
    };
  });
}
