/** Login, registration, tokens and invite registration. */
import { MEMBER_GONE, op } from '../op';
import {
  AuthTokens,
  InviteCheck,
  InviteCheckBody,
  InviteCodeBody,
  InviteRegisterBody,
  LoginLockWait,
  LoginTriesLeft,
  LoginResult,
  LogoutBody,
  PasswordLoginBody,
  PasswordResetBody,
  RsaPublicKey,
  SmsLoginBody,
  SmsRegisterBody,
  TokenRefreshBody,
} from '../schemas/auth';
import { Ok } from '../schemas/common';
import { ResendWait, SmsSent } from '../schemas/sms';

export const getRsaKey = op({
  id: 'getRsaKey',
  method: 'get',
  path: '/v1/auth/rsa-key',
  auth: 'none',
  tag: 'auth',
  summary: '获取加密手机号与验证码用的 RSA 公钥',
  response: RsaPublicKey,
});

export const smsLogin = op({
  id: 'smsLogin',
  method: 'post',
  path: '/auth/sms/login',
  auth: 'none',
  tag: 'auth',
  summary: '手机号 + 短信验证码登录；未注册的手机号登录即注册（须同意协议）',
  body: SmsLoginBody,
  response: LoginResult,
  unauthorized: MEMBER_GONE,
});

export const passwordLogin = op({
  id: 'passwordLogin',
  method: 'post',
  path: '/auth/password/login',
  auth: 'none',
  tag: 'auth',
  summary: '手机号 + 密码登录',
  body: PasswordLoginBody,
  response: LoginResult,
  refusals: { LOGIN_LOCKED: LoginLockWait, WRONG_CREDENTIALS: LoginTriesLeft.optional() },
  unauthorized: MEMBER_GONE,
});

export const smsRegister = op({
  id: 'smsRegister',
  method: 'post',
  path: '/auth/sms/register',
  auth: 'none',
  tag: 'auth',
  summary: '手机号 + 短信验证码注册（成功即登录）',
  body: SmsRegisterBody,
  response: LoginResult,
  unauthorized: MEMBER_GONE,
});

export const refreshToken = op({
  id: 'refreshToken',
  method: 'post',
  path: '/v1/auth/token/refresh',
  auth: 'none',
  tag: 'auth',
  summary: '用刷新令牌换取新的令牌（刷新令牌轮换）',
  body: TokenRefreshBody,
  response: AuthTokens,
  unauthorized: '刷新令牌无效、已过期或已被吊销；重复使用的刷新令牌会吊销整个登录会话',
});

export const logout = op({
  id: 'logout',
  method: 'post',
  path: '/v1/auth/logout',
  auth: 'member',
  tag: 'auth',
  summary: '退出登录：吊销当前登录会话，刷新令牌随之失效',
  body: LogoutBody,
  response: Ok,
});

export const resetPassword = op({
  id: 'resetPassword',
  method: 'post',
  path: '/v1/auth/password/reset',
  auth: 'none',
  tag: 'auth',
  summary: '忘记密码：短信验证后重设密码',
  body: PasswordResetBody,
  response: Ok,
});

export const inviteRegister = op({
  id: 'inviteRegister',
  method: 'post',
  path: '/v1/auth/invite',
  auth: 'none',
  tag: 'auth',
  summary: '通过邀请链接注册（成功即登录）',
  body: InviteRegisterBody,
  response: LoginResult,
  unauthorized: MEMBER_GONE,
});

export const checkInvite = op({
  id: 'checkInvite',
  method: 'post',
  path: '/v1/auth/invite/check',
  auth: 'none',
  tag: 'auth',
  summary: '校验邀请码（并可判断手机号是否已注册）',
  body: InviteCheckBody,
  response: InviteCheck,
});

export const sendInviteCode = op({
  id: 'sendInviteCode',
  method: 'post',
  path: '/v1/auth/invite/code',
  auth: 'none',
  tag: 'auth',
  summary: '邀请注册：向被邀请人手机号发送短信验证码',
  body: InviteCodeBody,
  response: SmsSent,
  refusals: { SEND_TOO_FREQUENT: ResendWait },
  limited: '全站每小时发出的验证码达到上限时（验证码服务繁忙）',
});
