import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { codeOf, errorMessage, isUncertain, notProvided } from './shared';

/**
 * The answer sheet (`/answerSheet`): a quiz attempt drawn on the server, answered question by
 * question, scored on the server (GLOSSARY "Course"). The client never holds the key: it sends the
 * position of the chosen option and reads the result after the submit.
 *
 * States
 * - `loading`      actor `start` (POST /v1/answer-sheet/attempts: a new attempt, or today's
 *                  unsubmitted one resumed). Done → `answering` at the first question. A refusal
 *                  (no attempts left today, the quiz closed) → `refused` with its reason; anything
 *                  else → `networkError`.
 * - `answering`    one question shown (`index`). `user.choose { option }` records the answer;
 *                  `user.next` / `user.prev` move (not past either end); `user.goto { index }` jumps
 *                  to a question; `user.submit` (every question answered) → `submitting`.
 * - `submitting`   actor `submit` with the attempt id and the answers: the attempt id is the request
 *                  key, so a submit whose answer was lost is re-sent as it was and the server scores
 *                  it once. Done → `result` (action `submitted`: the app shows the result page). An
 *                  uncertain failure (no answer, 5xx) → `networkError`; a refusal (answers
 *                  incomplete) → `answering` with its message.
 * - `networkError` `user.retry` → the step that failed again (`loading`, or `submitting` with the
 *                  same attempt and answers).
 * - `refused`      no attempt can start now: `reason`.
 * - `result`       the attempt is scored: `result`.
 *
 * Tags: `busy` (loading, submitting).
 */

export interface QuizQuestionData {
  id: number;
  stem: string;
  options: string[];
}

export interface QuizSettingsData {
  questionCount: number;
  passMark: number;
  rewardPoints: number;
  attemptsPerDay: number;
}

export interface QuizAttemptData {
  attemptId: number;
  questions: QuizQuestionData[];
  settings: QuizSettingsData;
  attemptsLeft: number;
  startedAt: number;
}

export interface QuizAnswer {
  questionId: number;
  option: number;
}

export interface SubmitInput {
  attemptId: number;
  answers: QuizAnswer[];
}

/** What `submit` resolves: the attempt id (the result page reads the rest). */
export interface SubmittedQuiz {
  attemptId: number;
  passed: boolean;
}

