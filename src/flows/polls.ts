import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  pollAnswerMachine,
  selectPollAnswerView,
  type PollAnswerInput,
  type PollForm,
  type SubmitOutcome,
  type SubmitRequest,
} from '../../machines/pollAnswer';
import type { Answer, Answers, FormQuestion } from '../../machines/pollRules';
import { Code } from '../../openapi/codes';
import { isApiError, mayPassOnRetry, quietApi, type ApiError } from '../api';
import { useEdited, useLeaveWarning, type RegionLoader } from '../components/poll';
import type { BasicSurveyInfo, BasicSurveyOutcome, PollAnswerFormProps, PollInfo } from '../components/poll/types';
import { shallowEqual } from './shallowEqual';

/**
 * The questionnaire-answering machine (machines/pollAnswer.ts) with the app's actors: an in-house
 * poll task (GET /v1/polls/{id}?rid, POST /v1/polls) and the personal questionnaire
 * (GET/POST /v1/users/survey/basic, regions from /v1/jd/cities). The page shows every failure
 * (load error, refused answers, the region picker's retry), so the calls are quiet: no toast too.
 */

/** Which poll task page this is: the questionnaire and the member's answer id. */
export interface PollRequest {
  id: number;
  rid: string;
}

/** The question the server names in a refused answer, if any. */
const refusedQuestionOf = (error: ApiError): unknown =>
  (error.data as { questionId?: unknown } | undefined)?.questionId;

/** The server refused the answers: its message, on the question it names when it names one. */
function refusedAnswers(error: ApiError, questionId: unknown): SubmitOutcome {
  const message = error.msg || '答卷不完整或有误，请检查后再提交';
  return {
    kind: 'invalid',
    message,
    ...(typeof questionId === 'number' ? { errors: { [questionId]: message } } : {}),
  };
}

/** A poll task's load failure in zh-CN, and whether trying again can help. */
function loadFailure(error: unknown): { code: number; msg: string; retryable: boolean } {
  if (!isApiError(error)) return { code: 0, msg: '网络错误，请稍后重试', retryable: true };
  const { code } = error;
  if (code === Code.PARTICIPATION_FOREIGN)
    return {
      code,
      msg: '这条答题链接不属于当前登录的账号。请确认登录的账号，或从任务列表重新开始。',
      retryable: false,
    };
  if (code === Code.NOT_FOUND)
    return { code, msg: '问卷不存在或答题链接已失效，请从任务详情页重新开始。', retryable: false };
  if (code === Code.INVALID_PARAMS)
    return { code, msg: '答题链接不完整或有误，请从任务详情页重新开始。', retryable: false };
  if (mayPassOnRetry(code)) return { code, msg: error.msg || '网络错误，请稍后重试', retryable: true };
  // Task rules (closed, not eligible, …): the server's message says why; retrying changes nothing.
  return { code, msg: error.msg || '暂时无法作答这份问卷', retryable: false };
}

/** An in-house poll answered as a task; entered with `{ request: PollRequest }`. */
export const taskPollMachine = pollAnswerMachine.provide({
  actors: {
    // No abort signal: under React's StrictMode remount (dev) @xstate/react rehydrates the actor and
    // the first mount's aborted request would land as a load error.
    load: fromPromise<PollForm, unknown>(async ({ input }) => {
      const { id, rid } = input as PollRequest;
      if (!Number.isInteger(id) || id <= 0)
        throw { code: Code.NOT_FOUND, msg: '问卷不存在，请从任务详情页重新开始。', retryable: false };
      if (rid.length < 8 || rid.length > 64)
        throw {
          code: Code.INVALID_PARAMS,
          msg: '答题链接缺少有效的答卷编号，请从任务详情页点击“开始任务”进入。',
          retryable: false,
        };
      try {
        const poll = await quietApi.call('getPoll', { params: { id }, query: { rid } });
        const meta: PollInfo = {
          title: poll.title,
          intro: poll.intro,
          points: poll.points,
          taskHashId: poll.taskHashId,
        };
        return { questions: poll.questions, answers: {}, alreadySubmitted: poll.submitted, meta };
      } catch (error) {
        throw loadFailure(error);
      }
    }),
    submit: fromPromise<SubmitOutcome, SubmitRequest>(async ({ input }) => {
      const { id, rid } = input.request as PollRequest;
      try {
        const outcome = await quietApi.call('submitPoll', {
          body: { pollId: id, respondentId: rid, answers: input.answers },
        });
        return { kind: 'submitted', result: outcome };
      } catch (error) {
        if (isApiError(error) && error.code === Code.POLL_ANSWERS_INVALID)
          return refusedAnswers(error, refusedQuestionOf(error));
        if (isApiError(error) && error.code === Code.ALREADY_JOINED) return { kind: 'alreadySubmitted' };
        throw error;
      }
    }),
  },
});

