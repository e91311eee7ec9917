/**
 * Feedback tickets, the member's side (`/v1/feedback…`). A member only ever reaches their own
 * tickets: another member's id answers exactly like one that does not exist.
 *
 * - Create: the record it is about is one of the member's own (records.ts), the screenshots are
 *   the member's own `feedback/<memberId>/…` uploads, and the text is stored as plain text. Under a
 *   per-member advisory lock (so concurrent creates of one member queue up): a request key used
 *   before answers its ticket when the content is the same (no second ticket) and is refused
 *   (FEEDBACK_REQUEST_KEY_REUSED) when it is not; then at most FEEDBACK_DAILY_LIMIT tickets per
 *   Beijing day (counted under the same lock, so two creates at the limit cannot both pass).
 * - Reply: while an operator has the ticket (0–2) a reply is added without a move; in 3 and 4 it
 *   is the `memberReply` move (back to 1) and the post, in one transaction; in 5 the member
 *   reopens instead. Confirm (4 → 5), reopen (5 → 1 within REOPEN_DAYS; the reason becomes a
 *   post) and every other state change go through moves.ts.
 * - Rate: once, in 5, by one conditional update (of concurrent rates one wins).
 */
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { FeedbackState } from '../../../openapi/enums';
import { canMove, FEEDBACK_DAILY_LIMIT, memberMayAddReply, REOPEN_DAYS } from '../../../openapi/rules/feedback';
import type {
  CreateFeedbackBody,
  FeedbackListQuery,
  FeedbackPage,
  FeedbackRateBody,
  FeedbackRecordQuery,
  FeedbackReplyBody,
} from '../../../openapi/schemas/feedback';
import { feedbackPosts, feedbackTickets } from '../../db/schema-support';
import { AppError } from '../../http/errors';
import type { Executor, Tx } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../../kernel/time';
import { acceptOwnUploads } from '../uploads/service';
import { applyMove, CREATED_REASON, moveTicket, recordMove, stateLabel, ticketNotFound, type TicketRow } from './moves';
import { resolveRecord, type FeedbackRecordData } from './records';
import { detailOf, summaryOf, type FeedbackDetailData, type ViewContext } from './view';

type CreateInput = z.output<typeof CreateFeedbackBody>;
type FeedbackPageData = z.output<typeof FeedbackPage>;

/** Arbitrary constant (an int4: the two-key lock takes two): the advisory lock class of one member's ticket creation. */
const CREATE_LOCK = 720_114_315;

const S = FeedbackState.values;

/** Text as it is stored: plain (shown as text, never as HTML), line ends unified, trimmed. */
export const plainContent = (text: string) => text.replace(/\r\n?/g, '\n').trim();

const uniqueKeys = (keys: readonly string[]) => [...new Set(keys)];

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The prefill of the form: one of the member's records. */
export async function feedbackRecord(
  ctx: ViewContext,
  memberId: number,
  query: z.output<typeof FeedbackRecordQuery>,
): Promise<FeedbackRecordData> {
  const record = await resolveRecord(ctx.db, memberId, query, ctx.now());
  if (!record) throw new AppError('FEEDBACK_RECORD_INVALID');
  return record;
}

async function ownTicket(db: Executor, memberId: number, id: number): Promise<TicketRow> {
  const [t] = await db
    .select()
    .from(feedbackTickets)
    .where(and(eq(feedbackTickets.id, id), eq(feedbackTickets.memberId, memberId)))
    .limit(1);
  if (!t) throw ticketNotFound();
  return t;
}

