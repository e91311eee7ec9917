import { z } from 'zod';
import { op } from '../op';
import { Ok } from '../schemas/common';
import {
  Account,
  AvatarBody,
  AvatarChanged,
  BasicSurvey,
  BasicSurveyBody,
  BasicSurveyResult,
  BindEmailBody,
  ChangeMobileBody,
  ChangePasswordBody,
  CheckinResult,
  CheckinStatus,
  Consignee,
  ConsigneeBody,
  CreditListQuery,
  CreditPage,
  CreditSummary,
  EmailBound,
  ExchangeInfo,
  FocusMember,
  FocusTask,
  FocusTaskQuery,
  IdVerify,
  IdVerifyBody,
  InviteCreditPage,
  InviteeListQuery,
  InviteePage,
  InviteInfo,
  MobileChanged,
  NicknameBody,
  Property,
  PropertyBody,
  SnsBinding,
  SnsOAuthBindBody,
  SnsUnbindBody,
  SurveyCheck,
  SurveyCheckQuery,
} from '../schemas/user';
import { PageQuery } from '../schemas/common';

const tag = 'user';

/* ---- account and security ---- */

export const getAccount = op({
  id: 'getAccount',
  method: 'get',
  path: '/v1/users/account',
  auth: 'member',
  tag,
  summary: '当前会员账户信息（昵称、头像、手机、余额等）',
  response: Account,
});

export const listSnsBindings = op({
  id: 'listSnsBindings',
  method: 'get',
  path: '/v1/users/sns',
  auth: 'member',
  tag,
  summary: '第三方账号绑定情况',
  response: z.array(SnsBinding).meta({ description: '各平台的绑定情况' }),
});

export const unbindSns = op({
  id: 'unbindSns',
  method: 'post',
  path: '/v1/users/sns/unbind',
  auth: 'member',
  tag,
  summary: '解绑第三方账号',
  body: SnsUnbindBody,
  response: Ok,
});

const bind = (platform: 'wechat' | 'qq' | 'weibo' | 'alipay', name: string) =>
  ({
    method: 'post',
    path: `/v1/users/${platform}/bind`,
    auth: 'member',
    tag,
    summary: `绑定${name}账号（授权回调后提交授权码）`,
    body: SnsOAuthBindBody,
    response: SnsBinding,
  }) as const;

export const bindWechat = op({ id: 'bindWechat', ...bind('wechat', '微信') });
export const bindQq = op({ id: 'bindQq', ...bind('qq', ' QQ ') });
export const bindWeibo = op({ id: 'bindWeibo', ...bind('weibo', '微博') });
export const bindAlipay = op({ id: 'bindAlipay', ...bind('alipay', '支付宝') });

export const updateNickname = op({
  id: 'updateNickname',
  method: 'post',
  path: '/v1/users/nickname',
  auth: 'member',
  tag,
  summary: '修改昵称',
  body: NicknameBody,
  response: Ok,
});

export const changeMobile = op({
  id: 'changeMobile',
  method: 'post',
  path: '/v1/users/mobile',
  auth: 'member',
  tag,
  summary: '更换（或首次绑定）手机号',
  body: ChangeMobileBody,
  response: MobileChanged,
});

export const changePassword = op({
  id: 'changePassword',
  method: 'post',
  path: '/v1/users/password',
  auth: 'member',
  tag,
  summary: '设置或修改登录密码',
  body: ChangePasswordBody,
  response: Ok,
});

export const bindEmail = op({
  id: 'bindEmail',
  method: 'post',
  path: '/v1/users/email',
  auth: 'member',
  tag,
  summary: '绑定或更换邮箱',
  body: BindEmailBody,
  response: EmailBound,
});

export const updateAvatar = op({
  id: 'updateAvatar',
  method: 'post',
  path: '/v1/users/avatar',
  auth: 'member',
  tag,
  summary: '设置头像（先上传到 OSS，再提交对象 key）',
  body: AvatarBody,
  response: AvatarChanged,
});

/* ---- check-in ---- */

export const getCheckin = op({
  id: 'getCheckin',
  method: 'get',
  path: '/v1/users/checkin',
  auth: 'member',
  tag,
  summary: '每日签到状态与本月签到日历',
  response: CheckinStatus,
});

export const checkin = op({
  id: 'checkin',
  method: 'post',
  path: '/v1/users/checkin',
  auth: 'member',
  tag,
  summary: '每日签到（今天已签到返回 5629）',
  response: CheckinResult,
});

/* ---- credit and invites ---- */

