import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { attemptOf } from '../submitOnce';
import type { Shot } from '../screenshots';
import { composing } from './ask';
import { askErrors, rateErrors, reopenErrors, replyErrors } from './checks';
import { feedbackSetup, initialContext, SCREENSHOTS_INPUT } from './setup';
import { ticketStates } from './ticket';
import type {
  AskField,
  FeedbackCategoryValue,
  FeedbackDetail,
  FeedbackRecord,
  FeedbackStateNode,
  MoveKind,
  RecordRef,
} from './types';

/**
 * The feedback lifecycle (反馈) as one machine: composing a ticket, sending it once, and every state
 * of the ticket (spec §3 FeedbackState 0–5) with the moves the member may make in it. Two ways in:
 * input `{ ask: { prefill } }` (the form `/home/feedback/ask`, maybe about one record) or
 * `{ ticketId }` (the ticket `/home/feedback/{id}`).
 *
 * States
 * - `start`        transient: `loading` when a ticket id was given, else `composing`.
 * - `composing`    the form; the `screenshots` child (machines/screenshots.ts) uploads its pictures
 *                  and tells `screenshots.changed`. `loadingRecord` (actor `loadRecord`, when the
 *                  prefill names a record: a task's rid, an exchange or a benefit) → `editing` with
 *                  the record card; a record that is not the member's (or gone) → `editing` without
 *                  it (`recordMissing`); no answer → `editing` with `recordError` and `user.retryRecord`.
 *                  `editing`: `user.setCategory`, `user.setContent`, screenshots; `user.submit` →
 *                  `submitting` when `askErrors` (CreateFeedbackBody's check, without zod) finds nothing,
 *                  else the inline zh-CN errors are shown (`showErrors`).
 *                  `submitting`: the `submitOnce` child (machines/submitOnce.ts) sends actor `create`
 *                  with a request key it holds until a definite answer. `submit.done` → the new
 *                  ticket's state; `submit.uncertain` (no answer, 5xx) → `networkError`;
 *                  `submit.refused` → `editing` with `error` (a record refused as invalid is dropped too).
 *                  `networkError`: `user.retry` → `submitting`, the child re-sending the SAME key (nothing
 *                  can be edited meanwhile, so the server sees the same ticket and creates it once).
 * - `loading`      actor `loadTicket`. Done → the ticket's state. Not found (another member's id,
 *                  or none) → `notFound`; other failures → the ticket's state with `refreshError` when
 *                  one is shown, else `loadFailed` (`user.retry` → `loading`).
 * - `toAccept` (0) · `toHandle` (1) · `processing` (2) · `awaitingFeedback` (3) ·
 *   `awaitingConfirmation` (4) · `confirmed` (5), tag `ticket`. Each takes only the member's moves
 *   openapi/rules/feedback.ts allows from it: `user.reply` where `memberMayAddReply` (0–2, no move)
 *   or `memberReply` (3–4) may be made, with the `screenshots` child; `user.confirm` where `confirm`
 *   (4); `user.reopen` where `reopen` (5, while the server's window is open); `user.rate` in 5 once.
 *   `idle` → `sending` (actor `act`); done → the state the server returns. A refusal saying the
 *   ticket moved on (4102, 4104, 4105) → `loading` with that `notice`; another failure → `idle` with
 *   `actionError`. `user.refresh` → `loading` in every ticket state.
 *
 * Tags: `busy` (loading, loadingRecord, submitting, sending), `ticket` (the six ticket states).
 */

export const feedbackMachine = feedbackSetup.createMachine({
  id: 'feedback',
  context: ({ input }) => initialContext(input),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'followsTicket', target: 'loading' }, { target: 'composing' }],
    },
    composing,
    ...ticketStates,
  },
});

export type FeedbackSnapshot = SnapshotFrom<typeof feedbackMachine>;
export type FeedbackActor = ActorRefFrom<typeof feedbackMachine>;