/** Open a ticket (see the file comment). Answers the ticket, a replayed request key's included. */
export async function createFeedback(
  ctx: ViewContext,
  memberId: number,
  body: CreateInput,
): Promise<FeedbackDetailData> {
  const now = ctx.now();
  const at = new Date(now);
  const content = plainContent(body.content);
  const images = uniqueKeys(body.images);
  const record = await resolveRecord(ctx.db, memberId, body, now);
  await acceptOwnUploads(ctx, memberId, 'feedback', images);

  const ticket = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK}, ${memberId})`);
    const [first] = await tx
      .select()
      .from(feedbackTickets)
      .where(and(eq(feedbackTickets.memberId, memberId), eq(feedbackTickets.requestKey, body.requestKey)))
      .limit(1);
    if (first) {
      const same =
        first.category === body.category &&
        first.content === content &&
        sameList(first.images, images) &&
        first.recordKind === (record?.kind ?? null) &&
        first.recordId === (record?.id ?? null);
      if (!same) throw new AppError('FEEDBACK_REQUEST_KEY_REUSED');
      return first;
    }
    const dayStart = new Date(shanghaiDayStart(shanghaiDay(now)));
    const [today] = await tx
      .select({ n: count() })
      .from(feedbackTickets)
      .where(and(eq(feedbackTickets.memberId, memberId), gte(feedbackTickets.createdAt, dayStart)));
    if (Number(today?.n ?? 0) >= FEEDBACK_DAILY_LIMIT)
      throw new AppError('FEEDBACK_DAILY_LIMIT', `每天最多提交 ${FEEDBACK_DAILY_LIMIT} 条反馈，请明天再来`);
    const [row] = await tx
      .insert(feedbackTickets)
      .values({
        memberId,
        category: body.category,
        content,
        images,
        recordKind: record?.kind ?? null,
        recordId: record?.id ?? null,
        state: S.TO_ACCEPT,
        requestKey: body.requestKey,
        stateChangedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordMove(tx, {
      ticketId: row!.id,
      from: null,
      to: S.TO_ACCEPT,
      actor: 'member',
      actorName: null,
      reason: CREATED_REASON,
      at,
    });
    return row!;
  });
  return detailOf(ctx, ticket);
}

/** The member's tickets, optionally of one state, the most recently updated first. */
export async function listFeedback(
  ctx: ViewContext,
  memberId: number,
  q: z.output<typeof FeedbackListQuery>,
): Promise<FeedbackPageData> {
  const conds: SQL[] = [eq(feedbackTickets.memberId, memberId)];
  if (q.state !== undefined) conds.push(eq(feedbackTickets.state, q.state));
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(feedbackTickets)
      .where(where)
      .orderBy(desc(feedbackTickets.updatedAt), desc(feedbackTickets.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    ctx.db.$count(feedbackTickets, where),
  ]);
  return pageOf(q, rows.map(summaryOf), total);
}

export async function getFeedback(ctx: ViewContext, memberId: number, id: number): Promise<FeedbackDetailData> {
  return detailOf(ctx, await ownTicket(ctx.db, memberId, id));
}

/** Add a post to a ticket's thread (in the transaction that moves it, if it moves). */
export async function addPost(
  tx: Tx,
  p: { ticketId: number; author: 'member' | 'staff'; staffName?: string; content: string; images?: string[]; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(feedbackPosts)
    .values({
      ticketId: p.ticketId,
      author: p.author,
      staffName: p.staffName ?? null,
      content: p.content,
      images: p.images ?? [],
      createdAt: p.at,
    })
    .returning({ id: feedbackPosts.id });
  return row!.id;
}

/** The member's reply (see the file comment). */
export async function replyFeedback(
  ctx: ViewContext,
  memberId: number,
  id: number,
  body: z.output<typeof FeedbackReplyBody>,
): Promise<FeedbackDetailData> {
  const content = plainContent(body.content);
  const images = uniqueKeys(body.images);
  await acceptOwnUploads(ctx, memberId, 'feedback', images);
  const now = ctx.now();
  const at = new Date(now);
  const ticket = await ctx.db.transaction(async (tx) => {
    const [t] = await tx.select().from(feedbackTickets).where(eq(feedbackTickets.id, id)).for('update');
    if (!t || t.memberId !== memberId) throw ticketNotFound();
    let row: TicketRow;
    if (memberMayAddReply(t.state)) {
      [row] = (await tx
        .update(feedbackTickets)
        .set({ updatedAt: at })
        .where(eq(feedbackTickets.id, id))
        .returning()) as [TicketRow];
    } else if (canMove('memberReply', t.state)) {
      const reason =
        t.state === S.AWAITING_FEEDBACK ? '你已补充信息，等待客服处理' : '你回复问题仍未解决，等待客服处理';
      row = (await moveTicket(tx, id, 'memberReply', { memberId, reason }, now)).ticket;
    } else {
      throw new AppError(
        'FEEDBACK_STATE_CONFLICT',
        `这条反馈现在是「${stateLabel(t.state)}」，不能再回复；如果问题仍未解决，请重新打开`,
      );
    }
    await addPost(tx, { ticketId: id, author: 'member', content, images, at });
    return row;
  });
  return detailOf(ctx, ticket);
}

export async function confirmFeedback(ctx: ViewContext, memberId: number, id: number): Promise<FeedbackDetailData> {
  const { ticket } = await applyMove(ctx, id, 'confirm', { memberId });
  return detailOf(ctx, ticket);
}

/** Reopen a confirmed ticket within REOPEN_DAYS of its confirmation; the reason is posted in the thread. */
export async function reopenFeedback(
  ctx: ViewContext,
  memberId: number,
  id: number,
  reason: string,
): Promise<FeedbackDetailData> {
  const content = plainContent(reason);
  const now = ctx.now();
  const ticket = await ctx.db.transaction(async (tx) => {
    const { ticket: t } = await moveTicket(
      tx,
      id,
      'reopen',
      {
        memberId,
        check: (row, at) => {
          if (at >= row.stateChangedAt.getTime() + REOPEN_DAYS * DAY_MS) throw new AppError('FEEDBACK_REOPEN_EXPIRED');
        },
      },
      now,
    );
    await addPost(tx, { ticketId: id, author: 'member', content, at: new Date(now) });
    return t;
  });
  return detailOf(ctx, ticket);
}

/** Rate a confirmed ticket, once. */
export async function rateFeedback(
  ctx: ViewContext,
  memberId: number,
  id: number,
  body: z.output<typeof FeedbackRateBody>,
): Promise<FeedbackDetailData> {
  const [rated] = await ctx.db
    .update(feedbackTickets)
    .set({ rating: body.stars, ratingComment: plainContent(body.comment), updatedAt: new Date(ctx.now()) })
    .where(
      and(
        eq(feedbackTickets.id, id),
        eq(feedbackTickets.memberId, memberId),
        eq(feedbackTickets.state, S.CONFIRMED),
        sql`${feedbackTickets.rating} is null`,
      ),
    )
    .returning();
  if (rated) return detailOf(ctx, rated);
  const t = await ownTicket(ctx.db, memberId, id);
  if (t.rating !== null) throw new AppError('FEEDBACK_ALREADY_RATED');
  throw new AppError('FEEDBACK_STATE_CONFLICT', `这条反馈现在是「${stateLabel(t.state)}」，确认问题解决后才能评价`);
}
