import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  pollAnswerMachine,
  selectPollAnswerView,
  type PollAnswerView,
  type PollForm,
  type SubmitOutcome,
  type SubmitRequest,
} from '../../../machines/pollAnswer';
import type { Answers, FormQuestion } from '../../../machines/pollRules';
import { Code } from '../../../openapi/codes';
import { api, isApiError } from '../../api';
import { useSessionView } from '../../flows/session';
import { useEdited, useLeaveWarning, type RegionLoader } from '../../components/poll';
import { UserSurveyView, type BasicSurveyInfo, type BasicSurveyOutcome } from './UserSurveyView';

/**
 * Container of `/user/survey` 个人属性问卷. Public (spec §2), but answering needs a login: a
 * logged-out visitor gets a login prompt that comes back here. Logged in: the questionnaire-
 * answering machine (machines/pollAnswer.ts) over GET/POST /v1/users/survey/basic, prefilled with
 * earlier answers; region questions read /v1/jd/cities.
 */

/** The longest fill-in answer of the personal questionnaire (BasicSurveyBody). */
const BASIC_TEXT_MAX = 500;

const userSurveyMachine = pollAnswerMachine.provide({
  actors: {
    // No abort signal: see TaskPollPage (StrictMode remount would turn the aborted request into an error).
    load: fromPromise<PollForm, unknown>(async () => {
      const survey = await api.call('getBasicSurvey');
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
        const result = await api.call('submitBasicSurvey', {
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
        const questionId = isApiError(error) ? (error.data as { questionId?: unknown } | undefined)?.questionId : null;
        if (isApiError(error) && (error.code === Code.POLL_ANSWERS_INVALID || typeof questionId === 'number')) {
          const message = error.msg || '答卷不完整或有误，请检查后再提交';
          return {
            kind: 'invalid',
            message,
            ...(typeof questionId === 'number' ? { errors: { [questionId]: message } } : {}),
          };
        }
        throw error;
      }
    }),
  },
});

/** Places under `parentId` from /v1/jd/cities. */
const loadRegions: RegionLoader = async (parentId) => {
  const list = await api.call('listRegions', { query: { parentId } });
  return list.map((r) => ({ id: r.id, name: r.name, leaf: r.leaf }));
};

export default function UserSurveyPage() {
  const { loggedIn } = useSessionView();
  const location = useLocation();
  if (!loggedIn) {
    const here = `${location.pathname}${location.search}`;
    return (
      <UserSurveyView
        status="loggedOut"
        survey={null}
        questions={[]}
        answers={{}}
        errors={{}}
        focusRequest={0}
        progress={{ answered: 0, total: 0, requiredLeft: 0 }}
        loginPath={`/login?redirect=${encodeURIComponent(here)}`}
      />
    );
  }
  return <UserSurveyForm />;
}

function UserSurveyForm() {
  const actor = useActorRef(userSurveyMachine, { input: { request: null } });
  const view = useSelector(actor, (s) => selectPollAnswerView<BasicSurveyInfo, BasicSurveyOutcome>(s), sameView);
  useLeaveWarning(useEdited(view.answers, view.status) && view.editable);
  const status = view.status === 'alreadySubmitted' ? 'submitted' : view.status;
  return (
    <UserSurveyView
      status={status}
      survey={view.meta}
      questions={view.questions}
      answers={view.answers}
      errors={view.errors}
      focusRequest={view.focusRequest}
      progress={view.progress}
      serverMessage={view.serverMessage}
      loadError={view.loadError}
      submitError={view.submitError}
      result={view.result}
      loadRegions={loadRegions}
      onAnswer={(questionId, answer) => actor.send({ type: 'user.answer', questionId, answer })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}

function sameView(
  a: PollAnswerView<BasicSurveyInfo, BasicSurveyOutcome>,
  b: PollAnswerView<BasicSurveyInfo, BasicSurveyOutcome>,
): boolean {
  return (
    a.status === b.status &&
    a.questions === b.questions &&
    a.answers === b.answers &&
    a.errors === b.errors &&
    a.focusRequest === b.focusRequest &&
    a.meta === b.meta &&
    a.serverMessage === b.serverMessage &&
    a.loadError === b.loadError &&
    a.submitError === b.submitError &&
    a.result === b.result
  );
}