/** What a view shows: one name per state (the form's steps by their own names). */
export type FeedbackStatus =
  | 'loadingRecord'
  | 'editing'
  | 'submitting'
  | 'networkError'
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | FeedbackStateNode;

export interface FeedbackView {
  status: FeedbackStatus;
  busy: boolean;
  /** The move in flight on a ticket. */
  sending: MoveKind | null;
  /* ---- the form ---- */
  /** The record the URL named (kept while it is asked for; gone when it is not the member's). */
  recordRef: RecordRef | null;
  record: FeedbackRecord | null;
  recordMissing: boolean;
  recordError: string | null;
  category: FeedbackCategoryValue | null;
  content: string;
  shots: Shot[];
  shotsNotice: string | null;
  /** The form's inline errors, once the member tried to submit. */
  errors: Partial<Record<AskField, string>>;
  /** A definite submit failure, or the lost answer's message in `networkError`. */
  error: string | null;
  /** Retries of the current attempt so far (0 on the first send). */
  retries: number;
  canSubmit: boolean;
  canRetry: boolean;
  canRetryRecord: boolean;
  canAddScreenshots: boolean;
  /* ---- the ticket ---- */
  ticket: FeedbackDetail | null;
  refreshError: string | null;
  notice: string | null;
  actionError: string | null;
  reply: string;
  reason: string;
  stars: number;
  comment: string;
  replyErrors: Partial<Record<'content' | 'images', string>>;
  reopenErrors: Partial<Record<'content', string>>;
  rateErrors: Partial<Record<'stars' | 'comment', string>>;
  canReply: boolean;
  canConfirm: boolean;
  canReopen: boolean;
  canRate: boolean;
  canRefresh: boolean;
}

export function statusOf(snapshot: FeedbackSnapshot): FeedbackStatus {
  const v = snapshot.value as string | Record<string, string>;
  if (typeof v === 'object') {
    const [node, sub] = Object.entries(v)[0]!;
    if (node === 'composing') return sub === 'start' ? 'editing' : (sub as FeedbackStatus);
    return node as FeedbackStatus;
  }
  if (v === 'start' || v === 'routeTicket') return 'loading';
  return v as FeedbackStatus;
}

export function selectFeedbackView(snapshot: FeedbackSnapshot): FeedbackView {
  const c = snapshot.context;
  const value = snapshot.value as string | Record<string, string>;
  const sending = typeof value === 'object' && Object.values(value)[0] === 'sending' ? (c.move?.kind ?? null) : null;
  return {
    status: statusOf(snapshot),
    busy: snapshot.hasTag('busy'),
    sending,
    recordRef: c.ref,
    record: c.record,
    recordMissing: c.recordMissing,
    recordError: c.recordError,
    category: c.category,
    content: c.content,
    shots: c.shots,
    shotsNotice: c.shotsNotice,
    errors: c.showErrors ? askErrors(c) : {},
    error: c.error,
    retries: attemptOf(snapshot.children.submitOnce).retries,
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canRetryRecord: snapshot.can({ type: 'user.retryRecord' }),
    canAddScreenshots:
      snapshot.can({ type: 'user.addScreenshots', files: [] }) && c.shots.length < SCREENSHOTS_INPUT.max,
    ticket: c.ticket,
    refreshError: c.refreshError,
    notice: c.notice,
    actionError: c.actionError,
    reply: c.reply,
    reason: c.reason,
    stars: c.stars,
    comment: c.comment,
    replyErrors: c.shownForm === 'reply' ? replyErrors(c) : {},
    reopenErrors: c.shownForm === 'reopen' ? reopenErrors(c) : {},
    rateErrors: c.shownForm === 'rate' ? rateErrors(c) : {},
    canReply: snapshot.can({ type: 'user.reply' }),
    canConfirm: snapshot.can({ type: 'user.confirm' }),
    canReopen: snapshot.can({ type: 'user.reopen' }),
    canRate: snapshot.can({ type: 'user.rate' }),
    canRefresh: snapshot.can({ type: 'user.refresh' }),
  };
}
