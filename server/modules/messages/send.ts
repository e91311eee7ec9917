/**
 * Writing messages. A message is stored once (server/db/schema-content.ts):
 *
 * - `postEventMessage(tx, memberId, m)`: a product event (an exchange issued, a task credited …)
 *   tells its member, inside the event's own transaction. The message and the member's inbox row
 *   are ONE statement (a data-modifying CTE), `on conflict (event_key) do nothing`: a replayed
 *   event writes nothing and the surrounding transaction goes on (a unique violation would abort
 *   it on PostgreSQL). Concurrent copies of one event queue on the unique index; one writes.
 * - `sendMessage(ctx, audience, m)`: an operator's message (`npm run ops -- message send`) to one
 *   member, a list (one inbox row each, in one statement), or everyone registered now (one row,
 *   no inbox rows: a member's row appears when they read it). The content is sanitized here.
 */
import { count, lte, sql } from 'drizzle-orm';
import { MessageType } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { messageInbox, messages } from '../../db/schema-content';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { plainText, sanitizeRichText } from '../../kernel/html';

export type MessageTypeValue = (typeof MessageType.list)[number];

export interface EventMessage {
  type: MessageTypeValue;
  title: string;
  /** HTML the product wrote (texts escaped; see events.ts). */
  content: string;
  /** The in-site page of the record the message is about. */
  link: string | null;
  /** `<event>:<record id>`: the same event never writes a second message. */
  eventKey: string;
}

/** A postgres int[] literal as ONE parameter (an id list may exceed the 65 535 parameters of a statement). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Write a product-event message to `memberId` within the caller's transaction; `at` is the
 * event's time (the app clock). Returns false when this event's message was written before.
 */
export async function postEventMessage(tx: Executor, memberId: number, m: EventMessage, at?: number): Promise<boolean> {
  const inserted = tx.$with('inserted').as(
    tx
      .insert(messages)
      .values({
        type: m.type,
        audience: 'member',
        title: m.title,
        content: m.content,
        link: m.link,
        eventKey: m.eventKey,
        ...(at === undefined ? {} : { createdAt: new Date(at) }),
      })
      .onConflictDoNothing({ target: messages.eventKey })
      .returning({ id: messages.id }),
  );
  const rows = await tx
    .with(inserted)
    .insert(messageInbox)
    .select(
      tx
        .select({
          messageId: inserted.id,
          memberId: sql<number>`${memberId}::int`.as('member_id'),
          readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
        })
        .from(inserted),
    )
    .returning({ messageId: messageInbox.messageId });
  return rows.length > 0;
}

/* ---- operators ---- */

export type Audience = { kind: 'member'; memberId: number } | { kind: 'list'; memberIds: number[] } | { kind: 'all' };

export interface OperatorMessage {
  type?: MessageTypeValue;
  title: string;
  /** Rich text; sanitized before it is stored. */
  content: string;
  /** An in-site path (the caller checks that a page renders it), or null. */
  link?: string | null;
}

export interface SentMessage {
  id: number;
  /** Members it reaches (for `all`: everyone registered when it was sent). */
  recipients: number;
}

export const TITLE_MAX = 60;

/** An in-site path: `/` then no second `/` (not protocol-relative), no scheme, no spaces. */
export function isSitePath(link: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(link) && link.length <= 512;
}

function checked(m: OperatorMessage) {
  const title = m.title.trim();
  if (!title) throw new AppError('INVALID_PARAMS', '请填写消息标题');
  if ([...title].length > TITLE_MAX) throw new AppError('INVALID_PARAMS', `消息标题最多 ${TITLE_MAX} 个字`);
  const content = sanitizeRichText(m.content);
  if (!plainText(content) && !/<img\s/i.test(content)) throw new AppError('INVALID_PARAMS', '请填写消息内容');
  const link = m.link?.trim() || null;
  if (link !== null && !isSitePath(link))
    throw new AppError('INVALID_PARAMS', `消息链接只能是站内页面路径（如 /home/exchange）：${link}`);
  const type = m.type ?? MessageType.values.SYSTEM;
  if (!(MessageType.list as readonly number[]).includes(type))
    throw new AppError('INVALID_PARAMS', `消息类型应为 ${MessageType.list.join('、')} 之一`);
  return { type, title, content, link };
}

/** Ids of `ids` that name no member. */
async function unknownMembers(db: Executor, ids: number[]): Promise<number[]> {
  const found = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${members.id} = any(${intArray(ids)})`);
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** Send an operator's message. Refuses an empty title or content, a bad link, unknown members. */
export async function sendMessage(
  ctx: Pick<AppContext, 'db' | 'now'>,
  audience: Audience,
  input: OperatorMessage,
): Promise<SentMessage> {
  const m = checked(input);
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    if (audience.kind === 'all') {
      const [row] = await tx
        .insert(messages)
        .values({ ...m, audience: 'all', createdAt: at })
        .returning({ id: messages.id });
      const [n] = await tx.select({ n: count() }).from(members).where(lte(members.createdAt, at));
      return { id: row!.id, recipients: Number(n?.n ?? 0) };
    }
    const ids = [...new Set(audience.kind === 'member' ? [audience.memberId] : audience.memberIds)];
    if (ids.length === 0) throw new AppError('INVALID_PARAMS', '请至少指定一位会员');
    const unknown = await unknownMembers(tx, ids);
    if (unknown.length)
      throw new AppError(
        'NOT_FOUND',
        `会员不存在：${unknown.slice(0, 10).join('、')}${unknown.length > 10 ? ` 等 ${unknown.length} 位` : ''}`,
      );
    const [row] = await tx
      .insert(messages)
      .values({ ...m, audience: audience.kind, createdAt: at })
      .returning({ id: messages.id });
    await tx.insert(messageInbox).select(
      tx
        .select({
          messageId: sql<number>`${row!.id}::int`.as('message_id'),
          memberId: sql<number>`unnest(${intArray(ids)})`.as('member_id'),
          readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
        })
        .from(sql`(select 1) as one`),
    );
    return { id: row!.id, recipients: ids.length };
  });
}
