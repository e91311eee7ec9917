import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  pollAnswerMachine,
  selectPollAnswerView,
  type PollAnswerSnapshot,
  type PollAnswerStatus,
  type PollForm,
  type SubmitOutcome,
} from '../../machines/pollAnswer';
import {
  chooseInRow,
  firstInvalid,
  progressOf,
  toSubmission,
  toggleChoice,
  validateAll,
  validateQuestion,
  type Answer,
  type Answers,
  type FormQuestion,
  type QuestionErrors,
  type SubmittedAnswer,
} from '../../machines/pollRules';
import { textLength } from '../../openapi/rules/pollAnswers';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the questionnaire-answering machine (DESIGN §6): every state and
 * transition on some path; at the end of each path the view props, the submitted answers and
 * the `announceSubmitted` effect are checked against an oracle worked out from the events alone.
 * Then the answer rules that mirror the server's checks.
 */

const q = (over: Partial<FormQuestion> & Pick<FormQuestion, 'id' | 'kind'>): FormQuestion => ({
  title: `第 ${over.id} 题`,
  required: true,
  maxChoices: null,
  minLength: 0,
  options: [],
  rows: [],
  ...over,
});

const opt = (id: number, text: string, exclusive = false) => ({ id, text, exclusive });

/* ---- the model's questionnaire: one required single choice, one optional open question ---- */

const single = q({ id: 1, kind: 'single', options: [opt(1, '是'), opt(2, '否')] });
const openText = q({ id: 2, kind: 'text', required: false, minLength: 2 });
const questions = [single, openText];
const meta = { title: '出行小调查' };
const request = { id: 7, rid: 'rid-0000001' };

const answer = (over: Partial<Answer>): Answer => ({ optionIds: [], text: '', matrix: [], ...over });

const fresh: PollForm = { questions, answers: {}, alreadySubmitted: false, meta };
const prefilled: PollForm = { questions, answers: { 1: answer({ optionIds: [2] }) }, alreadySubmitted: false, meta };
const used: PollForm = { questions, answers: {}, alreadySubmitted: true, meta, result: { points: 40 } };
const outcome = { joinResult: 1, points: 40 };

const networkError = { code: 0, msg: '' };
const foreign = { code: 3004, msg: '这条答题记录不属于当前账号', retryable: false };
const serverError = { code: 500, msg: '服务器开小差了，请稍后再试' };

const events: ModelEvent[] = [
  { type: 'user.answer', questionId: 1, answer: answer({ optionIds: [1] }) },
  { type: 'user.answer', questionId: 1, answer: answer({}) },
  { type: 'user.answer', questionId: 2, answer: answer({ text: '好' }) },
  { type: 'user.submit' },
  { type: 'user.retry' },
  ...answers('load', [fresh, prefilled, used], [networkError, foreign]),
  ...answers(
    'submit',
    [
      { kind: 'submitted', result: outcome } satisfies SubmitOutcome,
      { kind: 'invalid', message: '答卷不完整或有误，请检查后再提交', errors: { 1: '请重新选择' } },
      { kind: 'alreadySubmitted' } satisfies SubmitOutcome,
    ],
    [serverError],
  ),
];

/** `focusRequest` only counts; leaving it out keeps the model finite. */
const serializeState = (s: AnyMachineSnapshot) => {
  const { focusRequest: _f, request: _r, ...rest } = s.context as Record<string, unknown>;
  return JSON.stringify({ value: s.value, rest });
};

interface Oracle {
  status: PollAnswerStatus;
  answers: Answers;
  errors: QuestionErrors;
  focusRequest: number;
  serverMessage: string | null;
  loadError: string | null;
  submitError: string | null;
  result: unknown;
  submissions: SubmittedAnswer[][];
  loads: number;
  canRetry: boolean;
}

const msgOf = (e: unknown) => (e as { msg: string }).msg || '网络错误，请稍后重试';

