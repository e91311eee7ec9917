/**
 * Tables of help and feedback: the help centre's category tree and articles with their "was this
 * helpful" votes, and feedback tickets with their thread and every state move. Listed with the
 * other schema files in server/db/tables.ts.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, memberId, refTo, updatedAt } from './columns';

/** The help tree. Ids are fixed by the content (the spec's help root is 21), not generated. */
export const helpCategories = pgTable(
  'help_categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => helpCategories.id),
    name: text('name').notNull(),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('help_categories_parent_idx').on(t.parentId, t.sort)],
);

/** A help article. `content` is sanitized HTML (server/kernel/html.ts) when stored. */
export const helpQuestions = pgTable(
  'help_questions',
  {
    id: serial('id').primaryKey(),
    categoryId: refTo('category_id', () => helpCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Shown among 常见问题. */
    hot: boolean('hot').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** Unpublished articles are kept but answer as missing. */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('help_questions_category_idx').on(t.categoryId, t.sort)],
);

/** One "was this helpful" vote per member and article; a member's second vote replaces the first. */
export const helpVotes = pgTable(
  'help_votes',
  {
    questionId: refTo('question_id', () => helpQuestions.id),
    memberId: memberId(),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.memberId] })],
);

/**
 * A feedback ticket (spec §3 feedback state 0–5). The member's first words and pictures are the
 * ticket's own `content`/`images`; later words of either side are `feedback_posts`. A ticket may
 * be about one record of the member's: a task participation (`record_kind` task, `record_id` the
 * participation), an exchange or a benefit. `request_key` makes a re-sent create answer the same
 * ticket. `state_changed_at` dates the current state (auto-confirmation counts from it).
 */
export const feedbackTickets = pgTable(
  'feedback_tickets',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    /** openapi/enums.ts FeedbackCategory. */
    category: smallint('category').notNull(),
    content: text('content').notNull(),
    /** Upload keys (`feedback/<memberId>/…`). */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    recordKind: text('record_kind'),
    recordId: integer('record_id'),
    state: smallint('state').notNull().default(0),
    /** The operator who took the ticket. */
    operator: text('operator'),
    requestKey: text('request_key').notNull(),
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    stateChangedAt: at('state_changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('feedback_tickets_request_key_idx').on(t.memberId, t.requestKey),
    index('feedback_tickets_member_idx').on(t.memberId, t.updatedAt),
    index('feedback_tickets_state_idx').on(t.state, t.stateChangedAt),
    check('feedback_tickets_state_check', sql`${t.state} between 0 and 5`),
    check('feedback_tickets_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check(
      'feedback_tickets_record_check',
      sql`(${t.recordKind} is null and ${t.recordId} is null) or (${t.recordKind} in ('task', 'exchange', 'benefit') and ${t.recordId} is not null)`,
    ),
  ],
);

/** A reply in a ticket's thread: the member's or an operator's (`staff_name` is who). */
export const feedbackPosts = pgTable(
  'feedback_posts',
  {
    id: serial('id').primaryKey(),
    ticketId: refTo('ticket_id', () => feedbackTickets.id),
    author: text('author').notNull(),
    staffName: text('staff_name'),
    content: text('content').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_posts_ticket_idx').on(t.ticketId, t.id),
    check('feedback_posts_author_check', sql`${t.author} in ('member', 'staff')`),
  ],
);

/** Every state move of a ticket, with who made it and why (`from_state` null: the ticket was created). */
export const feedbackMoves = pgTable(
  'feedback_moves',
  {
    id: serial('id').primaryKey(),
    ticketId: refTo('ticket_id', () => feedbackTickets.id),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    /** member, staff or system (automatic confirmation). */
    actor: text('actor').notNull(),
    actorName: text('actor_name'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_moves_ticket_idx').on(t.ticketId, t.id),
    check('feedback_moves_actor_check', sql`${t.actor} in ('member', 'staff', 'system')`),
  ],
);
