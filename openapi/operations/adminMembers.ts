/** The console's member pages: search, member 360, the writes on a member, 微豆 adjustments. */
import { z } from 'zod';
import { op } from '../op';
import {
  Adjustment,
  AdjustmentPage,
  AdjustmentQuery,
  DecideAdjustmentBody,
  Member360,
  MemberContact,
  MemberIdParam,
  MemberLedgerPage,
  MemberSearchPage,
  MemberSearchQuery,
  MemberState,
  MessageMemberBody,
  MessageSent,
  ReasonBody,
  RejectAdjustmentBody,
  RequestAdjustmentBody,
} from '../schemas/adminMembers';
import { PageQuery } from '../schemas/common';

export const searchMembers = op({
  id: 'searchMembers',
  method: 'get',
  path: '/admin/v1/members',
  auth: 'staff',
  permission: 'member.read',
  tag: 'admin',
  summary: '查找会员：手机号、会员号、会员 id、昵称前缀或邀请码',
  query: MemberSearchQuery,
  response: MemberSearchPage,
});

export const getMember360 = op({
  id: 'getMember360',
  method: 'get',
  path: '/admin/v1/members/{id}',
  auth: 'staff',
  permission: 'member.read',
  tag: 'admin',
  summary: '会员全貌：资料（脱敏）、余额、流水、任务、兑换、权益、邀请、反馈、登录、设备与 IP、冻结、待复核调整',
  params: MemberIdParam,
  response: Member360,
});

export const getMemberLedger = op({
  id: 'getMemberLedger',
  method: 'get',
  path: '/admin/v1/members/{id}/ledger',
  auth: 'staff',
  permission: 'member.read',
  tag: 'admin',
  summary: '会员的微豆流水（分页）',
  params: MemberIdParam,
  query: PageQuery,
  response: MemberLedgerPage,
});

export const revealMemberContact = op({
  id: 'revealMemberContact',
  method: 'post',
  path: '/admin/v1/members/{id}/reveal',
  auth: 'staff',
  permission: 'member.reveal',
  tag: 'admin',
  summary: '查看会员完整手机号与实名信息（记入审计日志）',
  params: MemberIdParam,
  body: ReasonBody,
  response: MemberContact,
});

export const freezeMember = op({
  id: 'freezeMember',
  method: 'post',
  path: '/admin/v1/members/{id}/freeze',
  auth: 'staff',
  permission: 'member.freeze',
  tag: 'admin',
  summary: '冻结会员：结束其全部登录，不能登录、兑换或参与任务（原因会告诉会员）',
  params: MemberIdParam,
  body: ReasonBody,
  response: MemberState,
});

export const unfreezeMember = op({
  id: 'unfreezeMember',
  method: 'post',
  path: '/admin/v1/members/{id}/unfreeze',
  auth: 'staff',
  permission: 'member.freeze',
  tag: 'admin',
  summary: '解冻会员',
  params: MemberIdParam,
  body: ReasonBody,
  response: MemberState,
});

export const endMemberSessions = op({
  id: 'endMemberSessions',
  method: 'post',
  path: '/admin/v1/members/{id}/end-sessions',
  auth: 'staff',
  permission: 'member.sessions',
  tag: 'admin',
  summary: '结束会员在所有设备上的登录',
  params: MemberIdParam,
  body: ReasonBody,
  response: MemberState,
});

export const messageMember = op({
  id: 'messageMember',
  method: 'post',
  path: '/admin/v1/members/{id}/message',
  auth: 'staff',
  permission: 'member.message',
  tag: 'admin',
  summary: '给会员发一条站内消息',
  params: MemberIdParam,
  body: MessageMemberBody,
  response: MessageSent,
});

export const requestAdjustment = op({
  id: 'requestAdjustment',
  method: 'post',
  path: '/admin/v1/members/{id}/adjustments',
  auth: 'staff',
  permission: 'balance.adjust',
  freshTotp: true,
  tag: 'admin',
  summary: '发起微豆调整：不超过复核门槛的立即入账，超过的等另一位同事复核（需动态码）',
  params: MemberIdParam,
  body: RequestAdjustmentBody,
  response: Adjustment,
});

export const listAdjustments = op({
  id: 'listAdjustments',
  method: 'get',
  path: '/admin/v1/adjustments',
  auth: 'staff',
  permission: 'balance.approve',
  tag: 'admin',
  summary: '微豆调整列表（按状态、会员筛选）',
  query: AdjustmentQuery,
  response: AdjustmentPage,
});

export const approveAdjustment = op({
  id: 'approveAdjustment',
  method: 'post',
  path: '/admin/v1/adjustments/{id}/approve',
  auth: 'staff',
  permission: 'balance.approve',
  freshTotp: true,
  tag: 'admin',
  summary: '复核通过并入账（不能复核自己发起的；需动态码）',
  params: z.object({ id: MemberIdParam.shape.id.meta({ description: '调整 id' }) }),
  body: DecideAdjustmentBody,
  response: Adjustment,
});

export const rejectAdjustment = op({
  id: 'rejectAdjustment',
  method: 'post',
  path: '/admin/v1/adjustments/{id}/reject',
  auth: 'staff',
  permission: 'balance.approve',
  freshTotp: true,
  tag: 'admin',
  summary: '驳回微豆调整（不能驳回自己发起的；需动态码）',
  params: z.object({ id: MemberIdParam.shape.id.meta({ description: '调整 id' }) }),
  body: RejectAdjustmentBody,
  response: Adjustment,
});
