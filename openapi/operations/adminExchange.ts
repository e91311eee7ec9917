/** The console's exchange review: the queue with risk signals, one exchange, approve, reject, bulk approve. */
import { op } from '../op';
import { IdParam } from '../schemas/common';
import {
  BulkApproveBody,
  BulkApproveResult,
  RejectExchangeBody,
  ReviewDecision,
  ReviewItem,
  ReviewQueuePage,
  ReviewQueueQuery,
} from '../schemas/adminExchange';

export const listReviewQueue = op({
  id: 'listReviewQueue',
  method: 'get',
  path: '/admin/v1/exchanges',
  auth: 'staff',
  permission: 'exchange.review',
  tag: 'admin',
  summary: '待审核兑换队列（最早的在前，含会员风险信号）',
  query: ReviewQueueQuery,
  response: ReviewQueuePage,
});

export const getReviewItem = op({
  id: 'getReviewItem',
  method: 'get',
  path: '/admin/v1/exchanges/{id}',
  auth: 'staff',
  permission: 'exchange.review',
  tag: 'admin',
  summary: '一条兑换的审核信息（风险信号、实名、状态历史）',
  params: IdParam,
  response: ReviewItem,
});

export const approveExchange = op({
  id: 'approveExchange',
  method: 'post',
  path: '/admin/v1/exchanges/{id}/approve',
  auth: 'staff',
  permission: 'exchange.review',
  tag: 'admin',
  summary: '审核通过（虚拟商品随即自动发放卡密）',
  params: IdParam,
  response: ReviewDecision,
});

export const rejectExchange = op({
  id: 'rejectExchange',
  method: 'post',
  path: '/admin/v1/exchanges/{id}/reject',
  auth: 'staff',
  permission: 'exchange.review',
  tag: 'admin',
  summary: '驳回兑换（退还微豆、恢复库存，原因会告诉会员）',
  params: IdParam,
  body: RejectExchangeBody,
  response: ReviewDecision,
});

export const bulkApproveExchanges = op({
  id: 'bulkApproveExchanges',
  method: 'post',
  path: '/admin/v1/exchanges/bulk-approve',
  auth: 'staff',
  permission: 'exchange.review',
  freshTotp: true,
  // Wrong codes count towards the sign-in lock: the fifth locks the account (with its wait).
  tag: 'admin',
  summary: '批量通过低风险兑换（需动态码；其他的列出原因跳过）',
  body: BulkApproveBody,
  response: BulkApproveResult,
});
