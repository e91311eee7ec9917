/** SMS and e-mail verification codes. */
import { op } from '../op';
import {
  AuthSmsSendBody,
  EmailSendBody,
  MemberSmsSendBody,
  NewMobileSmsBody,
  ResendWait,
  SmsCheckBody,
  SmsSent,
  SmsVerified,
} from '../schemas/sms';

export const sendAuthSms = op({
  id: 'sendAuthSms',
  method: 'post',
  path: '/v1/auth/sms/send',
  auth: 'none',
  tag: 'sms',
  summary: '未登录发送短信验证码（登录、注册、找回密码、绑定）',
  body: AuthSmsSendBody,
  response: SmsSent,
  refusals: { SEND_TOO_FREQUENT: ResendWait },
  limited: '全站每小时发出的验证码达到上限时（验证码服务繁忙）',
});

export const sendNewMobileSms = op({
  id: 'sendNewMobileSms',
  method: 'post',
  path: '/v1/sms/new-mobile',
  auth: 'member',
  tag: 'sms',
  summary: '更换手机号：向新手机号发送验证码',
  body: NewMobileSmsBody,
  response: SmsSent,
  refusals: { SEND_TOO_FREQUENT: ResendWait },
  limited: '全站每小时发出的验证码达到上限时（验证码服务繁忙）',
});

export const sendMemberSms = op({
  id: 'sendMemberSms',
  method: 'post',
  path: '/v1/sms/send',
  auth: 'member',
  tag: 'sms',
  summary: '向本人已绑定手机号发送验证码（敏感操作前）',
  body: MemberSmsSendBody,
  response: SmsSent,
  refusals: { SEND_TOO_FREQUENT: ResendWait },
  limited: '全站每小时发出的验证码达到上限时（验证码服务繁忙）',
});

export const checkMemberSms = op({
  id: 'checkMemberSms',
  method: 'post',
  path: '/v1/sms/check',
  auth: 'member',
  tag: 'sms',
  summary: '校验发往本人手机的验证码，换取一次性验证票据',
  body: SmsCheckBody,
  response: SmsVerified,
});

export const sendEmailCode = op({
  id: 'sendEmailCode',
  method: 'post',
  path: '/v1/email/send',
  auth: 'member',
  tag: 'sms',
  summary: '向邮箱发送绑定验证码',
  body: EmailSendBody,
  response: SmsSent,
  refusals: { SEND_TOO_FREQUENT: ResendWait },
  limited: '全站每小时发出的验证码达到上限时（验证码服务繁忙）',
});
