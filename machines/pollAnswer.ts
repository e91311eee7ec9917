import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage, notProvided } from './shared';
import {
  progressOf,
  toSubmission,
  validateAll,
  validateQuestion,
  type Answer,
  type Answers,
  type FormQuestion,
  type QuestionErrors,
  type SubmittedAnswer,
} from './pollRules';

/**
 * Answering a questionnaire hosted by the site: an in-house poll task (`/task/poll/{id}?rid=…`,
 * GET /v1/polls/{id} + POST /v1/polls) and the personal attribute questionnaire (`/user/survey`,
 * GET/POST /v1/users/survey/basic). Both pages run this machine with their own actors.
 *
 * States
 * - `loading`          actor `load` (input: the machine's `request`). Done with `alreadySubmitted`
 *                      → `alreadySubmitted`; done otherwise → `answering` (questions, prefilled
 *                      answers, page `meta`); error → `loadError`.
 * - `loadError`        `loadError` holds the message and whether trying again can help (a network
 *                      or server failure can; a foreign or unknown answer id cannot):
 *                      `user.retry` → `loading` only when `retryable`.
 * - `answering`        `user.answer { questionId, answer }` replaces one answer; a question that
 *                      shows an error is re-checked at once (the message goes when it is fixed).
 *                      `user.submit`: every answer valid (`validateAll`, the server's rules) →
 *                      `submitting`; otherwise the errors are shown and `focusRequest` grows by one
 *                      (the view focuses the first invalid question when it changes).
 * - `submitting`       actor `submit` (input: `{ request, meta, answers }`, only answered questions,
 *                      in question order). Done `{ kind: 'submitted', result }` → `submitted`;
 *                      `{ kind: 'invalid', message, errors? }` (the server said POLL_ANSWERS_INVALID)
 *                      → `invalid`; `{ kind: 'alreadySubmitted', result? }` → `alreadySubmitted`;
 *                      error → `submitError`.
 * - `invalid`          the server refused the answers: `serverMessage` and any per-question errors
 *                      are shown; `user.answer` → `answering` (message cleared); `user.submit` →
 *                      `submitting` (the unchanged answers passed the client's checks already).
 * - `submitError`      the submission failed (network, server): `submitError`; `user.retry` or
 *                      `user.submit` → `submitting` with the same answers; `user.answer` → `answering`.
 * - `submitted`        accepted: `result` (what the submit actor resolved); entry action
 *                      `announceSubmitted` (the app navigates or shows the outcome).
 * - `alreadySubmitted` this answer id was already used (on load or on submit); `result` when known.
 *
 * Events: `user.answer`, `user.submit`, `user.retry`; API answers are the invoked actors' done /
 * error events. Tags: `busy` (loading, submitting), `editable` (answering, invalid, submitError).
 *
 * Actors (the app provides them; this file imports no API): `load(request)` → `PollForm`;
 * `submit({ request, meta, answers })` → `SubmitOutcome`. An error thrown by `load` may carry
 * `retryable: false`.
 */

/** What `load` resolves. */
export interface PollForm<M = unknown> {
  questions: FormQuestion[];
  /** Earlier answers to prefill (the personal questionnaire); `{}` for none. */
  answers: Answers;
  /** The answer id was used already: nothing to answer. */
  alreadySubmitted: boolean;
  /** Page data the machine only carries (title, intro, reward…). */
  meta: M;
  /** What is known about an earlier submission, if anything. */
  result?: unknown;
}

/** What `submit` resolves. */
export type SubmitOutcome =
  | { kind: 'submitted'; result: unknown }
  | { kind: 'invalid'; message: string; errors?: QuestionErrors }
  | { kind: 'alreadySubmitted'; result?: unknown };

export interface SubmitRequest<R = unknown, M = unknown> {
  request: R;
  meta: M;
  answers: SubmittedAnswer[];
}

export interface PollAnswerInput {
  /** What `load` and `submit` need to address the questionnaire (e.g. `{ id, rid }`). */
  request: unknown;
}

export interface PollAnswerContext {
  request: unknown;
  questions: FormQuestion[];
  answers: Answers;
  meta: unknown;
  errors: QuestionErrors;
  /** Grows on every refused 提交: the view focuses the first invalid question. */
  focusRequest: number;
  /** The server's message when it refused the answers (`invalid`). */
  serverMessage: string | null;
  loadError: { message: string; retryable: boolean } | null;
  submitError: string | null;
  result: unknown;
}

export type PollAnswerEvent =
  { type: 'user.answer'; questionId: number; answer: Answer } | { type: 'user.submit' } | { type: 'user.retry' };

/* ---- the machine ---- */

type AnswerEvent = Extract<PollAnswerEvent, { type: 'user.answer' }>;

/** The answers with one replaced, and the errors re-checked for that question if it showed one. */
function applyAnswer(context: PollAnswerContext, event: AnswerEvent) {
  const answers = { ...context.answers, [event.questionId]: event.answer };
  if (context.errors[event.questionId] === undefined) return { answers };
  const question = context.questions.find((q) => q.id === event.questionId);
  const errors = { ...context.errors };
  const problem = question ? validateQuestion(question, event.answer) : null;
  if (problem) errors[event.questionId] = problem;
  else delete errors[event.questionId];
  return { answers, errors };
}

