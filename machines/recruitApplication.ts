import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { recruitFormProblems, type RecruitField, type RecruitForm } from '../openapi/rules/recruit';
import { codeOf, errorMessage, notProvided } from './shared';
import { submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

/**
 * The campus referral-officer application form (`/activities/recruit`): fill in → send → sent.
 *
 * States
 * - `editing`      `user.input { field, value }`; `user.submit` with a form that passes
 *                  openapi/rules/recruit.ts → `submitting`, otherwise every problem is shown.
 * - `submitting`   the `submitOnce` child sends actor `submit` ({ form, requestKey } → the member's
 *                  application): its key is kept while the answer is uncertain, so a retry (or a
 *                  submit after editing) following a lost answer is the same application.
 *                  `submit.done` → `submitted`; refused: the server's field problems → `editing` with
 *                  them; 已经申请过 → `alreadyApplied`; any other refusal, or an uncertain answer → `failed`.
 * - `failed`       the message; `user.retry` → `submitting`, `user.edit` → `editing`.
 * - `submitted`, `alreadyApplied`  final: the page shows the application.
 *
 * Tags: `busy` (submitting). Output (final): `{ applied: true }`.
 */

export type RecruitProblems = Partial<Record<RecruitField, string>>;

export interface RecruitApplicationContext {
  form: RecruitForm;
  /** Show the form's problems (after the first 提交). */
  showProblems: boolean;
  /** Problems the server found that the form's check did not (the mobile after decrypting). */
  serverProblems: RecruitProblems;
  error: string | null;
}

export type RecruitApplicationEvent =
  | { type: 'user.input'; field: RecruitField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.edit' }
  | SubmitOnceReport;

export interface RecruitSubmitInput {
  form: RecruitForm;
  requestKey: string;
}

const EMPTY_FORM: RecruitForm = { school: '', grade: '', mobile: '', motivation: '' };

const problemsOfError = (error: unknown): RecruitProblems => {
  const data = (error as { data?: { problems?: RecruitProblems } } | null)?.data;
  return data?.problems ?? {};
};

export const recruitApplicationMachine = setup({
  types: {} as {
    context: RecruitApplicationContext;
    events: RecruitApplicationEvent;
    tags: 'busy';
    output: { applied: true };
  },
  actors: {
    submit: fromPromise<unknown, RecruitSubmitInput>(notProvided('recruitApplicationMachine', 'submit')),
    submitOnce: submitOnceMachine,
  },
  guards: {
    formValid: ({ context }) => Object.keys(recruitFormProblems(context.form)).length === 0,
    formRefused: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.RECRUIT_FORM_INVALID,
    alreadyApplied: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.RECRUIT_ALREADY_APPLIED,
  },
  actions: {
    input: assign(({ context, event }) => {
      if (event.type !== 'user.input') return {};
      const serverProblems = { ...context.serverProblems };
      delete serverProblems[event.field];
      return { form: { ...context.form, [event.field]: event.value }, serverProblems, error: null };
    }),
    /** The form to the child: a new application, or the held one's key after a lost answer. */
    send: sendTo('submitOnce', ({ context }) => ({ type: 'submit' as const, request: { form: context.form } })),
  },
}).createMachine({
  id: 'recruitApplication',
  context: {
    form: EMPTY_FORM,
    showProblems: false,
    serverProblems: {},
    error: null,
  },
  invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'submit') },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.input': { actions: 'input' },
        'user.submit': [
          { guard: 'formValid', target: 'submitting', actions: assign({ error: null }) },
          { actions: assign({ showProblems: true }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'send',
      on: {
        'submit.done': { target: 'submitted' },
        'submit.refused': [
          {
            guard: 'formRefused',
            target: 'editing',
            actions: assign(({ event }) => ({ serverProblems: problemsOfError(event.error), showProblems: true })),
          },
          { guard: 'alreadyApplied', target: 'alreadyApplied' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
        'submit.uncertain': { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: {
        'user.retry': { target: 'submitting', actions: assign({ error: null }) },
        'user.edit': { target: 'editing', actions: assign({ error: null }) },
      },
    },
    submitted: { type: 'final' },
    alreadyApplied: { type: 'final' },
  },
  output: () => ({ applied: true as const }),
});

export type RecruitApplicationSnapshot = SnapshotFrom<typeof recruitApplicationMachine>;

export type RecruitStep = 'editing' | 'submitting' | 'failed' | 'done';

export interface RecruitFormView {
  step: RecruitStep;
  form: RecruitForm;
  /** What is wrong with each field, shown after the first 提交 (the server's too). */
  problems: RecruitProblems;
  error: string | null;
  busy: boolean;
  canSubmit: boolean;
  canRetry: boolean;
}

/** The form's props, from the machine. */
export function selectRecruitFormView(s: RecruitApplicationSnapshot): RecruitFormView {
  const c = s.context;
  const step: RecruitStep = s.matches('editing')
    ? 'editing'
    : s.matches('submitting')
      ? 'submitting'
      : s.matches('failed')
        ? 'failed'
        : 'done';
  return {
    step,
    form: c.form,
    problems: c.showProblems ? { ...recruitFormProblems(c.form), ...c.serverProblems } : {},
    error: c.error,
    busy: s.hasTag('busy'),
    canSubmit: s.can({ type: 'user.submit' }),
    canRetry: s.can({ type: 'user.retry' }),
  };
}
