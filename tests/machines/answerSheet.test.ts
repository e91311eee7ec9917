import { expect } from 'vitest';
import {
  answerSheetMachine,
  selectAnswerSheetView,
  type AnswerSheetSnapshot,
  type AnswerSheetStep,
  type QuizAttemptData,
  type SubmittedQuiz,
} from '../../machines/answerSheet';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the answer sheet (loading → answering → submitting → result | networkError |
 * refused): every state and transition on some path; after each path the view is checked against
 * an oracle worked out from the events alone, and so are the calls (how often an attempt was
 * started and submitted, and that every submit re-sent the same attempt id and answers).
 */

const attempt: QuizAttemptData = {
  attemptId: 41,
  questions: [
    { id: 3, stem: '本题请选择“比较同意”', options: ['比较同意', '非常同意'] },
    { id: 8, stem: '开放题哪种回答最好？', options: ['asdf', '口味偏淡'] },
  ],
  settings: { questionCount: 2, passMark: 2, rewardPoints: 200, attemptsPerDay: 3 },
  attemptsLeft: 2,
  startedAt: 1_900_000_000_000,
};
const done: SubmittedQuiz = { attemptId: 41, passed: true };
const noneLeft = { code: Code.QUIZ_NO_ATTEMPTS_LEFT, msg: '今天的答题次数已用完，明天再来吧' };
const invalid = { code: Code.QUIZ_ANSWERS_INVALID, msg: '还有题目没有作答，请答完再提交' };
const network = { code: 0, msg: '' };
const NETWORK_MSG = '网络错误，请稍后重试';

const events: ModelEvent[] = [
  { type: 'user.choose', option: 1 },
  { type: 'user.choose', option: 5 },
  { type: 'user.next' },
  { type: 'user.prev' },
  { type: 'user.goto', index: 1 },
  { type: 'user.submit' },
  { type: 'user.retry' },
  ...answers('start', [attempt], [noneLeft, network]),
  ...answers('submit', [done], [invalid, network]),
];

function oracle(steps: Path['steps']) {
  let step: AnswerSheetStep = 'loading';
  let index = 0;
  let failed: 'loading' | 'submitting' | null = null;
  const chosen: Record<number, number> = {};
  let reason: string | null = null;
  let error: string | null = null;
  let starts = 1;
  let submits = 0;
  let shown = 0;
  let loaded = false;
  const all = () => loaded && attempt.questions.every((q) => chosen[q.id] !== undefined);
  for (const { event } of steps) {
    const e = event as ModelEvent & { option?: number; index?: number; error?: { code: number; msg: string } };
    switch (e.type) {
      case 'user.choose':
        if (step === 'answering' && e.option! < 2) {
          chosen[attempt.questions[index]!.id] = e.option!;
          error = null;
        }
        break;
      case 'user.next':
        if (step === 'answering' && index < 1) index += 1;
        break;
      case 'user.prev':
        if (step === 'answering' && index > 0) index -= 1;
        break;
      case 'user.goto':
        if (step === 'answering' && index !== e.index) index = e.index!;
        break;
      case 'user.submit':
        if (step === 'answering' && all()) {
          step = 'submitting';
          error = null;
          submits += 1;
        }
        break;
      case 'user.retry':
        if (step === 'networkError') {
          if (failed === 'loading') {
            step = 'loading';
            starts += 1;
          } else {
            step = 'submitting';
            error = null;
            submits += 1;
          }
        }
        break;
      case 'xstate.done.actor.start':
        if (step === 'loading') {
          step = 'answering';
          loaded = true;
          index = 0;
          failed = null;
          error = null;
        }
        break;
      case 'xstate.error.actor.start':
        if (step === 'loading') {
          if (e.error!.code === Code.QUIZ_NO_ATTEMPTS_LEFT) {
            step = 'refused';
            reason = e.error!.msg;
          } else {
            step = 'networkError';
            failed = 'loading';
            error = e.error!.msg || NETWORK_MSG;
          }
        }
        break;
      case 'xstate.done.actor.submit':
        if (step === 'submitting') {
          step = 'result';
          shown += 1;
        }
        break;
      case 'xstate.error.actor.submit':
        if (step === 'submitting') {
          if (e.error!.code === 0) {
            step = 'networkError';
            failed = 'submitting';
            error = NETWORK_MSG;
          } else {
            step = 'answering';
            error = e.error!.msg;
          }
        }
        break;
    }
  }
  const q = loaded ? attempt.questions[index]! : null;
  return {
    view: {
      step,
      question: q,
      index,
      total: loaded ? 2 : 0,
      chosen: q ? (chosen[q.id] ?? null) : null,
      answered: loaded ? attempt.questions.map((x) => chosen[x.id] !== undefined) : [],
      settings: loaded ? attempt.settings : null,
      attemptsLeft: loaded ? attempt.attemptsLeft : null,
      reason,
      error,
      busy: step === 'loading' || step === 'submitting',
      canPrev: step === 'answering' && index > 0,
      canNext: step === 'answering' && index < 1,
      canSubmit: step === 'answering' && all(),
      canRetry: step === 'networkError',
    },
    starts,
    submits,
    shown,
    chosen: { ...chosen },
  };
}

describePathTests({
  name: 'answerSheet machine',
  machine: answerSheetMachine,
  plans: [{ events }],
  serializeState: (s) => {
    const c = (s as AnswerSheetSnapshot).context;
    return JSON.stringify([s.value, c.index, Object.keys(c.chosen).length, c.failedStep, c.attempt !== null]);
  },
  endStates: ['loading', 'answering', 'submitting', 'networkError', 'refused', 'result'],
  async test({ path, stubs, drive }) {
    let shown = 0;
    const actor = await drive(
      answerSheetMachine.provide({
        actors: stubs.actors(['start', 'submit']),
        actions: { submitted: () => void (shown += 1) },
      }),
    );
    const want = oracle(path.steps);
    expect(selectAnswerSheetView(actor.getSnapshot() as AnswerSheetSnapshot)).toEqual(want.view);
    expect(stubs.started.start ?? 0).toBe(want.starts);
    expect(stubs.started.submit ?? 0).toBe(want.submits);
    expect(shown).toBe(want.shown);
    // A retried submit re-sends the same attempt (the request key) and the answers as they were.
    for (const input of stubs.inputs.submit ?? [])
      expect(input).toEqual({
        attemptId: 41,
        answers: attempt.questions.map((q) => ({ questionId: q.id, option: want.chosen[q.id] })),
      });
  },
});