export type AnswerSheetEvent =
  | { type: 'user.choose'; option: number }
  | { type: 'user.next' }
  | { type: 'user.prev' }
  | { type: 'user.goto'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.retry' };

export interface AnswerSheetContext {
  attempt: QuizAttemptData | null;
  index: number;
  /** Chosen option position per question id. */
  chosen: Record<number, number>;
  failedStep: 'loading' | 'submitting' | null;
  reason: string | null;
  error: string | null;
  submitted: SubmittedQuiz | null;
}

const REFUSALS: readonly number[] = [Code.QUIZ_NO_ATTEMPTS_LEFT, Code.QUIZ_UNAVAILABLE];
const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const total = (c: AnswerSheetContext) => c.attempt?.questions.length ?? 0;
export const allAnswered = (c: AnswerSheetContext) =>
  c.attempt !== null && c.attempt.questions.every((q) => c.chosen[q.id] !== undefined);

export const answerSheetMachine = setup({
  types: {} as { context: AnswerSheetContext; events: AnswerSheetEvent; tags: 'busy' },
  actors: {
    start: fromPromise<QuizAttemptData>(notProvided('answerSheetMachine', 'start')),
    submit: fromPromise<SubmittedQuiz, SubmitInput>(notProvided('answerSheetMachine', 'submit')),
  },
  guards: {
    refusal: ({ event }) => REFUSALS.includes(codeOf(errorOf(event)) ?? -1),
    uncertain: ({ event }) => isUncertain(errorOf(event)),
    hasNext: ({ context }) => context.index + 1 < total(context),
    hasPrev: ({ context }) => context.index > 0,
    validIndex: ({ context, event }) =>
      event.type === 'user.goto' && event.index >= 0 && event.index < total(context) && event.index !== context.index,
    validOption: ({ context, event }) => {
      const q = context.attempt?.questions[context.index];
      return event.type === 'user.choose' && q !== undefined && event.option >= 0 && event.option < q.options.length;
    },
    complete: ({ context }) => allAnswered(context),
    failedLoading: ({ context }) => context.failedStep === 'loading',
  },
  actions: {
    /** The app shows the result page (provided with `machine.provide`). */
    submitted: () => {},
  },
}).createMachine({
  id: 'answerSheet',
  context: { attempt: null, index: 0, chosen: {}, failedStep: null, reason: null, error: null, submitted: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        onDone: {
          target: 'answering',
          actions: assign(({ event }) => ({
            attempt: event.output,
            index: 0,
            chosen: {},
            error: null,
            failedStep: null,
          })),
        },
        onError: [
          {
            guard: 'refusal',
            target: 'refused',
            actions: assign({ reason: ({ event }) => errorMessage(event.error) }),
          },
          {
            target: 'networkError',
            actions: assign({ failedStep: 'loading', error: ({ event }) => errorMessage(event.error) }),
          },
        ],
      },
    },
    answering: {
      on: {
        'user.choose': {
          guard: 'validOption',
          actions: assign({
            chosen: ({ context, event }) => ({
              ...context.chosen,
              [context.attempt!.questions[context.index]!.id]: event.option,
            }),
            error: null,
          }),
        },
        'user.next': { guard: 'hasNext', actions: assign({ index: ({ context }) => context.index + 1 }) },
        'user.prev': { guard: 'hasPrev', actions: assign({ index: ({ context }) => context.index - 1 }) },
        'user.goto': { guard: 'validIndex', actions: assign({ index: ({ event }) => event.index }) },
        'user.submit': { guard: 'complete', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          attemptId: context.attempt!.attemptId,
          answers: context.attempt!.questions.map((q) => ({ questionId: q.id, option: context.chosen[q.id]! })),
        }),
        onDone: { target: 'result', actions: [assign({ submitted: ({ event }) => event.output }), 'submitted'] },
        onError: [
          {
            guard: 'uncertain',
            target: 'networkError',
            actions: assign({ failedStep: 'submitting', error: ({ event }) => errorMessage(event.error) }),
          },
          { target: 'answering', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    networkError: {
      on: {
        'user.retry': [{ guard: 'failedLoading', target: 'loading' }, { target: 'submitting' }],
      },
    },
    refused: {},
    result: {},
  },
});

export type AnswerSheetSnapshot = SnapshotFrom<typeof answerSheetMachine>;
export type AnswerSheetStep = 'loading' | 'answering' | 'submitting' | 'networkError' | 'refused' | 'result';

/** What the answer sheet view shows. */
export interface AnswerSheetView {
  step: AnswerSheetStep;
  question: QuizQuestionData | null;
  index: number;
  total: number;
  /** The chosen option of the shown question, or null. */
  chosen: number | null;
  /** Per question: answered or not (the navigation dots). */
  answered: boolean[];
  settings: QuizSettingsData | null;
  attemptsLeft: number | null;
  reason: string | null;
  error: string | null;
  busy: boolean;
  canPrev: boolean;
  canNext: boolean;
  canSubmit: boolean;
  canRetry: boolean;
}

export function selectAnswerSheetView(s: AnswerSheetSnapshot): AnswerSheetView {
  const c = s.context;
  const q = c.attempt?.questions[c.index] ?? null;
  return {
    step: s.value as AnswerSheetStep,
    question: q,
    index: c.index,
    total: total(c),
    chosen: q ? (c.chosen[q.id] ?? null) : null,
    answered: c.attempt?.questions.map((x) => c.chosen[x.id] !== undefined) ?? [],
    settings: c.attempt?.settings ?? null,
    attemptsLeft: c.attempt?.attemptsLeft ?? null,
    reason: c.reason,
    error: c.error,
    busy: s.hasTag('busy'),
    canPrev: s.can({ type: 'user.prev' }),
    canNext: s.can({ type: 'user.next' }),
    canSubmit: s.can({ type: 'user.submit' }),
    canRetry: s.can({ type: 'user.retry' }),
  };
}