/** The rules as the model sees them: what each event does in each state. */
function oracle(steps: Path['steps']): Oracle {
  let status: PollAnswerStatus = 'loading';
  let answers: Answers = {};
  let errors: QuestionErrors = {};
  let focusRequest = 0;
  let serverMessage: string | null = null;
  let loadError: { message: string; retryable: boolean } | null = null;
  let submitError: string | null = null;
  let result: unknown = null;
  let loads = 1;
  const submissions: SubmittedAnswer[][] = [];
  const allErrors = () => {
    const e: QuestionErrors = {};
    if (!answers[1] || answers[1].optionIds.length === 0) e[1] = '请选择一项';
    const t = answers[2] ? textLength(answers[2].text) : 0;
    if (t > 0 && t < 2) e[2] = `请至少填写 2 个字（已填 ${t} 个字）`;
    return e;
  };
  const valid = () => Object.keys(allErrors()).length === 0;
  const submit = () => {
    status = 'submitting';
    submitError = null;
    serverMessage = null;
    errors = {};
    const sent: SubmittedAnswer[] = [];
    if (answers[1]?.optionIds.length) sent.push({ questionId: 1, optionIds: answers[1].optionIds, matrix: [] });
    if (answers[2] && textLength(answers[2].text) > 0)
      sent.push({ questionId: 2, optionIds: [], text: answers[2].text.trim(), matrix: [] });
    submissions.push(sent);
  };
  const apply = (id: number, a: Answer) => {
    answers = { ...answers, [id]: a };
    if (errors[id] !== undefined) {
      const e = allErrors();
      errors = { ...errors };
      if (e[id]) errors[id] = e[id]!;
      else delete errors[id];
    }
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & Record<string, unknown>;
    switch (e.type) {
      case 'user.answer':
        if (status === 'answering') apply(e.questionId as number, e.answer as Answer);
        else if (status === 'invalid') {
          apply(e.questionId as number, e.answer as Answer);
          serverMessage = null;
          status = 'answering';
        } else if (status === 'submitError') {
          apply(e.questionId as number, e.answer as Answer);
          submitError = null;
          status = 'answering';
        }
        break;
      case 'user.submit':
        if (status === 'invalid' || status === 'submitError') submit();
        else if (status === 'answering') {
          if (valid()) submit();
          else {
            errors = allErrors();
            focusRequest += 1;
            serverMessage = null;
            status = 'answering';
          }
        }
        break;
      case 'user.retry':
        if (status === 'loadError' && loadError?.retryable) {
          status = 'loading';
          loadError = null;
          loads += 1;
        } else if (status === 'submitError') submit();
        break;
      case 'xstate.done.actor.load': {
        const form = e.output as PollForm;
        answers = form.answers;
        result = form.result ?? null;
        errors = {};
        status = form.alreadySubmitted ? 'alreadySubmitted' : 'answering';
        break;
      }
      case 'xstate.error.actor.load':
        status = 'loadError';
        loadError = { message: msgOf(e.error), retryable: (e.error as { retryable?: boolean }).retryable !== false };
        break;
      case 'xstate.done.actor.submit': {
        const out = e.output as SubmitOutcome;
        if (out.kind === 'submitted') {
          status = 'submitted';
          result = out.result;
        } else if (out.kind === 'invalid') {
          status = 'invalid';
          serverMessage = out.message;
          errors = { ...allErrors(), ...(out.errors ?? {}) };
          focusRequest += 1;
        } else {
          status = 'alreadySubmitted';
          result = out.result ?? null;
        }
        break;
      }
      case 'xstate.error.actor.submit':
        status = 'submitError';
        submitError = msgOf(e.error);
        break;
    }
  }
  return {
    status,
    answers,
    errors,
    focusRequest,
    serverMessage: status === 'invalid' ? serverMessage : null,
    loadError: status === 'loadError' ? loadError!.message : null,
    submitError: status === 'submitError' ? submitError : null,
    result,
    submissions,
    loads,
    canRetry: (status === 'loadError' && loadError!.retryable) || status === 'submitError',
  };
}

