/**
 * A member's inbox (`/v1/messages`, `/v1/messages/new`, `/v1/messages/read`): what the member
 * sees is the union of
 *
 * - their own inbox rows of `member` and `list` messages (read when `read_at` is set), and
 * - broadcasts (`all`) sent since they registered; read when they have an inbox row for it,
 *   which is written only when they read it.
 *
 * Every query is scoped by the caller's id: another member's message is never listed, counted or
 * marked, and answers exactly like a message that does not exist. The two halves are separate
 * branches of one UNION ALL, each on its own index (the inbox's by member; messages by audience
 * and time). `npm run bench:inbox` measures them with 100 000 members.
 */
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  notExists,
  sql,
  type Placeholder,
  type SQLWrapper,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { MessagePage } from '../../../openapi/schemas/messages';
import { members } from '../../db/schema';
import { messageInbox, messages } from '../../db/schema-content';
import { AppError } from '../../http/errors';
import type { Database } from '../../db';
import { storedPlainText } from '../../kernel/html';
import { pageOf, pageOffset } from '../../kernel/page';
import type { MessageTypeValue } from './send';

export type MessagePageData = z.output<typeof MessagePage>;

/** When the member registered: broadcasts from then on are theirs. */
const registeredAt = (memberId: SQLWrapper | number) =>
  sql`(select ${members.createdAt} from ${members} where ${members.id} = ${memberId})`;

/** Broadcasts this member may see (sent since they registered). */
const visibleBroadcast = (memberId: SQLWrapper | number) =>
  and(eq(messages.audience, 'all'), gte(messages.createdAt, registeredAt(memberId)));

/** Every message of the member with its read time (null: unread), as one subquery `v`. */
function inboxOf(db: Database, memberId: Placeholder) {
  const columns = {
    id: messages.id,
    type: messages.type,
    title: messages.title,
    content: messages.content,
    link: messages.link,
    createdAt: messages.createdAt,
    readAt: messageInbox.readAt,
  };
  const own = db
    .select(columns)
    .from(messageInbox)
    .innerJoin(messages, eq(messages.id, messageInbox.messageId))
    .where(and(eq(messageInbox.memberId, memberId), ne(messages.audience, 'all')));
  const broadcasts = db
    .select(columns)
    .from(messages)
    .leftJoin(messageInbox, and(eq(messageInbox.messageId, messages.id), eq(messageInbox.memberId, memberId)))
    .where(visibleBroadcast(memberId));
  return own.unionAll(broadcasts).as('v');
}

/**
 * The inbox reads run on every page with the header bell and on the message pages: prepared once
 * per database (no query building, and PostgreSQL plans them once per connection). The filters
 * are placeholders that mean "any" when null.
 */
