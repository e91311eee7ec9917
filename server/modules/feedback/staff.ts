/**
 * Feedback tickets, the operators' side (`npm run ops -- feedback …`) and the automatic
 * confirmation. Every state change goes through moves.ts with the operator's name:
 *
 * - take (accept 0 → 1; the operator becomes the ticket's), process (1 → 2, with a note the
 *   member reads), reply (`ask` → 3 or `answer` → 4: the staff post and a message to the member,
 *   keyed by the post, in the move's transaction), close (0–3 → 5 with a reason the member reads,
 *   and a message keyed by the move);
 * - the auto-confirmation round confirms tickets waiting in 4 for AUTO_CONFIRM_DAYS (as `system`),
 *   in bounded batches. Each ticket moves in its own transaction under its row lock, and the age is
 *   checked again on the locked row, so a member's reply or confirmation at the same moment leaves
 *   one consistent state: whichever locks first wins, the other is refused or skipped. A second
 *   round (or a second server) finds nothing left to do.
 */
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import { FeedbackState } from '../../../openapi/enums';
import { AUTO_CONFIRM_DAYS, REPLY_TEXT } from '../../../openapi/rules/feedback';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { feedbackTickets } from '../../db/schema-support';
import { AppError, isAppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { startPeriodic } from '../../kernel/periodic';
import { DAY_MS } from '../../kernel/time';
import { feedbackClosedMessage, feedbackReplyMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { applyMove, moveTicket, ticketNotFound, type FeedbackContext, type Moved, type TicketRow } from './moves';
import { storedRecord } from './records';
import { addPost, plainContent } from './service';
import { threadOf } from './view';

const S = FeedbackState.values;

/** The states still waiting on someone (the operators' queue without `--state`). */
export const OPEN_STATES = [S.TO_ACCEPT, S.TO_HANDLE, S.PROCESSING, S.AWAITING_FEEDBACK, S.AWAITING_CONFIRMATION];

export const STAFF_NAME_MAX = 32;

/** The operator's name as members will read it. */
function staffName(name: string): string {
  const n = name.trim();
  if (!n) throw new AppError('INVALID_PARAMS', '请给出客服名（会展示给会员，如「客服小林」）');
  if ([...n].length > STAFF_NAME_MAX) throw new AppError('INVALID_PARAMS', `客服名最多 ${STAFF_NAME_MAX} 个字`);
  return n;
}

/** Words an operator writes for the member: required, at most REPLY_TEXT.max characters. */
function staffText(text: string | undefined, what: string): string {
  const t = plainContent(text ?? '');
  if (!t) throw new AppError('INVALID_PARAMS', `请填写${what}（会展示给会员）`);
  if ([...t].length > REPLY_TEXT.max) throw new AppError('INVALID_PARAMS', `${what}最多 ${REPLY_TEXT.max} 个字`);
  return t;
}

/** Take a new ticket (0 → 1). */
export function takeTicket(ctx: FeedbackContext, id: number, staff: string): Promise<Moved> {
  return applyMove(ctx, id, 'accept', { actorName: staffName(staff) });
}

/** Start working on it (1 → 2); the note is what the member reads in the history. */
export function processTicket(ctx: FeedbackContext, id: number, staff: string, note?: string): Promise<Moved> {
  const n = note === undefined ? undefined : staffText(note, '处理说明');
  return applyMove(ctx, id, 'process', {
    actorName: staffName(staff),
    ...(n ? { reason: `客服正在处理：${n}` } : {}),
  });
}

/**
 * Reply to the member: `ask` for more (→ 3) or `answer` (→ 4). The post and the member's message
 * are written in the move's transaction.
 */
export async function staffReply(
  ctx: FeedbackContext,
  id: number,
  staff: string,
  kind: 'ask' | 'answer',
  text: string,
): Promise<Moved & { postId: number }> {
  const name = staffName(staff);
  const content = staffText(text, '回复内容');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await moveTicket(tx, id, kind, { actorName: name }, now);
    const postId = await addPost(tx, {
      ticketId: id,
      author: 'staff',
      staffName: name,
      content,
      at: new Date(now),
    });
    await postEventMessage(
      tx,
      moved.ticket.memberId,
      feedbackReplyMessage({ ticketId: id, postId, kind, staffName: name, content }),
      now,
    );
    return { ...moved, postId };
  });
}

/** Close a ticket (0–3 → 5) with a reason the member reads, and tell them. */
export async function closeTicket(ctx: FeedbackContext, id: number, staff: string, reason: string): Promise<Moved> {
  const name = staffName(staff);
  const why = staffText(reason, '关闭原因');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await moveTicket(tx, id, 'close', { actorName: name, reason: `客服关闭了这条反馈：${why}` }, now);
    await postEventMessage(
      tx,
      moved.ticket.memberId,
      feedbackClosedMessage({ ticketId: id, moveId: moved.moveId, reason: why }),
      now,
    );
    return moved;
  });
}