/** The longest fill-in answer of the personal questionnaire (BasicSurveyBody). */
const BASIC_TEXT_MAX = 500;

/** The personal questionnaire 个人属性问卷, prefilled with earlier answers; entered with `{ request: null }`. */
export const userSurveyMachine = pollAnswerMachine.provide({
  actors: {
    // No abort signal: see taskPollMachine (StrictMode remount would turn the aborted request into an error).
    load: fromPromise<PollForm, unknown>(async () => {
      const survey = await quietApi.call('getBasicSurvey');
      const questions: FormQuestion[] = survey.questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        title: q.title,
        required: q.required,
        maxChoices: q.maxChoices,
        minLength: 0,
        maxLength: BASIC_TEXT_MAX,
        options: q.options,
        rows: [],
        input: q.input,
        placeholder: q.placeholder,
      }));
      const answers: Answers = {};
      for (const q of survey.questions)
        if (q.answer) answers[q.id] = { optionIds: q.answer.optionIds, text: q.answer.text ?? '', matrix: [] };
      const meta: BasicSurveyInfo = { completed: survey.completed, rewardPoints: survey.rewardPoints };
      return { questions, answers, alreadySubmitted: false, meta };
    }),
    submit: fromPromise<SubmitOutcome, SubmitRequest>(async ({ input }) => {
      try {
        const result = await quietApi.call('submitBasicSurvey', {
          body: {
            answers: input.answers.map((a) => ({
              questionId: a.questionId,
              optionIds: a.optionIds,
              ...(a.text !== undefined ? { text: a.text } : {}),
            })),
          },
        });
        return { kind: 'submitted', result: result satisfies BasicSurveyOutcome };
      } catch (error) {
        // A refused answer (invalid, or a locked property such as the birthday) names its question.
        const questionId = isApiError(error) ? refusedQuestionOf(error) : null;
        if (isApiError(error) && (error.code === Code.POLL_ANSWERS_INVALID || typeof questionId === 'number'))
          return refusedAnswers(error, questionId);
        throw error;
      }
    }),
  },
});

/** Places under `parentId` from /v1/jd/cities. */
export const loadRegions: RegionLoader = async (parentId) => {
  const list = await quietApi.call('listRegions', { query: { parentId } });
  return list.map((r) => ({ id: r.id, name: r.name, leaf: r.leaf }));
};

/**
 * One questionnaire being answered: the machine's view, the questionnaire's props for the page's
 * view (`form`), and a warning before leaving with unsent answers.
 */
export function usePollAnswer<Meta, Result>(machine: typeof pollAnswerMachine, input: PollAnswerInput) {
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, (s) => selectPollAnswerView<Meta, Result>(s), shallowEqual);
  useLeaveWarning(useEdited(view.answers, view.status) && view.editable);
  const form: PollAnswerFormProps = {
    questions: view.questions,
    answers: view.answers,
    errors: view.errors,
    focusRequest: view.focusRequest,
    progress: view.progress,
    serverMessage: view.serverMessage,
    loadError: view.loadError,
    submitError: view.submitError,
    onAnswer: (questionId: number, answer: Answer) => actor.send({ type: 'user.answer', questionId, answer }),
    onSubmit: () => actor.send({ type: 'user.submit' }),
    onRetry: () => actor.send({ type: 'user.retry' }),
  };
  return { view, form };
}
