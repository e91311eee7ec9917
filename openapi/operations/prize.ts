/** Prize trials (产品试用). */
import { op } from '../op';
import { IdParam } from '../schemas/common';
import { AnswerProblem } from '../schemas/polls';
import {
  PrizeApplyResult,
  PrizeReportBody,
  PrizeReportForm,
  PrizeReportResult,
  PrizeResult,
  PrizeShipTo,
  PrizeTrialDetail,
  PrizeTrialList,
} from '../schemas/prize';

export const listPrizes = op({
  id: 'listPrizes',
  method: 'get',
  path: '/v1/prizes',
  auth: 'optional',
  tag: 'rewards',
  summary: '产品试用列表：进行中与即将开始的，以及最近开奖的',
  response: PrizeTrialList,
});

export const getPrize = op({
  id: 'getPrize',
  method: 'get',
  path: '/v1/prizes/{id}',
  auth: 'optional',
  tag: 'rewards',
  summary: '一个试用的详情，登录时附我是否符合条件、是否已申请',
  params: IdParam,
  response: PrizeTrialDetail,
});

export const applyPrize = op({
  id: 'applyPrize',
  method: 'post',
  path: '/v1/prizes/{id}/apply',
  auth: 'member',
  tag: 'rewards',
  summary: '申请试用：申请时间内且符合条件；同一试用只申请一次，重复提交答复原申请',
  params: IdParam,
  response: PrizeApplyResult,
});

export const getPrizeResult = op({
  id: 'getPrizeResult',
  method: 'get',
  path: '/v1/prizes/{id}/result',
  auth: 'optional',
  tag: 'rewards',
  summary: '开奖结果：中签者（脱敏）、公开的种子与全部申请的复核数据、我的结果',
  params: IdParam,
  response: PrizeResult,
});

export const confirmPrizeShipTo = op({
  id: 'confirmPrizeShipTo',
  method: 'post',
  path: '/v1/prizes/{id}/ship-to',
  auth: 'member',
  tag: 'rewards',
  summary: '中签者确认用已有的收货地址收货（地址在“收货地址”页面维护）',
  params: IdParam,
  response: PrizeShipTo,
});

export const getPrizeReport = op({
  id: 'getPrizeReport',
  method: 'get',
  path: '/v1/prizes/{id}/report',
  auth: 'member',
  tag: 'rewards',
  summary: '中签者的试用报告问卷（试用品寄出后可填写）',
  params: IdParam,
  response: PrizeReportForm,
});

export const submitPrizeReport = op({
  id: 'submitPrizeReport',
  method: 'post',
  path: '/v1/prizes/{id}/report',
  auth: 'member',
  tag: 'rewards',
  summary: '提交试用报告：仅中签且已寄出；每个中签申请记一次微豆，重复提交答复第一次的结果',
  params: IdParam,
  body: PrizeReportBody,
  response: PrizeReportResult,
  refusals: { POLL_ANSWERS_INVALID: AnswerProblem },
});
