/** Feedback tickets (our own calls: the spec names the pages and the six states, not the calls). */
import { op } from '../op';
import { IdParam } from '../schemas/common';
import {
  CreateFeedbackBody,
  FeedbackDetail,
  FeedbackListQuery,
  FeedbackPage,
  FeedbackRateBody,
  FeedbackRecord,
  FeedbackRecordQuery,
  FeedbackReopenBody,
  FeedbackReplyBody,
} from '../schemas/feedback';

export const getFeedbackRecord = op({
  id: 'getFeedbackRecord',
  method: 'get',
  path: '/v1/feedback/record',
  auth: 'member',
  tag: 'user',
  summary: '反馈表单预填：我的一条任务、兑换或权益记录',
  query: FeedbackRecordQuery,
  response: FeedbackRecord,
});

export const createFeedback = op({
  id: 'createFeedback',
  method: 'post',
  path: '/v1/feedback',
  auth: 'member',
  tag: 'user',
  summary: '提交反馈（同一请求 key 只建一条）',
  body: CreateFeedbackBody,
  response: FeedbackDetail,
});

export const listFeedback = op({
  id: 'listFeedback',
  method: 'get',
  path: '/v1/feedback',
  auth: 'member',
  tag: 'user',
  summary: '我的反馈',
  query: FeedbackListQuery,
  response: FeedbackPage,
});

export const getFeedback = op({
  id: 'getFeedback',
  method: 'get',
  path: '/v1/feedback/{id}',
  auth: 'member',
  tag: 'user',
  summary: '一条反馈及其回复',
  params: IdParam,
  response: FeedbackDetail,
});

export const replyFeedback = op({
  id: 'replyFeedback',
  method: 'post',
  path: '/v1/feedback/{id}/reply',
  auth: 'member',
  tag: 'user',
  summary: '补充回复（待反馈、待确认时交回客服处理）',
  params: IdParam,
  body: FeedbackReplyBody,
  response: FeedbackDetail,
});

export const confirmFeedback = op({
  id: 'confirmFeedback',
  method: 'post',
  path: '/v1/feedback/{id}/confirm',
  auth: 'member',
  tag: 'user',
  summary: '确认问题已解决',
  params: IdParam,
  response: FeedbackDetail,
});

export const reopenFeedback = op({
  id: 'reopenFeedback',
  method: 'post',
  path: '/v1/feedback/{id}/reopen',
  auth: 'member',
  tag: 'user',
  summary: '重新打开已确认的反馈（确认后 7 天内）',
  params: IdParam,
  body: FeedbackReopenBody,
  response: FeedbackDetail,
});

export const rateFeedback = op({
  id: 'rateFeedback',
  method: 'post',
  path: '/v1/feedback/{id}/rate',
  auth: 'member',
  tag: 'user',
  summary: '评价处理结果（已确认后，一次）',
  params: IdParam,
  body: FeedbackRateBody,
  response: FeedbackDetail,
});