describePathTests({
  name: 'pollAnswer machine',
  machine: pollAnswerMachine,
  plans: [{ events, input: { request } }],
  serializeState,
  label: (event) => {
    const e = event as ModelEvent & Record<string, unknown>;
    if (e.type === 'user.answer') return JSON.stringify(e.answer);
    if (!('output' in e)) return undefined;
    const out = e.output as { kind?: string; alreadySubmitted?: boolean; answers?: Answers };
    return out.kind ?? (out.alreadySubmitted ? 'used' : Object.keys(out.answers ?? {}).length ? 'prefilled' : 'fresh');
  },
  endStates: [
    'loading',
    'loadError',
    'answering',
    'submitting',
    'invalid',
    'submitError',
    'submitted',
    'alreadySubmitted',
  ],
  async test({ path, stubs, drive }) {
    let announced = 0;
    const actor = await drive(
      pollAnswerMachine.provide({
        actors: stubs.actors(['load', 'submit']),
        actions: { announceSubmitted: () => void (announced += 1) },
      }),
    );
    const snapshot = actor.getSnapshot() as PollAnswerSnapshot;
    const view = selectPollAnswerView(snapshot);
    const want = oracle(path.steps);
    expect(view.status).toBe(want.status);
    if (want.status !== 'loading' && want.status !== 'loadError') {
      expect(view.questions).toEqual(questions);
      expect(view.meta).toEqual(meta);
    }
    expect(view.answers).toEqual(want.answers);
    expect(view.errors).toEqual(want.errors);
    expect(view.focusRequest).toBe(want.focusRequest);
    expect(view.serverMessage).toBe(want.serverMessage);
    expect(view.loadError).toBe(want.loadError);
    expect(view.submitError).toBe(want.submitError);
    expect(view.result).toEqual(want.result);
    expect(view.canRetry).toBe(want.canRetry);
    expect(view.editable).toBe(['answering', 'invalid', 'submitError'].includes(want.status));
    expect(view.canSubmit).toBe(['answering', 'invalid', 'submitError'].includes(want.status));
    expect(snapshot.hasTag('busy')).toBe(want.status === 'loading' || want.status === 'submitting');
    expect(stubs.inputs.load).toEqual(Array.from({ length: want.loads }, () => request));
    expect((stubs.inputs.submit ?? []) as unknown[]).toEqual(
      want.submissions.map((answers) => ({ request, meta, answers })),
    );
    expect(announced).toBe(want.status === 'submitted' ? 1 : 0);
  },
});

/* ---- the answer rules ---- */

const multi = q({
  id: 3,
  kind: 'multiple',
  maxChoices: 2,
  options: [opt(1, '地铁'), opt(2, '公交'), opt(3, '骑车'), opt(9, '以上都没有', true)],
});
const text = q({ id: 4, kind: 'text', minLength: 5 });
const matrix = q({
  id: 5,
  kind: 'matrix',
  options: [opt(1, '满意'), opt(2, '一般'), opt(3, '不满意')],
  rows: [
    { id: 10, text: '价格' },
    { id: 11, text: '服务' },
  ],
});

