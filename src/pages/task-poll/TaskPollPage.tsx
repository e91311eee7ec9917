import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  pollAnswerMachine,
  selectPollAnswerView,
  type PollAnswerView,
  type PollForm,
  type SubmitOutcome,
  type SubmitRequest,
} from '../../../machines/pollAnswer';
import { Code } from '../../../openapi/codes';
import { api, isApiError } from '../../api';
import { useEdited, useLeaveWarning } from '../../components/poll';
import { TaskPollView, type PollInfo, type PollOutcome } from './TaskPollView';

/**
 * Container of `/task/poll/{id}?rid=…` (the entry URL of an in-house poll task): the
 * questionnaire-answering machine (machines/pollAnswer.ts) over GET /v1/polls/{id}?rid and
 * POST /v1/polls. An accepted submission goes on to `/survey/end?rid=…` (the outcome and the
 * weidou); a foreign, unknown or malformed answer id is a clear error page, not a retry loop.
 */

interface PollRequest {
  id: number;
  rid: string;
}

/** Where the outcome of an answer id is shown. */
export const resultPathOf = (rid: string) => `/survey/end?rid=${encodeURIComponent(rid)}`;

/** A load failure in zh-CN, and whether trying again can help. */
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
  if (code === 0 || code === Code.RATE_LIMITED || code >= 500 || code < 0)
    return { code, msg: error.msg || '网络错误，请稍后重试', retryable: true };
  // Task rules (closed, not eligible, …): the server's message says why; retrying changes nothing.
  return { code, msg: error.msg || '暂时无法作答这份问卷', retryable: false };
}

const taskPollMachine = pollAnswerMachine.provide({
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
          msg: '答题链接缺少有效的答题 id，请从任务详情页点击“开始任务”进入。',
          retryable: false,
        };
      try {
        const poll = await api.call('getPoll', { params: { id }, query: { rid } });
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
        const outcome = await api.call('submitPoll', {
          body: { pollId: id, respondentId: rid, answers: input.answers },
        });
        return { kind: 'submitted', result: outcome };
      } catch (error) {
        if (isApiError(error) && error.code === Code.POLL_ANSWERS_INVALID) {
          const questionId = (error.data as { questionId?: unknown } | undefined)?.questionId;
          const message = error.msg || '答卷不完整或有误，请检查后再提交';
          return {
            kind: 'invalid',
            message,
            ...(typeof questionId === 'number' ? { errors: { [questionId]: message } } : {}),
          };
        }
        if (isApiError(error) && error.code === Code.ALREADY_JOINED) return { kind: 'alreadySubmitted' };
        throw error;
      }
    }),
  },
});

export default function TaskPollPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const rid = (search.get('rid') ?? '').trim();
  // Another questionnaire or answer id is a fresh machine.
  return <TaskPollScreen key={`${params.id}:${rid}`} id={id} rid={rid} />;
}

function TaskPollScreen({ id, rid }: PollRequest) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const [machine] = useState(() =>
    taskPollMachine.provide({
      actions: {
        // Accepted: the outcome page (/survey/end) shows the result and the weidou.
        announceSubmitted: () => navigateRef.current(resultPathOf(rid), { replace: true }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { request: { id, rid } satisfies PollRequest } });
  const view = useSelector(actor, (s) => selectPollAnswerView<PollInfo, PollOutcome>(s), sameView);
  useLeaveWarning(useEdited(view.answers, view.status) && view.editable);

  return (
    <TaskPollView
      status={view.status}
      poll={view.meta}
      questions={view.questions}
      answers={view.answers}
      errors={view.errors}
      focusRequest={view.focusRequest}
      progress={view.progress}
      serverMessage={view.serverMessage}
      loadError={view.loadError}
      submitError={view.submitError}
      canRetry={view.canRetry}
      outcome={view.result}
      resultPath={rid ? resultPathOf(rid) : null}
      onAnswer={(questionId, answer) => actor.send({ type: 'user.answer', questionId, answer })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}

function sameView(a: PollAnswerView<PollInfo, PollOutcome>, b: PollAnswerView<PollInfo, PollOutcome>): boolean {
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
    a.canRetry === b.canRetry &&
    a.result === b.result
  );
}
