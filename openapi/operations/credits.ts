/** Credit (权益值) and its ledger. */
import { op } from '../op';
import { PageQuery } from '../schemas/common';
import { CreditListQuery, CreditPage, CreditSummary, InviteCreditPage } from '../schemas/credits';

export const getCredit = op({
  id: 'getCredit',
  method: 'get',
  path: '/v1/users/credit',
  auth: 'member',
  tag: 'user',
  summary: '我的权益值与等级',
  response: CreditSummary,
});

export const listCredits = op({
  id: 'listCredits',
  method: 'get',
  path: '/v1/credits',
  auth: 'member',
  tag: 'user',
  summary: '权益值明细',
  query: CreditListQuery,
  response: CreditPage,
});

export const listInviteCredits = op({
  id: 'listInviteCredits',
  method: 'get',
  path: '/v1/credits/invite',
  auth: 'member',
  tag: 'user',
  summary: '邀请好友获得的权益值明细',
  query: PageQuery,
  response: InviteCreditPage,
});