function prepareInbox(db: Database) {
  const memberId = sql.placeholder('memberId');
  const v = inboxOf(db, memberId);
  const type = sql.placeholder('type');
  const id = sql.placeholder('id');
  const filters = and(
    sql`(${type}::int is null or ${v.type} = ${type}::int)`,
    sql`(${id}::int is null or ${v.id} = ${id}::int)`,
    sql`(not ${sql.placeholder('unreadOnly')}::boolean or ${v.readAt} is null)`,
  );
  const windowed = db
    .select({
      id: v.id,
      type: v.type,
      title: v.title,
      content: v.content,
      link: v.link,
      createdAt: v.createdAt,
      readAt: v.readAt,
      match: sql<boolean>`${filters}`.as('match'),
      total: sql<number>`count(*) filter (where ${filters}) over ()`.as('total'),
      unread: sql<number>`count(*) filter (where ${v.readAt} is null) over ()`.as('unread'),
    })
    .from(v)
    .as('w');
  const broadcastUnread = db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        visibleBroadcast(memberId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(messageInbox)
            .where(and(eq(messageInbox.messageId, messages.id), eq(messageInbox.memberId, memberId))),
        ),
      ),
    );
  const ownUnread = db
    .select({ n: count() })
    .from(messageInbox)
    .innerJoin(messages, eq(messages.id, messageInbox.messageId))
    .where(and(eq(messageInbox.memberId, memberId), isNull(messageInbox.readAt), ne(messages.audience, 'all')));
  return {
    // The page with both counts (window aggregates over all of the member's messages, before the
    // filters and the limit): one execution of the union. An empty page carries no counts;
    // `counts` answers them then.
    page: db
      .select()
      .from(windowed)
      .where(sql`${windowed.match}`)
      .orderBy(desc(windowed.createdAt), desc(windowed.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('messages_page'),
    counts: db
      .select({
        total: sql<number>`count(*) filter (where ${filters})`.mapWith(Number),
        unread: sql<number>`count(*) filter (where ${v.readAt} is null)`.mapWith(Number),
      })
      .from(v)
      .prepare('messages_counts'),
    unread: db
      .select({ n: sql<number>`(${ownUnread}) + (${broadcastUnread})`.mapWith(Number) })
      .from(sql`(select 1) as one`)
      .prepare('messages_unread'),
  };
}
const inboxByDb = new WeakMap<Database, ReturnType<typeof prepareInbox>>();
function inboxQueries(db: Database) {
  let q = inboxByDb.get(db);
  if (!q) inboxByDb.set(db, (q = prepareInbox(db)));
  return q;
}

/** How many of the member's messages are unread (the bell's marker). */
export async function unreadMessages(db: Database, memberId: number): Promise<number> {
  const [row] = await inboxQueries(db).unread.execute({ memberId });
  return row?.n ?? 0;
}

export interface MessageQuery {
  page: number;
  pageSize: number;
  type?: MessageTypeValue;
  /** Only this message (the detail page); not the caller's or missing → NOT_FOUND. */
  id?: number;
  unread?: '1';
}

/** The member's messages, newest first, with the unread total. */
export async function listMessages(db: Database, memberId: number, q: MessageQuery): Promise<MessagePageData> {
  const { page, counts } = inboxQueries(db);
  const args = { memberId, type: q.type ?? null, id: q.id ?? null, unreadOnly: q.unread === '1' };
  const rows = await page.execute({ ...args, limit: q.pageSize, offset: pageOffset(q) });
  if (q.id !== undefined && rows.length === 0) throw new AppError('NOT_FOUND', '消息不存在');
  const [n] = rows.length ? rows : await counts.execute(args);
  const list = rows.map((r) => ({
    id: r.id,
    type: r.type as MessageTypeValue,
    title: r.title,
    summary: storedPlainText(r.content),
    content: r.content,
    link: r.link,
    read: r.readAt !== null,
    createdAt: new Date(r.createdAt).getTime(),
  }));
  return { ...pageOf(q, list, Number(n?.total ?? 0)), unread: Number(n?.unread ?? 0) };
}

/**
 * Mark messages read: the given ids (those not the caller's are ignored, like missing ones) or
 * all of them. Own rows get their read time; a broadcast gets the member's row now. Returns the
 * unread count left.
 */
export async function readMessages(
  db: Database,
  memberId: number,
  body: { ids?: number[]; all?: boolean },
  now: number,
): Promise<number> {
  const at = new Date(now);
  const ids = body.all ? undefined : [...new Set(body.ids ?? [])];
  if (ids?.length !== 0) {
    await db.transaction(async (tx) => {
      await tx
        .update(messageInbox)
        .set({ readAt: at })
        .where(
          and(
            eq(messageInbox.memberId, memberId),
            isNull(messageInbox.readAt),
            ids ? inArray(messageInbox.messageId, ids) : undefined,
          ),
        );
      await tx
        .insert(messageInbox)
        .select(
          tx
            .select({
              messageId: messages.id,
              memberId: sql<number>`${memberId}::int`.as('member_id'),
              readAt: sql<Date>`${at.toISOString()}::timestamptz`.as('read_at'),
            })
            .from(messages)
            .where(and(visibleBroadcast(memberId), ids ? inArray(messages.id, ids) : undefined)),
        )
        .onConflictDoNothing();
    });
  }
  return unreadMessages(db, memberId);
}
