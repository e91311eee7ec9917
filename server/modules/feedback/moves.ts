/**
 * The one way a feedback ticket changes state (spec §3 feedback state 0–5). `moveTicket` applies
 * one move of FEEDBACK_MOVES (openapi/rules/feedback.ts, the one table of moves) in the caller's
 * transaction:
 *
 * - the ticket's row is locked (`select … for update`), so concurrent moves of one ticket (a staff
 *   reply, the member's confirmation, the auto-confirmation round) queue up, and each then reads
 *   the state the one before it left: the first wins, the others are refused;
 * - the move must start from the current state (`FEEDBACK_MOVES[move].from`), else
 *   FEEDBACK_STATE_CONFLICT; the caller's own conditions (the reopen window, the auto-confirm age)
 *   are checked on the locked row too;
 * - state, `state_changed_at` and `updated_at` change, and a `feedback_moves` row records who made
 *   it and why, in words the member reads in the ticket's history.
 *
 * `applyMove` is the same in a transaction of its own. Every state change of the module goes
 * through here; creating a ticket records its first move (null → 0) with `recordMove`.
 */
import { eq } from 'drizzle-orm';
import { FeedbackState } from '../../../openapi/enums';
import {
  AUTO_CONFIRM_DAYS,
  canMove,
  FEEDBACK_MOVES,
  type FeedbackActor,
  type FeedbackMove,
} from '../../../openapi/rules/feedback';
import type { Database } from '../../db';
import { feedbackMoves, feedbackTickets } from '../../db/schema-support';
import { AppError } from '../../http/errors';
import type { Tx } from '../../kernel/db';

export type TicketRow = typeof feedbackTickets.$inferSelect;

/** What moving a ticket needs: a database that opens transactions, and the clock. */
export interface FeedbackContext {
  db: Database | Tx;
  now: () => number;
}

/** Each move's words: what it does (in a refusal) and the history line the member reads by default. */
export const MOVE_WORDS: Record<FeedbackMove, { verb: string; reason: string }> = {
  accept: { verb: '受理', reason: '客服已受理你的反馈' },
  process: { verb: '开始处理', reason: '客服正在处理你的反馈' },
  ask: { verb: '请你补充信息', reason: '客服需要你补充信息' },
  answer: { verb: '答复', reason: '客服已答复，请确认问题是否解决' },
  close: { verb: '关闭', reason: '客服已关闭这条反馈' },
  memberReply: { verb: '回复', reason: '你已回复，等待客服处理' },
  confirm: { verb: '确认已解决', reason: '你已确认问题解决' },
  autoConfirm: { verb: '自动确认', reason: `超过 ${AUTO_CONFIRM_DAYS} 天未确认，系统已自动确认` },
  reopen: { verb: '重新打开', reason: '你重新打开了这条反馈，等待客服处理' },
};

/** The history line of a new ticket. */
export const CREATED_REASON = '你提交了反馈';

export const stateLabel = (state: number) => FeedbackState.labels[state as keyof typeof FeedbackState.labels] ?? '';

/** The answer for a ticket that is not there, or not the caller's: the same either way. */
export const ticketNotFound = () => new AppError('NOT_FOUND', '这条反馈不存在');

export interface MoveInput {
  /** The operator's name, shown to the member as who acted (staff moves); null for the member and the system. */
  actorName?: string | null;
  /** The history line the member reads (default: the move's own words). */
  reason?: string;
  /** Only a ticket of this member moves (the member's own call): any other answers as missing. */
  memberId?: number;
  /** More conditions on the locked row (the reopen window, the auto-confirm age): throw to refuse. */
  check?: (ticket: TicketRow, now: number) => void;
}

export interface Moved {
  ticket: TicketRow;
  from: number;
  moveId: number;
}

/** Append one history row. */
export async function recordMove(
  tx: Tx | Database,
  m: {
    ticketId: number;
    from: number | null;
    to: number;
    actor: FeedbackActor;
    actorName: string | null;
    reason: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(feedbackMoves)
    .values({
      ticketId: m.ticketId,
      fromState: m.from,
      toState: m.to,
      actor: m.actor,
      actorName: m.actorName,
      reason: m.reason,
      createdAt: m.at,
    })
    .returning({ id: feedbackMoves.id });
  return row!.id;
}

/** Apply `move` to ticket `ticketId` in the open transaction `tx`, at `now` (see the file comment). */
export async function moveTicket(
  tx: Tx,
  ticketId: number,
  move: FeedbackMove,
  input: MoveInput,
  now: number,
): Promise<Moved> {
  const rule = FEEDBACK_MOVES[move];
  const [current] = await tx.select().from(feedbackTickets).where(eq(feedbackTickets.id, ticketId)).for('update');
  if (!current || (input.memberId !== undefined && current.memberId !== input.memberId)) throw ticketNotFound();
  if (!canMove(move, current.state))
    throw new AppError(
      'FEEDBACK_STATE_CONFLICT',
      `这条反馈现在是「${stateLabel(current.state)}」，不能${MOVE_WORDS[move].verb}`,
    );
  input.check?.(current, now);
  const at = new Date(now);
  const actorName = rule.by === 'staff' ? (input.actorName ?? null) : null;
  const [ticket] = await tx
    .update(feedbackTickets)
    .set({
      state: rule.to,
      stateChangedAt: at,
      updatedAt: at,
      // The operator who takes a ticket is its operator; a later staff move keeps the first one.
      ...(actorName && (move === 'accept' || !current.operator) ? { operator: actorName } : {}),
    })
    .where(eq(feedbackTickets.id, ticketId))
    .returning();
  const moveId = await recordMove(tx, {
    ticketId,
    from: current.state,
    to: rule.to,
    actor: rule.by,
    actorName,
    reason: input.reason?.trim() || MOVE_WORDS[move].reason,
    at,
  });
  return { ticket: ticket!, from: current.state, moveId };
}

/** `moveTicket` in a transaction of its own, at the context's time. */
export function applyMove(
  ctx: FeedbackContext,
  ticketId: number,
  move: FeedbackMove,
  input: MoveInput = {},
): Promise<Moved> {
  const now = ctx.now();
  return ctx.db.transaction((tx) => moveTicket(tx, ticketId, move, input, now));
}
