import type { z } from 'zod';
import { and, assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { FeedbackCategory, FeedbackState } from '../openapi/enums';
import {
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_TEXT,
  RATING_COMMENT_MAX,
  RATING_STARS,
  REPLY_TEXT,
  canMove,
  memberMayAddReply,
  type FeedbackStateValue,
} from '../openapi/rules/feedback';
import { textProblem } from '../openapi/rules/text';
import { imageKeysProblem } from '../openapi/rules/uploads';
import type {
  CreateFeedbackBody,
  FeedbackDetail as FeedbackDetailSchema,
  FeedbackRecord as FeedbackRecordSchema,
} from '../openapi/schemas/feedback';
import type { PickedFile } from './avatarUpload';
import {
  NO_SHOTS,
  screenshotsMachine,
  shotsOf,
  type ScreenshotsChanged,
  type ScreenshotsInput,
  type Shot,
} from './screenshots';
import { codeOf, errorMessage, notProvided } from './shared';
import { attemptOf, submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

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

export type FeedbackRecord = z.output<typeof FeedbackRecordSchema>;
export type FeedbackDetail = z.output<typeof FeedbackDetailSchema>;
export type FeedbackCategoryValue = (typeof FeedbackCategory.list)[number];

/** The one record a ticket is about (at most one of the three). */
export interface RecordRef {
  rid?: string;
  exchangeId?: number;
  benefitId?: number;
}

/** What the form starts with: a record (from the page's URL) and a category. */
export interface FeedbackPrefill extends RecordRef {
  category?: FeedbackCategoryValue;
}

export type FeedbackInput =
  { ticketId: number; ask?: undefined } | { ask: { prefill: FeedbackPrefill }; ticketId?: undefined };

export type CreateFeedbackRequest = z.input<typeof CreateFeedbackBody>;

/** One member move on a ticket (actor `act`). */
export type MoveRequest =
  | { ticketId: number; kind: 'reply'; body: { content: string; images: string[] } }
  | { ticketId: number; kind: 'confirm' }
  | { ticketId: number; kind: 'reopen'; body: { content: string } }
  | { ticketId: number; kind: 'rate'; body: { stars: number; comment: string } };
export type MoveKind = MoveRequest['kind'];

export type AskField = 'category' | 'content' | 'images';
export type MoveForm = 'reply' | 'reopen' | 'rate';

export interface FeedbackContext {
  ticketId: number | null;
  /** The record the form is about; dropped when the server says it is not the member's. */
  ref: RecordRef | null;
  record: FeedbackRecord | null;
  recordMissing: boolean;
  recordError: string | null;
  category: FeedbackCategoryValue | null;
  content: string;
  /** The `screenshots` child's list, as last told. */
  shots: Shot[];
  images: string[];
  shotsBusy: boolean;
  shotsFailed: boolean;
  shotsNotice: string | null;
  /** The form's errors are shown (after a first submit). */
  showErrors: boolean;
  /** Load failures and definite submit failures. */
  error: string | null;
  ticket: FeedbackDetail | null;
  refreshError: string | null;
  /** Why the ticket was reloaded (the server said it had moved on). */
  notice: string | null;
  reply: string;
  reason: string;
  stars: number;
  comment: string;
  /** Which move's form shows its errors (after a first try). */
  shownForm: MoveForm | null;
  move: MoveRequest | null;
  actionError: string | null;
}

export type FeedbackEvent =
  | { type: 'user.setCategory'; category: FeedbackCategoryValue }
  | { type: 'user.setContent'; value: string }
  | { type: 'user.addScreenshots'; files: PickedFile[] }
  | { type: 'user.removeScreenshot'; id: number }
  | { type: 'user.retryScreenshot'; id: number }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.retryRecord' }
  | { type: 'user.refresh' }
  | { type: 'user.setReply'; value: string }
  | { type: 'user.setReason'; value: string }
  | { type: 'user.setStars'; stars: number }
  | { type: 'user.setComment'; value: string }
  | { type: 'user.reply' }
  | { type: 'user.confirm' }
  | { type: 'user.reopen' }
  | { type: 'user.rate' }
  | ScreenshotsChanged
  | SubmitOnceReport;

const S = FeedbackState.values;

/** The node of each ticket state. */
export const FEEDBACK_STATE_NODES = {
  [S.TO_ACCEPT]: 'toAccept',
  [S.TO_HANDLE]: 'toHandle',
  [S.PROCESSING]: 'processing',
  [S.AWAITING_FEEDBACK]: 'awaitingFeedback',
  [S.AWAITING_CONFIRMATION]: 'awaitingConfirmation',
  [S.CONFIRMED]: 'confirmed',
} as const satisfies Record<FeedbackStateValue, string>;

export type FeedbackStateNode = (typeof FEEDBACK_STATE_NODES)[FeedbackStateValue];

/** The category a record's kind suggests when the URL names none. */
const CATEGORY_OF_REF: readonly [keyof RecordRef, FeedbackCategoryValue][] = [
  ['rid', FeedbackCategory.values.TASK],
  ['exchangeId', FeedbackCategory.values.EXCHANGE],
  ['benefitId', FeedbackCategory.values.BENEFIT],
];

export const SCREENSHOTS_INPUT: ScreenshotsInput = { module: 'feedback', max: FEEDBACK_MAX_IMAGES };

/** Refusals that mean the ticket moved on since it was shown: reload it and say why. */
const STALE_CODES: readonly number[] = [
  Code.FEEDBACK_STATE_CONFLICT,
  Code.FEEDBACK_REOPEN_EXPIRED,
  Code.FEEDBACK_ALREADY_RATED,
];
const NOT_FOUND_CODES: readonly number[] = [Code.NOT_FOUND, Code.INVALID_PARAMS];

export const SHOTS_BUSY_MESSAGE = '截图还在上传，请稍候再提交';
export const SHOTS_FAILED_MESSAGE = '有截图没有上传成功，请重试或删除后再提交';
export const RECORD_MISSING_NOTE = '没有找到这条记录，这条反馈将不关联记录';

/** The screenshots' own error, shared by the form and the reply box. */
function shotsError(c: FeedbackContext): string | undefined {
  if (c.shotsBusy) return SHOTS_BUSY_MESSAGE;
  if (c.shotsFailed) return SHOTS_FAILED_MESSAGE;
  return undefined;
}

/**
 * The forms' checks: the contract's (openapi/schemas/feedback.ts, which the server applies), on the
 * same limits and in the same words, without zod so the pages' first load stays small. Only a
 * field that has a problem has a key.
 */
function problems<F extends string>(checks: Record<F, string | null>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const [field, problem] of Object.entries(checks) as [F, string | null][]) if (problem) errors[field] = problem;
  return errors;
}

const imagesProblem = (images: readonly string[]) => imageKeysProblem(images, FEEDBACK_MAX_IMAGES, '截图');

/** The form's errors: CreateFeedbackBody's content and images, then the screenshots' own state. */
export function askErrors(c: FeedbackContext): Partial<Record<AskField, string>> {
  const errors = problems({
    content: textProblem(c.content, FEEDBACK_TEXT, '问题描述'),
    images: imagesProblem(c.images),
  });
  const shots = shotsError(c);
  return {
    ...(c.category === null ? { category: '请选择问题类型' } : {}),
    ...errors,
    ...(shots && !errors.images ? { images: shots } : {}),
  };
}

/** FeedbackReplyBody's check, then the screenshots' own state. */
export function replyErrors(c: FeedbackContext): Partial<Record<'content' | 'images', string>> {
  const errors = problems({ content: textProblem(c.reply, REPLY_TEXT, '回复内容'), images: imagesProblem(c.images) });
  const shots = shotsError(c);
  return { ...errors, ...(shots && !errors.images ? { images: shots } : {}) };
}

/** FeedbackReopenBody's check. */
export function reopenErrors(c: FeedbackContext): Partial<Record<'content', string>> {
  return problems({ content: textProblem(c.reason, REPLY_TEXT, '重新打开的原因') });
}

/** FeedbackRateBody's check: whole stars in RATING_STARS, a comment of at most RATING_COMMENT_MAX. */
export function rateErrors(c: FeedbackContext): Partial<Record<'stars' | 'comment', string>> {
  const starsOk = Number.isInteger(c.stars) && c.stars >= RATING_STARS.min && c.stars <= RATING_STARS.max;
  return problems({
    stars: starsOk ? null : '请选择评分',
    comment: textProblem(c.comment, { min: 0, max: RATING_COMMENT_MAX }, '评价'),
  });
}

const none = (errors: object) => Object.keys(errors).length === 0;

/** What the form sends (the `submitOnce` child adds its key). */
function createRequest(c: FeedbackContext): Omit<CreateFeedbackRequest, 'requestKey'> {
  return {
    category: c.category ?? FeedbackCategory.values.OTHER,
    content: c.content.trim(),
    images: c.images,
    ...(c.ref ?? {}),
  };
}

const ticketOf = (c: FeedbackContext) => c.ticket;
const stateOf = (c: FeedbackContext) => c.ticket?.state ?? -1;

/** The move forms, empty. */
const noForms = { reply: '', reason: '', stars: 0, comment: '', shownForm: null, move: null, actionError: null };

type TicketGuard = { guard: ({ context }: { context: FeedbackContext }) => boolean; target: string };

/** Route to the node of the held ticket's state; the contract admits only these six. */
function byTicketState(): [...TicketGuard[], { target: string }] {
  const entries = Object.entries(FEEDBACK_STATE_NODES).filter(([, node]) => node !== 'confirmed');
  return [
    ...entries.map(([value, node]) => ({
      guard: ({ context }: { context: FeedbackContext }) => stateOf(context) === Number(value),
      target: node,
    })),
    { target: 'confirmed' },
  ];
}

function initialContext(input: FeedbackInput): FeedbackContext {
  const prefill = input.ask?.prefill ?? {};
  const ref: RecordRef | null =
    prefill.rid !== undefined
      ? { rid: prefill.rid }
      : prefill.exchangeId !== undefined
        ? { exchangeId: prefill.exchangeId }
        : prefill.benefitId !== undefined
          ? { benefitId: prefill.benefitId }
          : null;
  const suggested = ref ? CATEGORY_OF_REF.find(([k]) => ref[k] !== undefined)?.[1] : undefined;
  return {
    ticketId: input.ticketId ?? null,
    ref,
    record: null,
    recordMissing: false,
    recordError: null,
    category: prefill.category ?? suggested ?? null,
    content: '',
    ...NO_SHOTS,
    showErrors: false,
    error: null,
    ticket: null,
    refreshError: null,
    notice: null,
    ...noForms,
  };
}

/** Screenshot events are the child's. */
const forwardShots = {
  'user.addScreenshots': { actions: 'addShots' },
  'user.removeScreenshot': { actions: 'removeShot' },
  'user.retryScreenshot': { actions: 'retryShot' },
} as const;

const ticketIdOf = (c: FeedbackContext) => c.ticket?.id ?? c.ticketId ?? 0;

export const feedbackMachine = setup({
  types: {} as {
    context: FeedbackContext;
    events: FeedbackEvent;
    input: FeedbackInput;
    tags: 'busy' | 'ticket';
  },
  actors: {
    loadRecord: fromPromise<FeedbackRecord, RecordRef>(notProvided('feedbackMachine', 'loadRecord')),
    create: fromPromise<FeedbackDetail, CreateFeedbackRequest>(notProvided('feedbackMachine', 'create')),
    loadTicket: fromPromise<FeedbackDetail, { ticketId: number }>(notProvided('feedbackMachine', 'loadTicket')),
    act: fromPromise<FeedbackDetail, MoveRequest>(notProvided('feedbackMachine', 'act')),
    screenshots: screenshotsMachine,
    submitOnce: submitOnceMachine,
  },
  guards: {
    followsTicket: ({ context }) => context.ticketId !== null,
    hasRef: ({ context }) => context.ref !== null,
    recordGone: ({ event }) => {
      const code = codeOf((event as { error?: unknown }).error);
      return code === Code.FEEDBACK_RECORD_INVALID || NOT_FOUND_CODES.includes(code ?? 0);
    },
    recordFailed: ({ context }) => context.ref !== null && context.recordError !== null,
    askValid: ({ context }) => none(askErrors(context)),
    recordRefused: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.FEEDBACK_RECORD_INVALID,
    notFound: ({ event }) => NOT_FOUND_CODES.includes(codeOf((event as { error?: unknown }).error) ?? 0),
    hasTicket: ({ context }) => context.ticket !== null,
    stale: ({ event }) => STALE_CODES.includes(codeOf((event as { error?: unknown }).error) ?? 0),
    // The moves: the rules' table for the ticket's state, and the server's word for this ticket.
    mayReply: ({ context }) =>
      (memberMayAddReply(stateOf(context)) || canMove('memberReply', stateOf(context))) &&
      (ticketOf(context)?.can.reply ?? false),
    mayConfirm: ({ context }) => canMove('confirm', stateOf(context)) && (ticketOf(context)?.can.confirm ?? false),
    mayReopen: ({ context }) => canMove('reopen', stateOf(context)) && (ticketOf(context)?.can.reopen ?? false),
    mayRate: ({ context }) =>
      stateOf(context) === S.CONFIRMED && ticketOf(context)?.rating === null && (ticketOf(context)?.can.rate ?? false),
    replyReady: and(['mayReply', ({ context }) => none(replyErrors(context))]),
    reopenReady: and(['mayReopen', ({ context }) => none(reopenErrors(context))]),
    rateReady: and(['mayRate', ({ context }) => none(rateErrors(context))]),
  },
  actions: {
    mirrorShots: assign(({ event }) => (event.type === 'screenshots.changed' ? shotsOf(event) : {})),
    resetShots: assign(NO_SHOTS),
    keepTicket: assign(({ event }) => ({
      ticket: (event as unknown as { output: FeedbackDetail }).output,
      ticketId: (event as unknown as { output: FeedbackDetail }).output.id,
      refreshError: null,
      error: null,
    })),
    actionFailed: assign({ actionError: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    addShots: sendTo('screenshots', ({ event }) => ({
      type: 'user.add' as const,
      files: event.type === 'user.addScreenshots' ? event.files : [],
    })),
    removeShot: sendTo('screenshots', ({ event }) => ({
      type: 'user.remove' as const,
      id: event.type === 'user.removeScreenshot' ? event.id : 0,
    })),
    retryShot: sendTo('screenshots', ({ event }) => ({
      type: 'user.retry' as const,
      id: event.type === 'user.retryScreenshot' ? event.id : 0,
    })),
    setReply: assign(({ event }) => (event.type === 'user.setReply' ? { reply: event.value } : {})),
    setReason: assign(({ event }) => (event.type === 'user.setReason' ? { reason: event.value } : {})),
    setStars: assign(({ event }) => (event.type === 'user.setStars' ? { stars: event.stars } : {})),
    setComment: assign(({ event }) => (event.type === 'user.setComment' ? { comment: event.value } : {})),
    startReply: assign(({ context }) => ({
      move: {
        ticketId: ticketIdOf(context),
        kind: 'reply' as const,
        body: { content: context.reply.trim(), images: context.images },
      },
    })),
    startConfirm: assign(({ context }) => ({ move: { ticketId: ticketIdOf(context), kind: 'confirm' as const } })),
    startReopen: assign(({ context }) => ({
      move: { ticketId: ticketIdOf(context), kind: 'reopen' as const, body: { content: context.reason.trim() } },
    })),
    startRate: assign(({ context }) => ({
      move: {
        ticketId: ticketIdOf(context),
        kind: 'rate' as const,
        body: { stars: context.stars, comment: context.comment.trim() },
      },
    })),
    showForm: assign((_, params: { form: MoveForm }) => ({ shownForm: params.form })),
    moved: assign({ ...noForms, notice: null }),
    movedOn: assign(({ event }) => ({
      ...noForms,
      notice: errorMessage((event as { error?: unknown }).error),
    })),
    clearActionError: assign({ actionError: null }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'feedback',
  context: ({ input }) => initialContext(input),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'followsTicket', target: 'loading' }, { target: 'composing' }],
    },
    composing: {
      entry: 'resetShots',
      invoke: [
        { id: 'screenshots', src: 'screenshots', input: SCREENSHOTS_INPUT },
        { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'create') },
      ],
      on: { 'screenshots.changed': { actions: 'mirrorShots' } },
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'hasRef', target: 'loadingRecord' }, { target: 'editing' }],
        },
        loadingRecord: {
          tags: ['busy'],
          entry: assign({ recordError: null }),
          invoke: {
            id: 'loadRecord',
            src: 'loadRecord',
            input: ({ context }) => context.ref ?? {},
            onDone: { target: 'editing', actions: assign({ record: ({ event }) => event.output }) },
            onError: [
              {
                guard: 'recordGone',
                target: 'editing',
                actions: assign({ ref: null, record: null, recordMissing: true }),
              },
              { target: 'editing', actions: assign({ recordError: ({ event }) => errorMessage(event.error) }) },
            ],
          },
          on: {
            'user.setCategory': { actions: assign({ category: ({ event }) => event.category }) },
            'user.setContent': { actions: assign({ content: ({ event }) => event.value }) },
            ...forwardShots,
          },
        },
        editing: {
          on: {
            'user.setCategory': { actions: assign({ category: ({ event }) => event.category, error: null }) },
            'user.setContent': { actions: assign({ content: ({ event }) => event.value, error: null }) },
            ...forwardShots,
            'user.retryRecord': { guard: 'recordFailed', target: 'loadingRecord' },
            'user.submit': [
              {
                guard: 'askValid',
                target: 'submitting',
                actions: sendTo('submitOnce', ({ context }) => ({
                  type: 'submit' as const,
                  request: createRequest(context),
                })),
              },
              { actions: assign({ showErrors: true }) },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: assign({ error: null }),
          on: {
            'submit.done': { target: '#feedback.routeTicket', actions: 'keepTicket' },
            'submit.uncertain': {
              target: 'networkError',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
            'submit.refused': [
              {
                guard: 'recordRefused',
                target: 'editing',
                actions: assign({
                  error: ({ event }) => errorMessage(event.error),
                  ref: null,
                  record: null,
                  recordMissing: true,
                  recordError: null,
                }),
              },
              { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
            ],
          },
        },
        networkError: {
          on: { 'user.retry': { target: 'submitting', actions: sendTo('submitOnce', { type: 'retry' as const }) } },
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTicket',
        src: 'loadTicket',
        input: ({ context }) => ({ ticketId: context.ticketId ?? 0 }),
        onDone: { target: 'routeTicket', actions: 'keepTicket' },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          {
            guard: 'hasTicket',
            target: 'routeTicket',
            actions: assign({ refreshError: ({ event }) => errorMessage(event.error) }),
          },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    notFound: {},
    /** Transient: the node of the held ticket's state. */
    routeTicket: {
      always: byTicketState(),
    },
    toAccept: ticketState(S.TO_ACCEPT),
    toHandle: ticketState(S.TO_HANDLE),
    processing: ticketState(S.PROCESSING),
    awaitingFeedback: ticketState(S.AWAITING_FEEDBACK),
    awaitingConfirmation: ticketState(S.AWAITING_CONFIRMATION),
    confirmed: ticketState(S.CONFIRMED),
  },
});

/**
 * One ticket state: only the member moves the rules allow from `state` are events of it at all;
 * the guards then ask the rules (for the ticket as now held) and the server's `can`.
 */
function ticketState(state: FeedbackStateValue) {
  const replies = memberMayAddReply(state) || canMove('memberReply', state);
  const moves = {
    ...(replies
      ? ({
          ...forwardShots,
          'user.setReply': { actions: 'setReply' },
          'user.reply': [
            { guard: 'replyReady', target: 'sending', actions: 'startReply' },
            { guard: 'mayReply', actions: { type: 'showForm', params: { form: 'reply' } } },
          ],
        } as const)
      : {}),
    ...(canMove('confirm', state)
      ? ({ 'user.confirm': { guard: 'mayConfirm', target: 'sending', actions: 'startConfirm' } } as const)
      : {}),
    ...(canMove('reopen', state)
      ? ({
          'user.setReason': { actions: 'setReason' },
          'user.reopen': [
            { guard: 'reopenReady', target: 'sending', actions: 'startReopen' },
            { guard: 'mayReopen', actions: { type: 'showForm', params: { form: 'reopen' } } },
          ],
        } as const)
      : {}),
    ...(state === S.CONFIRMED
      ? ({
          'user.setStars': { actions: 'setStars' },
          'user.setComment': { actions: 'setComment' },
          'user.rate': [
            { guard: 'rateReady', target: 'sending', actions: 'startRate' },
            { guard: 'mayRate', actions: { type: 'showForm', params: { form: 'rate' } } },
          ],
        } as const)
      : {}),
  };
  return {
    tags: ['ticket'],
    entry: 'resetShots',
    ...(replies ? ({ invoke: { id: 'screenshots', src: 'screenshots', input: SCREENSHOTS_INPUT } } as const) : {}),
    on: {
      'user.refresh': { target: '#feedback.loading', actions: 'clearNotice' },
      ...(replies ? ({ 'screenshots.changed': { actions: 'mirrorShots' } } as const) : {}),
    },
    initial: 'idle',
    states: {
      idle: { on: moves },
      sending: {
        tags: ['busy'],
        entry: 'clearActionError',
        invoke: {
          id: 'act',
          src: 'act',
          input: ({ context }: { context: FeedbackContext }) => context.move!,
          onDone: { target: '#feedback.routeTicket', actions: ['keepTicket', 'moved'] },
          onError: [
            { guard: 'stale', target: '#feedback.loading', actions: 'movedOn' },
            { target: 'idle', actions: 'actionFailed' },
          ],
        },
      },
    },
  } as const;
}

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
