/** Tasks: list, detail, records, hand-off and return (the process path), partner postbacks, recommendations and browse tasks. */
import { z } from 'zod';
import { op } from '../op';
import { HashIdParam } from '../schemas/common';
import {
  BrowseRedirect,
  BrowseRedirectQuery,
  PartnerParam,
  PostbackAck,
  PostbackQuery,
  RecommendQuery,
  RespondentParam,
  TaskCallbackBody,
  TaskCard,
  TaskDetail,
  TaskListQuery,
  TaskOutcome,
  TaskPage,
  TaskRecordPage,
  TaskRecordQuery,
  TaskStart,
  TaskSummary,
  WatchRemaining,
} from '../schemas/tasks';

export const listTasks = op({
  id: 'listTasks',
  method: 'get',
  path: '/v1/tasks',
  auth: 'member',
  tag: 'tasks',
  summary: '任务列表：按模块分页，只含我可参加的开放任务',
  query: TaskListQuery,
  response: TaskPage,
});

export const getTaskSummary = op({
  id: 'getTaskSummary',
  method: 'get',
  path: '/v1/tasks/summary',
  auth: 'member',
  tag: 'tasks',
  summary: '我的任务概况：各模块可参加数、参与与完成次数、任务所得微豆',
  response: TaskSummary,
});

export const getTask = op({
  id: 'getTask',
  method: 'get',
  path: '/v1/tasks/{id}',
  auth: 'member',
  tag: 'tasks',
  summary: '任务详情（按哈希 id），含我能否开始及原因',
  params: HashIdParam,
  response: TaskDetail,
});

export const listTaskRecords = op({
  id: 'listTaskRecords',
  method: 'get',
  path: '/v1/users/tasks',
  auth: 'member',
  tag: 'tasks',
  summary: '我的任务记录：参与结果、获得微豆、低质量原因',
  query: TaskRecordQuery,
  response: TaskRecordPage,
});

export const startTask = op({
  id: 'startTask',
  method: 'post',
  path: '/v1/process/tasks/{id}/start',
  auth: 'member',
  tag: 'tasks',
  summary: '开始任务：生成唯一答卷编号并给出答题地址；进行中的参与原样返回（继续答题）',
  params: HashIdParam,
  response: TaskStart,
  refusals: { ALREADY_JOINED: TaskStart },
});

export const submitTaskCallback = op({
  id: 'submitTaskCallback',
  method: 'post',
  path: '/v1/process/tasks/callback',
  auth: 'member',
  tag: 'tasks',
  summary: '回跳结算：校验合作方签名与时效，按状态结算并经账本入账一次；重复提交得到同一结果',
  body: TaskCallbackBody,
  response: TaskOutcome,
});

export const getTaskOutcome = op({
  id: 'getTaskOutcome',
  method: 'get',
  path: '/v1/process/participations/{rid}',
  auth: 'member',
  tag: 'tasks',
  summary: '查看一次参与的结算结果（只能看自己的）',
  params: RespondentParam,
  response: TaskOutcome,
});

export const finishWatchTask = op({
  id: 'finishWatchTask',
  method: 'post',
  path: '/v1/process/participations/{rid}/finish',
  auth: 'member',
  tag: 'tasks',
  summary: '观看/浏览类任务：停留满规定秒数后结算（服务器按开始时间核对）',
  params: RespondentParam,
  response: TaskOutcome,
  refusals: { WATCH_TOO_SHORT: WatchRemaining },
});

export const partnerPostback = op({
  id: 'partnerPostback',
  method: 'get',
  path: '/v1/partners/{partner}/postback',
  auth: 'none',
  tag: 'tasks',
  summary: '合作方服务器回调/对账（签名同回跳地址）；重复通知返回成功且不重复入账',
  params: PartnerParam,
  query: PostbackQuery,
  response: PostbackAck,
});

export const listRecommendedTasks = op({
  id: 'listRecommendedTasks',
  method: 'get',
  path: '/v1/tasks/recommend',
  auth: 'optional',
  tag: 'content',
  summary: '推荐任务（登录后按会员属性推荐）',
  query: RecommendQuery,
  response: z.array(TaskCard).meta({ description: '推荐任务' }),
});

export const browseRedirect = op({
  id: 'browseRedirect',
  method: 'get',
  path: '/v1/browse/redirect',
  auth: 'optional',
  tag: 'content',
  summary: '浏览类任务的跳转地址（登录会员记录浏览）',
  query: BrowseRedirectQuery,
  response: BrowseRedirect,
});
