/** Inviting friends. */
import { op } from '../op';
import { InviteeListQuery, InviteePage, InviteInfo } from '../schemas/invites';

export const getInviteInfo = op({
  id: 'getInviteInfo',
  method: 'get',
  path: '/v1/users/invite',
  auth: 'member',
  tag: 'user',
  summary: '我的邀请码、邀请链接与邀请统计',
  response: InviteInfo,
});

export const listInvitees = op({
  id: 'listInvitees',
  method: 'get',
  path: '/v1/users/inviters',
  auth: 'member',
  tag: 'user',
  summary: '我邀请的好友',
  query: InviteeListQuery,
  response: InviteePage,
});