describe('answer rules', () => {
  it('single choice: required, exactly one known option', () => {
    expect(validateQuestion(single, undefined)).toBe('请选择一项');
    expect(validateQuestion(single, answer({ optionIds: [1] }))).toBeNull();
    expect(validateQuestion(single, answer({ optionIds: [1, 2] }))).toBe('请选择一项');
    expect(validateQuestion(single, answer({ optionIds: [7] }))).toBe('请选择一项');
    expect(validateQuestion({ ...single, required: false }, undefined)).toBeNull();
  });

  it('multiple choice: at most maxChoices, the exclusive option alone', () => {
    expect(validateQuestion(multi, answer({}))).toBe('请至少选择一项');
    expect(validateQuestion(multi, answer({ optionIds: [1, 2] }))).toBeNull();
    expect(validateQuestion(multi, answer({ optionIds: [1, 2, 3] }))).toBe('最多可选 2 项');
    expect(validateQuestion(multi, answer({ optionIds: [1, 9] }))).toBe('“以上都没有”不能与其他选项同时选择');
    expect(validateQuestion(multi, answer({ optionIds: [9] }))).toBeNull();
    expect(validateQuestion(multi, answer({ optionIds: [1, 1] }))).toBe('所选选项无效，请重新选择');
  });

  it('multiple choice taps: exclusive clears the rest, the rest clear it, the limit holds', () => {
    expect(toggleChoice(multi, [], 1)).toEqual([1]);
    expect(toggleChoice(multi, [1], 2)).toEqual([1, 2]);
    expect(toggleChoice(multi, [1, 2], 3)).toEqual([1, 2]);
    expect(toggleChoice(multi, [1, 2], 2)).toEqual([1]);
    expect(toggleChoice(multi, [1, 2], 9)).toEqual([9]);
    expect(toggleChoice(multi, [9], 3)).toEqual([3]);
    expect(toggleChoice(multi, [9], 9)).toEqual([]);
    expect(toggleChoice({ ...multi, maxChoices: null }, [1, 2], 3)).toEqual([1, 2, 3]);
  });

  it('open text: trimmed length in characters against minLength and the limit', () => {
    expect(textLength('  你好世界 ')).toBe(4);
    expect(textLength('😀😀')).toBe(2);
    expect(validateQuestion(text, answer({ text: '   ' }))).toBe('请填写本题，至少 5 个字');
    expect(validateQuestion(text, answer({ text: '地铁太挤' }))).toBe('请至少填写 5 个字（已填 4 个字）');
    expect(validateQuestion(text, answer({ text: '地铁太挤了' }))).toBeNull();
    expect(validateQuestion({ ...text, maxLength: 6 }, answer({ text: '地铁早高峰太挤了' }))).toBe('最多填写 6 个字');
    expect(validateQuestion(text, answer({ text: '好'.repeat(2001) }))).toBe('最多填写 2000 个字');
  });

  it('date and region answers: a real day, a city or county code', () => {
    const day = q({ id: 6, kind: 'text', input: 'date' });
    const region = q({ id: 7, kind: 'text', input: 'region' });
    expect(validateQuestion(day, answer({}))).toBe('请选择日期');
    expect(validateQuestion(day, answer({ text: '1995-02-30' }))).toBe('请选择正确的日期');
    expect(validateQuestion(day, answer({ text: '1995/06/18' }))).toBe('请选择正确的日期');
    expect(validateQuestion(day, answer({ text: '1995-06-18' }))).toBeNull();
    expect(validateQuestion(region, answer({}))).toBe('请选择所在的城市');
    expect(validateQuestion(region, answer({ text: '440000' }))).toBe('请选择到城市或区县');
    expect(validateQuestion(region, answer({ text: '4403' }))).toBe('请选择到城市或区县');
    expect(validateQuestion(region, answer({ text: '440300' }))).toBeNull();
    expect(validateQuestion(region, answer({ text: '440305' }))).toBeNull();
  });

  it('matrix: one known option per row, every row', () => {
    expect(validateQuestion(matrix, answer({}))).toBe('请为每一行选择一项');
    expect(validateQuestion(matrix, answer({ matrix: [{ rowId: 10, optionId: 1 }] }))).toBe(
      '请为每一行选择一项（还有 1 行未选）',
    );
    const full = chooseInRow(matrix, chooseInRow(matrix, [], 11, 3), 10, 1);
    expect(full).toEqual([
      { rowId: 10, optionId: 1 },
      { rowId: 11, optionId: 3 },
    ]);
    expect(validateQuestion(matrix, answer({ matrix: full }))).toBeNull();
    expect(chooseInRow(matrix, full, 10, 2)).toEqual([
      { rowId: 10, optionId: 2 },
      { rowId: 11, optionId: 3 },
    ]);
    expect(validateQuestion(matrix, answer({ matrix: [{ rowId: 99, optionId: 1 }] }))).toBe('所选选项无效，请重新选择');
    expect(
      validateQuestion(
        { ...matrix, required: false },
        answer({
          matrix: [
            { rowId: 10, optionId: 1 },
            { rowId: 10, optionId: 2 },
          ],
        }),
      ),
    ).toBe('所选选项无效，请重新选择');
  });

  it('the form: errors in question order, the first invalid one, progress and what is sent', () => {
    const all = [single, multi, text, matrix];
    const answers: Answers = {
      1: answer({ optionIds: [2] }),
      4: answer({ text: '  太挤 ' }),
      5: answer({ matrix: [{ rowId: 10, optionId: 1 }] }),
    };
    const errors = validateAll(all, answers);
    expect(Object.keys(errors).map(Number)).toEqual([3, 4, 5]);
    expect(firstInvalid(all, errors)).toBe(3);
    expect(progressOf(all, answers)).toEqual({ answered: 2, total: 4, requiredLeft: 2 });
    expect(toSubmission(all, answers)).toEqual([
      { questionId: 1, optionIds: [2], matrix: [] },
      { questionId: 4, optionIds: [], text: '太挤', matrix: [] },
      { questionId: 5, optionIds: [], matrix: [{ rowId: 10, optionId: 1 }] },
    ]);
  });
});
