import type { z } from 'zod';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PollQuestion as PollQuestionSchema } from '../openapi/schemas/tasks';
import { errorMessage, notProvided } from './shared';

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

/**
 * A question as the contract sends it (PollQuestion), plus what the personal questionnaire's
 * questions add (SurveyQuestion): the control to answer with and an input hint.
 */
export type ContractPollQuestion = z.output<typeof PollQuestionSchema>;
export type FormQuestion = ContractPollQuestion & {
  /** Most characters an open answer may have (default TEXT_MAX_LENGTH). */
  maxLength?: number;
  /**
   * choice: options laid out (default); select: a drop-down (single choice with many options);
   * date: a day `YYYY-MM-DD` (text); region: a city or county code of /v1/jd/cities (text).
   */
  input?: 'choice' | 'select' | 'date' | 'region';
  placeholder?: string | null;
};
export type FormOption = FormQuestion['options'][number];

/** One answer as the form holds it, whatever the question kind. */
export interface Answer {
  optionIds: number[];
  text: string;
  matrix: { rowId: number; optionId: number }[];
}

export type Answers = Record<number, Answer>;
/** zh-CN message per question id. */
export type QuestionErrors = Record<number, string>;

/** One answer as submitted (PollAnswer of the contract). */
export interface SubmittedAnswer {
  questionId: number;
  optionIds: number[];
  text?: string;
  matrix: { rowId: number; optionId: number }[];
}

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

/* ---- the rules (mirror the server's checks of POST /v1/polls and /v1/users/survey/basic) ---- */

/** Longest open answer the contract takes (PollAnswer.text). */
export const TEXT_MAX_LENGTH = 2000;

export const EMPTY_ANSWER: Answer = Object.freeze({ optionIds: [], text: '', matrix: [] }) as Answer;

