/**
 * The discussion-group forum (座谈会): one board per discussion-group task, its sections (days or
 * themes), the forum identities of the people on it (role and per-board name/avatar), the
 * moderator's topics and everyone's replies.
 *
 * Who is recruited is not stored here: a respondent is a member with a participation on the
 * board's task (modules/tasks startTask), and the task's completion and credit live on that
 * participation and the ledger (modules/tasks/settle.ts). Moderators and observers have a
 * `forum_members` row with role 1 or 2; respondents get theirs (role 0) on first visit.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, memberId, refTo } from './columns';
import { tasks } from './schema-tasks';

export const forumBoards = pgTable('forum_boards', {
  id: serial('id').primaryKey(),
  taskId: refTo('task_id', () => tasks.id).unique(),
  title: text('title').notNull(),
  intro: text('intro'),
  /** Respondents reply from `start_at`; required topics must be answered before `end_at`. */
  startAt: at('start_at').notNull(),
  endAt: at('end_at').notNull(),
  /**
   * How many required topics the discussion will have when all its days are posted: a respondent
   * completes only once they answered that many (and every required topic posted so far), so
   * answering the first day's questions early does not complete them. Null: the required topics
   * posted so far are all there is.
   */
  requiredTopics: integer('required_topics'),
  /** Counter for respondents' default names (受访者 1, 受访者 2…), taken under the row lock. */
  respondentSeq: integer('respondent_seq').notNull().default(0),
  createdAt: createdAt(),
});

export const forumSections = pgTable(
  'forum_sections',
  {
    id: serial('id').primaryKey(),
    boardId: refTo('board_id', () => forumBoards.id),
    name: text('name').notNull(),
    intro: text('intro'),
    /** Lower first. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('forum_sections_board_idx').on(t.boardId, t.sort)],
);

/** A member's identity on one board. Names are unique per board so nobody can pass for another. */
export const forumMembers = pgTable(
  'forum_members',
  {
    id: serial('id').primaryKey(),
    boardId: refTo('board_id', () => forumBoards.id),
    memberId: memberId(),
    /** BbsRole: 0 respondent, 1 moderator, 2 client observer. */
    role: smallint('role').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('forum_members_board_member_uq').on(t.boardId, t.memberId),
    unique('forum_members_board_name_uq').on(t.boardId, t.name),
    check('forum_members_role', sql`${t.role} between 0 and 2`),
  ],
);

export const forumTopics = pgTable(
  'forum_topics',
  {
    id: serial('id').primaryKey(),
    boardId: refTo('board_id', () => forumBoards.id),
    sectionId: refTo('section_id', () => forumSections.id),
    /** The moderator who posted it (column member_id). */
    authorId: memberId(),
    title: text('title').notNull(),
    /** Sanitized HTML (modules/forum/richText.ts). */
    body: text('body').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    seeAfterPosting: boolean('see_after_posting').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    highlighted: boolean('highlighted').notNull().default(false),
    /** Replies ever posted: the last floor given (taken under the topic's row lock). */
    replyCount: integer('reply_count').notNull().default(0),
    /** Replies not hidden (what respondents see and page through). */
    visibleReplyCount: integer('visible_reply_count').notNull().default(0),
    lastReplyAt: at('last_reply_at'),
    /** The posting's request key (the browser's 发起话题; null from ops): one topic per key. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('forum_topics_board_idx').on(t.boardId, t.sectionId, t.createdAt),
    unique('forum_topics_request_uq').on(t.boardId, t.authorId, t.requestKey),
    check('forum_topics_counts', sql`${t.visibleReplyCount} between 0 and ${t.replyCount}`),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: serial('id').primaryKey(),
    topicId: refTo('topic_id', () => forumTopics.id),
    boardId: refTo('board_id', () => forumBoards.id),
    memberId: memberId(),
    /** 1, 2, 3… per topic in commit order: the stable order replies are paged by. */
    floor: integer('floor').notNull(),
    /** Sanitized HTML, and its plain text (quotes, the operators' CSV export). */
    body: text('body').notNull(),
    plain: text('plain').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    quoteId: integer('quote_id'),
    hidden: boolean('hidden').notNull().default(false),
    highlighted: boolean('highlighted').notNull().default(false),
    /** The browser's key for this post: a resubmitted reply is the same reply. */
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('forum_replies_topic_floor_uq').on(t.topicId, t.floor),
    unique('forum_replies_request_uq').on(t.topicId, t.memberId, t.requestKey),
    // Respondents page through the visible replies only.
    index('forum_replies_visible_idx')
      .on(t.topicId, t.floor)
      .where(sql`not ${t.hidden}`),
    index('forum_replies_member_idx').on(t.boardId, t.memberId, t.id),
  ],
);
