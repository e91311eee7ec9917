/**
 * Tables of the member centre: messages (the inbox, broadcasts, the one-time screen message),
 * notices, banners and campaign events, app releases and uploads. Listed with the other schema
 * files in server/db/tables.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { at, createdAt, memberId } from './columns';
import { members } from './schema';

/**
 * One message, stored once whoever it goes to. `audience`: `member` (one member) and `list`
 * (several) have a `message_inbox` row per recipient written when sent; `all` (everyone
 * registered when it was sent) has none until a member reads it, so a broadcast to 100 000
 * members is one row. Product events carry `event_key` (unique): replaying the event writes
 * nothing a second time.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    /** 1 system, 2 task, 3 exchange, 4 feedback reply, 5 activity. */
    type: smallint('type').notNull().default(1),
    /** member, list, all. */
    audience: text('audience').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    /** An in-site path the message is about (/home/exchange …), or null. */
    link: text('link'),
    /** `<event>:<record id>` for a product event (e.g. `exchange.issued:42`); null for an operator's message. */
    eventKey: text('event_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_event_key_idx').on(t.eventKey),
    index('messages_broadcast_idx').on(t.audience, t.createdAt),
    check('messages_audience_check', sql`${t.audience} in ('member', 'list', 'all')`),
  ],
);

/** A member's copy of the read state: one row per recipient of a `member`/`list` message, one per read broadcast. */
export const messageInbox = pgTable(
  'message_inbox',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    memberId: memberId(),
    readAt: at('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.messageId] }),
    index('message_inbox_unread_idx').on(t.memberId, t.readAt),
  ],
);

/** The full-screen announcement: shown once per member while its window is open. */
export const screenMessages = pgTable('screen_messages', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Sanitized HTML. */
  content: text('content').notNull().default(''),
  image: text('image'),
  link: text('link'),
  buttonText: text('button_text').notNull().default('知道了'),
  startAt: at('start_at').notNull().defaultNow(),
  endAt: at('end_at').notNull(),
  /** Set when an operator withdraws it before `end_at`. */
  withdrawnAt: at('withdrawn_at'),
  createdAt: createdAt(),
});

/** Which member has seen which screen message. */
export const screenMessageSeen = pgTable(
  'screen_message_seen',
  {
    screenMessageId: integer('screen_message_id')
      .notNull()
      .references(() => screenMessages.id, { onDelete: 'cascade' }),
    memberId: memberId(),
    seenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.screenMessageId] })],
);

/** Site-wide notices (公告): sanitized rich text, a publish window and a pin. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitized HTML (sanitized when stored). */
    content: text('content').notNull(),
    pinned: smallint('pinned').notNull().default(0),
    publishAt: at('publish_at').notNull().defaultNow(),
    /** null: no end. */
    endAt: at('end_at'),
    withdrawnAt: at('withdrawn_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notices_publish_idx').on(t.publishAt)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    memberId: memberId(),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.noticeId] })],
);

/**
 * Banners (轮播图) and campaign events (活动), one table: `kind` banner | login | event.
 * `placement` is the contract's Placement (landing, home, task, exchange; `login` for login
 * banners); `platform` all | phone | desktop. `link` is an in-site path to a built page or an
 * https URL, checked when published.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    placement: text('placement').notNull(),
    platform: text('platform').notNull().default('all'),
    title: text('title').notNull(),
    summary: text('summary'),
    image: text('image').notNull(),
    mobileImage: text('mobile_image'),
    link: text('link'),
    sortOrder: integer('sort_order').notNull().default(0),
    startAt: at('start_at').notNull().defaultNow(),
    endAt: at('end_at'),
    withdrawnAt: at('withdrawn_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotions_live_idx').on(t.kind, t.placement, t.sortOrder),
    check('promotions_kind_check', sql`${t.kind} in ('banner', 'login', 'event')`),
    check('promotions_platform_check', sql`${t.platform} in ('all', 'phone', 'desktop')`),
  ],
);

/** The app's download links, one row per platform (android, ios); the latest row wins. */
export const appReleases = pgTable(
  'app_releases',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    url: text('url').notNull(),
    /** Bytes; null for iOS (App Store). */
    size: bigint('size', { mode: 'number' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('app_releases_platform_idx').on(t.platform, t.createdAt),
    check('app_releases_platform_check', sql`${t.platform} in ('android', 'ios')`),
  ],
);

/**
 * A file a member uploaded through a signed policy (the local receiver writes one row per stored
 * object; with OSS the row is written when the key is first used). `key` is the object key under
 * `<module>/<memberId>/`.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    module: text('module').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_member_idx').on(t.memberId, t.createdAt)],
);