/** Characters of an open answer as counted: trimmed, one per code point (一个汉字算一个字). */
export function textLength(text: string): number {
  return Array.from(text.trim()).length;
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A 6-digit GB/T 2260 code below the province level (a city or a county). */
export function isCityCode(text: string): boolean {
  return /^\d{6}$/.test(text) && Number(text) % 10000 !== 0;
}

/** Whether the member gave any answer to the question. */
export function isAnswered(question: FormQuestion, answer: Answer | undefined): boolean {
  if (!answer) return false;
  switch (question.kind) {
    case 'single':
    case 'multiple':
      return answer.optionIds.length > 0;
    case 'text':
      return textLength(answer.text) > 0;
    case 'matrix':
      return answer.matrix.length > 0;
  }
}

/** Rows of a matrix question the answer leaves without a choice. */
export function missingRows(question: FormQuestion, answer: Answer | undefined): number[] {
  const chosen = new Set((answer?.matrix ?? []).map((m) => m.rowId));
  return question.rows.filter((r) => !chosen.has(r.id)).map((r) => r.id);
}

/** The zh-CN problem with one answer, or null when it is acceptable. */
export function validateQuestion(question: FormQuestion, answer: Answer | undefined): string | null {
  const a = answer ?? EMPTY_ANSWER;
  if (!isAnswered(question, a)) {
    if (!question.required) return null;
    switch (question.kind) {
      case 'single':
        return '请选择一项';
      case 'multiple':
        return '请至少选择一项';
      case 'text':
        if (question.input === 'date') return '请选择日期';
        if (question.input === 'region') return '请选择所在的城市';
        return question.minLength > 0 ? `请填写本题，至少 ${question.minLength} 个字` : '请填写本题';
      case 'matrix':
        return '请为每一行选择一项';
    }
  }
  const optionIds = new Set(question.options.map((o) => o.id));
  switch (question.kind) {
    case 'single':
      if (a.optionIds.length !== 1 || !optionIds.has(a.optionIds[0]!)) return '请选择一项';
      return null;
    case 'multiple': {
      if (new Set(a.optionIds).size !== a.optionIds.length || a.optionIds.some((id) => !optionIds.has(id)))
        return '所选选项无效，请重新选择';
      const exclusive = question.options.find((o) => o.exclusive && a.optionIds.includes(o.id));
      if (exclusive && a.optionIds.length > 1) return `“${exclusive.text}”不能与其他选项同时选择`;
      if (question.maxChoices !== null && a.optionIds.length > question.maxChoices)
        return `最多可选 ${question.maxChoices} 项`;
      return null;
    }
    case 'text': {
      if (question.input === 'date') return isDay(a.text.trim()) ? null : '请选择正确的日期';
      if (question.input === 'region') return isCityCode(a.text.trim()) ? null : '请选择到城市或区县';
      const length = textLength(a.text);
      if (length < question.minLength) return `请至少填写 ${question.minLength} 个字（已填 ${length} 个字）`;
      const max = question.maxLength ?? TEXT_MAX_LENGTH;
      if (a.text.length > max) return `最多填写 ${max} 个字`;
      return null;
    }
    case 'matrix': {
      const rowIds = new Set(question.rows.map((r) => r.id));
      const seen = new Set<number>();
      for (const m of a.matrix) {
        if (!rowIds.has(m.rowId) || !optionIds.has(m.optionId) || seen.has(m.rowId)) return '所选选项无效，请重新选择';
        seen.add(m.rowId);
      }
      const missing = missingRows(question, a).length;
      return missing > 0 ? `请为每一行选择一项（还有 ${missing} 行未选）` : null;
    }
  }
}

/** Every problem of the form, by question id (empty when it may be submitted). */
export function validateAll(questions: FormQuestion[], answers: Answers): QuestionErrors {
  const errors: QuestionErrors = {};
  for (const q of questions) {
    const problem = validateQuestion(q, answers[q.id]);
    if (problem) errors[q.id] = problem;
  }
  return errors;
}

/** The first question (in order) that has an error, or null. */
export function firstInvalid(questions: FormQuestion[], errors: QuestionErrors): number | null {
  return questions.find((q) => errors[q.id] !== undefined)?.id ?? null;
}

/**
 * The choices of a multiple-choice question after the member taps one option: an exclusive
 * option (“以上都没有”) clears the others and any other option clears the exclusive ones; at
 * `maxChoices` a further option is not added (unchecking always works).
 */
export function toggleChoice(question: FormQuestion, current: number[], optionId: number): number[] {
  if (current.includes(optionId)) return current.filter((id) => id !== optionId);
  const option = question.options.find((o) => o.id === optionId);
  if (!option) return current;
  if (option.exclusive) return [optionId];
  const kept = current.filter((id) => !question.options.find((o) => o.id === id)?.exclusive);
  if (question.maxChoices !== null && kept.length >= question.maxChoices) return current;
  return [...kept, optionId];
}

/** The matrix answer after choosing `optionId` in row `rowId` (one choice per row, rows kept in order). */
export function chooseInRow(question: FormQuestion, current: Answer['matrix'], rowId: number, optionId: number) {
  const next = [...current.filter((m) => m.rowId !== rowId), { rowId, optionId }];
  const order = new Map(question.rows.map((r, i) => [r.id, i]));
  return next.sort((a, b) => (order.get(a.rowId) ?? 0) - (order.get(b.rowId) ?? 0));
}

/** What is sent: the answered questions, in question order, in the contract's shape. */
export function toSubmission(questions: FormQuestion[], answers: Answers): SubmittedAnswer[] {
  const out: SubmittedAnswer[] = [];
  for (const q of questions) {
    const a = answers[q.id];
    if (!a || !isAnswered(q, a)) continue;
    switch (q.kind) {
      case 'single':
      case 'multiple':
        out.push({ questionId: q.id, optionIds: a.optionIds, matrix: [] });
        break;
      case 'text':
        out.push({ questionId: q.id, optionIds: [], text: a.text.trim(), matrix: [] });
        break;
      case 'matrix':
        out.push({ questionId: q.id, optionIds: [], matrix: a.matrix });
        break;
    }
  }
  return out;
}

/** How far the member is: answered questions, all questions, required ones still open. */
export function progressOf(questions: FormQuestion[], answers: Answers) {
  let answered = 0;
  let requiredLeft = 0;
  for (const q of questions) {
    const done = q.kind === 'matrix' ? missingRows(q, answers[q.id]).length === 0 : isAnswered(q, answers[q.id]);
    if (done) answered += 1;
    else if (q.required) requiredLeft += 1;
  }
  return { answered, total: questions.length, requiredLeft };
}

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
