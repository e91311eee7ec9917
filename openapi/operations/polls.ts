/** In-house questionnaires. */
import { op } from '../op';
import { IdParam } from '../schemas/common';
import { AnswerProblem, Poll, PollQuery, PollSubmitBody } from '../schemas/polls';
import { TaskOutcome } from '../schemas/tasks';

export const getPoll = op({
  id: 'getPoll',
  method: 'get',
  path: '/v1/polls/{id}',
  auth: 'member',
  tag: 'tasks',
  summary: '站内问卷题目（作为任务作答时带答卷编号）',
  params: IdParam,
  query: PollQuery,
  response: Poll,
});

export const submitPoll = op({
  id: 'submitPoll',
  method: 'post',
  path: '/v1/polls',
  auth: 'member',
  tag: 'tasks',
  summary: '提交站内问卷：校验作答、做质量检查、结算并入账一次',
  body: PollSubmitBody,
  response: TaskOutcome,
  refusals: { POLL_ANSWERS_INVALID: AnswerProblem },
});