/* ---- the operators' views ---- */

export interface OperatorTicketRow {
  id: number;
  memberId: number;
  nickname: string;
  mobile: string | null;
  category: number;
  content: string;
  state: number;
  operator: string | null;
  stateChangedAt: Date;
  createdAt: Date;
}

/** Tickets of one state, or every open one, by state and then the longest waiting first; with counts per state. */
export async function listForOperator(
  db: Executor,
  q: { state?: number; limit: number },
): Promise<{ rows: OperatorTicketRow[]; byState: Record<number, number> }> {
  const where =
    q.state === undefined ? inArray(feedbackTickets.state, OPEN_STATES) : eq(feedbackTickets.state, q.state);
  const rows = await db
    .select({
      id: feedbackTickets.id,
      memberId: feedbackTickets.memberId,
      nickname: members.nickname,
      mobile: members.mobile,
      category: feedbackTickets.category,
      content: feedbackTickets.content,
      state: feedbackTickets.state,
      operator: feedbackTickets.operator,
      stateChangedAt: feedbackTickets.stateChangedAt,
      createdAt: feedbackTickets.createdAt,
    })
    .from(feedbackTickets)
    .innerJoin(members, eq(members.id, feedbackTickets.memberId))
    .where(where)
    .orderBy(asc(feedbackTickets.state), asc(feedbackTickets.stateChangedAt), asc(feedbackTickets.id))
    .limit(q.limit);
  const counts = await db
    .select({ state: feedbackTickets.state, n: count() })
    .from(feedbackTickets)
    .groupBy(feedbackTickets.state);
  return { rows, byState: Object.fromEntries(counts.map((c) => [c.state, Number(c.n)])) };
}

/** One ticket with its member, record, thread and history (operator names included). */
export async function ticketForOperator(db: Executor, id: number, now: number) {
  const [row] = await db
    .select({ t: feedbackTickets, nickname: members.nickname, mobile: members.mobile })
    .from(feedbackTickets)
    .innerJoin(members, eq(members.id, feedbackTickets.memberId))
    .where(eq(feedbackTickets.id, id))
    .limit(1);
  if (!row) throw ticketNotFound();
  const [thread, record] = await Promise.all([
    threadOf(db, id),
    storedRecord(db, row.t.memberId, row.t.recordKind, row.t.recordId, now),
  ]);
  return {
    ticket: row.t,
    member: { id: row.t.memberId, nickname: row.nickname, mobile: row.mobile },
    record,
    ...thread,
  };
}

/* ---- automatic confirmation ---- */

const AUTO_CONFIRM_SWEEP_MS = 10 * 60_000;
export const AUTO_CONFIRM_BATCH = 200;

const autoConfirmAge = AUTO_CONFIRM_DAYS * DAY_MS;

/**
 * One round: confirm up to `batch` tickets that have waited in 4 for AUTO_CONFIRM_DAYS, oldest
 * first. `more` says a full batch was found (the next round goes on).
 */
export async function autoConfirmDue(
  ctx: FeedbackContext,
  batch = AUTO_CONFIRM_BATCH,
): Promise<{ confirmed: number[]; skipped: number; more: boolean }> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: feedbackTickets.id })
    .from(feedbackTickets)
    .where(
      and(
        eq(feedbackTickets.state, S.AWAITING_CONFIRMATION),
        lte(feedbackTickets.stateChangedAt, new Date(now - autoConfirmAge)),
      ),
    )
    .orderBy(asc(feedbackTickets.stateChangedAt), asc(feedbackTickets.id))
    .limit(batch);
  const confirmed: number[] = [];
  let skipped = 0;
  for (const { id } of due) {
    try {
      await applyMove({ db: ctx.db, now: () => now }, id, 'autoConfirm', {
        check: (t: TicketRow, at) => {
          // Between the query and the lock the member may have replied and an operator answered again.
          if (t.stateChangedAt.getTime() > at - autoConfirmAge)
            throw new AppError('FEEDBACK_STATE_CONFLICT', '这条反馈的待确认时间还没到');
        },
      });
      confirmed.push(id);
    } catch (err) {
      // The member (or another round) moved it first: nothing to do.
      if (isAppError(err) && err.codeName === 'FEEDBACK_STATE_CONFLICT') skipped++;
      else throw err;
    }
  }
  return { confirmed, skipped, more: due.length === batch };
}

/** Run `autoConfirmDue` every `intervalMs` until the returned stop function is called. */
export function startAutoConfirm(ctx: AppContext, intervalMs = AUTO_CONFIRM_SWEEP_MS): () => Promise<void> {
  return startPeriodic(
    intervalMs,
    async () => {
      const r = await autoConfirmDue(ctx);
      if (r.confirmed.length) ctx.log.info({ confirmed: r.confirmed.length }, 'feedback tickets auto-confirmed');
    },
    (err) => ctx.log.error({ err }, 'feedback auto-confirmation failed'),
  );
}