export const pollAnswerMachine = setup({
  types: {} as {
    context: PollAnswerContext;
    events: PollAnswerEvent;
    input: PollAnswerInput;
    tags: 'busy' | 'editable';
  },
  actors: {
    load: fromPromise<PollForm, unknown>(notProvided('pollAnswerMachine', 'load')),
    submit: fromPromise<SubmitOutcome, SubmitRequest>(notProvided('pollAnswerMachine', 'submit')),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateAll(context.questions, context.answers)).length === 0,
    alreadySubmitted: ({ event }) => (event as { output?: PollForm }).output?.alreadySubmitted === true,
    outcomeIs: ({ event }, params: { kind: SubmitOutcome['kind'] }) =>
      (event as { output?: SubmitOutcome }).output?.kind === params.kind,
    retryable: ({ context }) => context.loadError?.retryable === true,
  },
  actions: {
    applyAnswer: assign(({ context, event }) => applyAnswer(context, event as AnswerEvent)),
    showErrors: assign(({ context }) => ({
      errors: validateAll(context.questions, context.answers),
      focusRequest: context.focusRequest + 1,
      serverMessage: null,
    })),
    applyForm: assign(({ event }) => {
      const form = (event as unknown as { output: PollForm }).output;
      return {
        questions: form.questions,
        answers: form.answers,
        meta: form.meta,
        result: form.result ?? null,
        errors: {},
      };
    }),
    /** The app's effect for an accepted submission (navigate to the outcome, refresh the session…). */
    announceSubmitted: () => {},
  },
}).createMachine({
  id: 'pollAnswer',
  context: ({ input }) => ({
    request: input.request,
    questions: [],
    answers: {},
    meta: null,
    errors: {},
    focusRequest: 0,
    serverMessage: null,
    loadError: null,
    submitError: null,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: PollAnswerContext }) => context.request,
        onDone: [
          { guard: 'alreadySubmitted', target: 'alreadySubmitted', actions: 'applyForm' },
          { target: 'answering', actions: 'applyForm' },
        ],
        onError: {
          target: 'loadError',
          actions: assign({
            loadError: ({ event }) => ({
              message: errorMessage(event.error),
              retryable: (event.error as { retryable?: unknown } | null)?.retryable !== false,
            }),
          }),
        },
      },
    },
    loadError: {
      on: { 'user.retry': { guard: 'retryable', target: 'loading' } },
    },
    answering: {
      tags: ['editable'],
      on: {
        'user.answer': { actions: 'applyAnswer' },
        'user.submit': [{ guard: 'formValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ submitError: null, serverMessage: null, errors: {} }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          request: context.request,
          meta: context.meta,
          answers: toSubmission(context.questions, context.answers),
        }),
        onDone: [
          {
            guard: { type: 'outcomeIs', params: { kind: 'submitted' } },
            target: 'submitted',
            actions: assign({ result: ({ event }) => (event.output as { result: unknown }).result }),
          },
          {
            guard: { type: 'outcomeIs', params: { kind: 'invalid' } },
            target: 'invalid',
            actions: assign(({ context, event }) => {
              const out = event.output as Extract<SubmitOutcome, { kind: 'invalid' }>;
              return {
                serverMessage: out.message,
                errors: { ...validateAll(context.questions, context.answers), ...(out.errors ?? {}) },
                focusRequest: context.focusRequest + 1,
              };
            }),
          },
          {
            target: 'alreadySubmitted',
            actions: assign({ result: ({ event }) => (event.output as { result?: unknown }).result ?? null }),
          },
        ],
        onError: {
          target: 'submitError',
          actions: assign({ submitError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    invalid: {
      tags: ['editable'],
      on: {
        'user.answer': { target: 'answering', actions: ['applyAnswer', assign({ serverMessage: null })] },
        // The answers passed the client's checks to get here and have not changed: send them again.
        'user.submit': { target: 'submitting' },
      },
    },
    submitError: {
      tags: ['editable'],
      on: {
        'user.retry': { target: 'submitting' },
        // 提交 again with the same (already checked) answers is the same as 重试.
        'user.submit': { target: 'submitting' },
        'user.answer': { target: 'answering', actions: ['applyAnswer', assign({ submitError: null })] },
      },
    },
    submitted: {
      entry: 'announceSubmitted',
    },
    alreadySubmitted: {},
  },
});

export type PollAnswerSnapshot = SnapshotFrom<typeof pollAnswerMachine>;
export type PollAnswerActor = ActorRefFrom<typeof pollAnswerMachine>;

export type PollAnswerStatus =
  'loading' | 'loadError' | 'answering' | 'submitting' | 'invalid' | 'submitError' | 'submitted' | 'alreadySubmitted';

/** Plain props for a questionnaire view. */
export interface PollAnswerView<M = unknown, R = unknown> {
  status: PollAnswerStatus;
  questions: FormQuestion[];
  answers: Answers;
  errors: QuestionErrors;
  focusRequest: number;
  meta: M | null;
  progress: { answered: number; total: number; requiredLeft: number };
  /** Answers can be changed (answering, invalid, submitError). */
  editable: boolean;
  /** `state.can({ type: 'user.submit' })` (answering, invalid, submitError). */
  canSubmit: boolean;
  /** `state.can({ type: 'user.retry' })`: a failed load that may succeed again, or a failed submit. */
  canRetry: boolean;
  serverMessage: string | null;
  loadError: string | null;
  submitError: string | null;
  result: R | null;
}

export function selectPollAnswerView<M = unknown, R = unknown>(snapshot: PollAnswerSnapshot): PollAnswerView<M, R> {
  const c = snapshot.context;
  const status = snapshot.value as PollAnswerStatus;
  return {
    status,
    questions: c.questions,
    answers: c.answers,
    errors: c.errors,
    focusRequest: c.focusRequest,
    meta: (c.meta ?? null) as M | null,
    progress: progressOf(c.questions, c.answers),
    editable: snapshot.hasTag('editable'),
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    serverMessage: status === 'invalid' ? c.serverMessage : null,
    loadError: status === 'loadError' ? (c.loadError?.message ?? null) : null,
    submitError: status === 'submitError' ? c.submitError : null,
    result: (c.result ?? null) as R | null,
  };
}
