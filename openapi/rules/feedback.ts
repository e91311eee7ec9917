/**
 * Feedback tickets: the limits both sides check, and the one table of state moves (spec §3
 * feedback state 0–5). The server applies a move only when this table allows it from the ticket's
 * current state; the member's machine (machines/feedback/) offers only what it allows.
 */
import { FeedbackState } from '../enums';

/** Characters of a ticket's description and of a reply. */
export const FEEDBACK_TEXT = { min: 10, max: 500 } as const;
export const REPLY_TEXT = { min: 1, max: 500 } as const;
/** Screenshots per ticket and per reply. */
export const FEEDBACK_MAX_IMAGES = 4;
/** Tickets a member may open per Beijing day. */
export const FEEDBACK_DAILY_LIMIT = 5;
/** Days after which a ticket awaiting confirmation is confirmed for the member. */
export const AUTO_CONFIRM_DAYS = 7;
/** Days after confirmation during which the member may reopen a ticket. */
export const REOPEN_DAYS = 7;
/** Characters of a rating's comment. */
export const RATING_COMMENT_MAX = 200;
/** A rating's stars. */
export const RATING_STARS = { min: 1, max: 5 } as const;

export type FeedbackStateValue = (typeof FeedbackState.list)[number];
const S = FeedbackState.values;

/** Who moves a ticket: the member, an operator (staff) or the auto-confirmation job (system). */
export type FeedbackActor = 'member' | 'staff' | 'system';

/** Every move of a ticket: the states it may start from, where it goes, and who may make it. */
export const FEEDBACK_MOVES = {
  /** An operator takes a new ticket. */
  accept: { from: [S.TO_ACCEPT], to: S.TO_HANDLE, by: 'staff' },
  /** An operator starts working on it (e.g. asked the survey partner). */
  process: { from: [S.TO_HANDLE], to: S.PROCESSING, by: 'staff' },
  /** An operator replies asking the member for more (待反馈: the member's turn). */
  ask: { from: [S.TO_HANDLE, S.PROCESSING], to: S.AWAITING_FEEDBACK, by: 'staff' },
  /** An operator replies with the answer; the member is asked to confirm. */
  answer: { from: [S.TO_HANDLE, S.PROCESSING], to: S.AWAITING_CONFIRMATION, by: 'staff' },
  /** An operator closes it (a duplicate, or solved outside the ticket). */
  close: { from: [S.TO_ACCEPT, S.TO_HANDLE, S.PROCESSING, S.AWAITING_FEEDBACK], to: S.CONFIRMED, by: 'staff' },
  /** The member answers what was asked, or says the answer did not solve it: back to the operator. */
  memberReply: { from: [S.AWAITING_FEEDBACK, S.AWAITING_CONFIRMATION], to: S.TO_HANDLE, by: 'member' },
  /** The member confirms the answer solved it. */
  confirm: { from: [S.AWAITING_CONFIRMATION], to: S.CONFIRMED, by: 'member' },
  /** Nobody confirmed within AUTO_CONFIRM_DAYS. */
  autoConfirm: { from: [S.AWAITING_CONFIRMATION], to: S.CONFIRMED, by: 'system' },
  /** The member reopens a confirmed ticket within REOPEN_DAYS. */
  reopen: { from: [S.CONFIRMED], to: S.TO_HANDLE, by: 'member' },
} as const satisfies Record<string, { from: readonly FeedbackStateValue[]; to: FeedbackStateValue; by: FeedbackActor }>;

export type FeedbackMove = keyof typeof FEEDBACK_MOVES;

/** Whether `move` may be made from `state`. */
export function canMove(move: FeedbackMove, state: number): boolean {
  return (FEEDBACK_MOVES[move].from as readonly number[]).includes(state);
}

/**
 * Whether the member may add a reply without moving the ticket: while an operator has it (0–2)
 * the member may add what they forgot. In 3 and 4 a reply is the `memberReply` move; in 5 the
 * member reopens instead.
 */
export function memberMayAddReply(state: number): boolean {
  return state === S.TO_ACCEPT || state === S.TO_HANDLE || state === S.PROCESSING;
}