export const getCredit = op({
  id: 'getCredit',
  method: 'get',
  path: '/v1/users/credit',
  auth: 'member',
  tag,
  summary: '我的权益值与等级',
  response: CreditSummary,
});

export const listCredits = op({
  id: 'listCredits',
  method: 'get',
  path: '/v1/credits',
  auth: 'member',
  tag,
  summary: '权益值明细',
  query: CreditListQuery,
  response: CreditPage,
});

export const listInviteCredits = op({
  id: 'listInviteCredits',
  method: 'get',
  path: '/v1/credits/invite',
  auth: 'member',
  tag,
  summary: '邀请好友获得的权益值明细',
  query: PageQuery,
  response: InviteCreditPage,
});

export const getInviteInfo = op({
  id: 'getInviteInfo',
  method: 'get',
  path: '/v1/users/invite',
  auth: 'member',
  tag,
  summary: '我的邀请码、邀请链接与邀请统计',
  response: InviteInfo,
});

export const listInvitees = op({
  id: 'listInvitees',
  method: 'get',
  path: '/v1/users/inviters',
  auth: 'member',
  tag,
  summary: '我邀请的好友',
  query: InviteeListQuery,
  response: InviteePage,
});

/* ---- personal attributes, exchange prerequisites, identity, address ---- */

export const getProperty = op({
  id: 'getProperty',
  method: 'get',
  path: '/v1/users/property',
  auth: 'member',
  tag,
  summary: '个人属性',
  response: Property,
});

export const updateProperty = op({
  id: 'updateProperty',
  method: 'post',
  path: '/v1/users/property',
  auth: 'member',
  tag,
  summary: '修改个人属性',
  body: PropertyBody,
  response: Property,
});

export const getExchangeInfo = op({
  id: 'getExchangeInfo',
  method: 'get',
  path: '/v1/users/exchange-info',
  auth: 'member',
  tag,
  summary: '兑换前需要的会员信息（余额、实名、收款账号、收货地址）',
  response: ExchangeInfo,
});

export const getIdVerify = op({
  id: 'getIdVerify',
  method: 'get',
  path: '/v1/users/id-verify',
  auth: 'member',
  tag,
  summary: '实名认证状态',
  response: IdVerify,
});

export const submitIdVerify = op({
  id: 'submitIdVerify',
  method: 'post',
  path: '/v2/users/id-verfiy',
  auth: 'member',
  tag,
  summary: '提交实名认证（路径拼写沿用线上：id-verfiy）',
  body: IdVerifyBody,
  response: IdVerify,
});

export const getConsignee = op({
  id: 'getConsignee',
  method: 'get',
  path: '/v1/users/consignee',
  auth: 'member',
  tag,
  summary: '收货地址；未填写时 data 为 null',
  response: Consignee.nullable().meta({ description: '收货地址；未填写时为 null' }),
});

export const saveConsignee = op({
  id: 'saveConsignee',
  method: 'post',
  path: '/v1/users/consignee',
  auth: 'member',
  tag,
  summary: '保存收货地址',
  body: ConsigneeBody,
  response: Consignee,
});

/* ---- personal attribute questionnaire ---- */

export const checkBasicSurvey = op({
  id: 'checkBasicSurvey',
  method: 'get',
  path: '/v1/users/survey/check',
  auth: 'member',
  tag,
  summary: '个人属性问卷是否已完成（可针对某任务）',
  query: SurveyCheckQuery,
  response: SurveyCheck,
});

export const getBasicSurvey = op({
  id: 'getBasicSurvey',
  method: 'get',
  path: '/v1/users/survey/basic',
  auth: 'member',
  tag,
  summary: '个人属性问卷题目与已有回答',
  response: BasicSurvey,
});

export const submitBasicSurvey = op({
  id: 'submitBasicSurvey',
  method: 'post',
  path: '/v1/users/survey/basic',
  auth: 'member',
  tag,
  summary: '提交个人属性问卷（首次完成发放微豆）',
  body: BasicSurveyBody,
  response: BasicSurveyResult,
});

/* ---- forum (focus group) ---- */

export const getFocusMember = op({
  id: 'getFocusMember',
  method: 'get',
  path: '/focusMembers/info',
  auth: 'member',
  tag,
  summary: '当前会员在座谈会论坛中的身份与角色',
  query: FocusTaskQuery,
  response: FocusMember,
});

export const decodeFocusTask = op({
  id: 'decodeFocusTask',
  method: 'get',
  path: '/focusSections/decode/task',
  auth: 'optional',
  tag,
  summary: '由任务哈希 id 解析座谈会及其版块',
  query: FocusTaskQuery,
  response: FocusTask,
});
