import { and, assign, fromPromise, sendTo, setup } from 'xstate';
import { Code } from '../../openapi/codes';
import { FeedbackCategory, FeedbackState } from '../../openapi/enums';
import { FEEDBACK_MAX_IMAGES, canMove, memberMayAddReply } from '../../openapi/rules/feedback';
import { NO_SHOTS, screenshotsMachine, shotsOf, type ScreenshotsInput } from '../screenshots';
import { codeOf, errorMessage, notProvided } from '../shared';
import { submitOnceMachine } from '../submitOnce';
import { askErrors, none, rateErrors, reopenErrors, replyErrors } from './checks';
import type {
  CreateFeedbackRequest,
  FeedbackCategoryValue,
  FeedbackContext,
  FeedbackDetail,
  FeedbackEvent,
  FeedbackInput,
  FeedbackRecord,
  MoveForm,
  MoveRequest,
  RecordRef,
} from './types';

/**
 * The feedback machine's actors, guards and actions (both flows share them: the form lands in the
 * ticket's states) and its starting context.
 */

const S = FeedbackState.values;

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

const ticketOf = (c: FeedbackContext) => c.ticket;
export const stateOf = (c: FeedbackContext) => c.ticket?.state ?? -1;

/** The move forms, empty. */
const noForms = { reply: '', reason: '', stars: 0, comment: '', shownForm: null, move: null, actionError: null };

export function initialContext(input: FeedbackInput): FeedbackContext {
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
export const forwardShots = {
  'user.addScreenshots': { actions: 'addShots' },
  'user.removeScreenshot': { actions: 'removeShot' },
  'user.retryScreenshot': { actions: 'retryShot' },
} as const;

const ticketIdOf = (c: FeedbackContext) => c.ticket?.id ?? c.ticketId ?? 0;

export const feedbackSetup = setup({
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
});
