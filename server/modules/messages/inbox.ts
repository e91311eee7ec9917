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
 * branches of one UNION ALL, each on its own index (the inbox's primary key; messages by audience
 * and time), and the filters are pushed into both by PostgreSQL.
 */
import { and, count, desc, eq, gte, inArray, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MessagePage } from '../../../openapi/schemas/messages';
import { members } from '../../db/schema';
import { messageInbox, messages } from '../../db/schema-content';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { plainText } from '../../kernel/html';
import { pageOf, pageOffset } from '../../kernel/page';
import type { MessageTypeValue } from './send';

export type MessagePageData = z.output<typeof MessagePage>;

/** When the member registered: broadcasts from then on are theirs. */
const registeredAt = (memberId: number) =>
  sql`(select ${members.createdAt} from ${members} where ${members.id} = ${memberId})`;

/** Broadcasts this member may see (sent since they registered). */
const visibleBroadcast = (memberId: number) =>
  and(eq(messages.audience, 'all'), gte(messages.createdAt, registeredAt(memberId)));

/** Every message of the member with its read time (null: unread), as one subquery `v`. */
function inboxOf(db: Executor, memberId: number) {
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

/** How many of the member's messages are unread (the bell's marker). */
export async function unreadMessages(db: Executor, memberId: number): Promise<number> {
  const [own] = await db
    .select({ n: count() })
    .from(messageInbox)
    .innerJoin(messages, eq(messages.id, messageInbox.messageId))
    .where(and(eq(messageInbox.memberId, memberId), isNull(messageInbox.readAt), ne(messages.audience, 'all')));
  const [broadcast] = await db
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
  return Number(own?.n ?? 0) + Number(broadcast?.n ?? 0);
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
export async function listMessages(db: Executor, memberId: number, q: MessageQuery): Promise<MessagePageData> {
  const v = inboxOf(db, memberId);
  const conds: SQL[] = [];
  if (q.type !== undefined) conds.push(eq(v.type, q.type));
  if (q.id !== undefined) conds.push(eq(v.id, q.id));
  if (q.unread === '1') conds.push(isNull(v.readAt));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [counts]] = await Promise.all([
    db.select().from(v).where(where).orderBy(desc(v.createdAt), desc(v.id)).limit(q.pageSize).offset(pageOffset(q)),
    db
      .select({
        total: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
        unread: sql<number>`count(*) filter (where ${v.readAt} is null)`.mapWith(Number),
      })
      .from(v),
  ]);
  if (q.id !== undefined && rows.length === 0) throw new AppError('NOT_FOUND', '消息不存在');
  const list = rows.map((r) => ({
    id: r.id,
    type: r.type as MessageTypeValue,
    title: r.title,
    summary: plainText(r.content),
    content: r.content,
    link: r.link,
    read: r.readAt !== null,
    createdAt: new Date(r.createdAt).getTime(),
  }));
  return { ...pageOf(q, list, Number(counts?.total ?? 0)), unread: Number(counts?.unread ?? 0) };
}

/**
 * Mark messages read: the given ids (those not the caller's are ignored, like missing ones) or
 * all of them. Own rows get their read time; a broadcast gets the member's row now. Returns the
 * unread count left.
 */
export async function readMessages(
  db: Executor,
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
