import { z } from 'zod';
import { op } from '../op';
import { Ok } from '../schemas/common';
import {
  AuthTokens,
  InviteCheck,
  InviteCheckBody,
  InviteCodeBody,
  InviteRegisterBody,
  LoginResult,
  LogoutBody,
  PasswordLoginBody,
  PasswordResetBody,
  QrcodeCheck,
  QrcodeCheckQuery,
  QrcodeConfirmBody,
  QrcodeConfirmResult,
  QrcodeScanBody,
  QrcodeScanResult,
  QrcodeTicket,
  RsaPublicKey,
  SmsLoginBody,
  SmsRegisterBody,
  SnsAuthorize,
  SnsAuthorizeQuery,
  SnsBindBody,
  SnsCallbackQuery,
  SnsCallbackResult,
  SnsProvider,
  SnsRegisterBody,
  TokenRefreshBody,
} from '../schemas/auth';
import { SmsSent } from '../schemas/sms';

export const getRsaKey = op({
  id: 'getRsaKey',
  method: 'get',
  path: '/v1/auth/rsa-key',
  auth: 'none',
  tag: 'auth',
  summary: '获取加密手机号与验证码用的 RSA 公钥',
  response: RsaPublicKey,
});

/* ---- login, registration, tokens ---- */

export const smsLogin = op({
  id: 'smsLogin',
  method: 'post',
  path: '/auth/sms/login',
  auth: 'none',
  tag: 'auth',
  summary: '手机号 + 短信验证码登录',
  body: SmsLoginBody,
  response: LoginResult,
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

/* ---- QR login ---- */

export const getLoginQrcode = op({
  id: 'getLoginQrcode',
  method: 'get',
  path: '/v1/auth/qrcode/login',
  auth: 'none',
  tag: 'auth',
  summary: '电脑端获取扫码登录二维码',
  response: QrcodeTicket,
});

export const checkLoginQrcode = op({
  id: 'checkLoginQrcode',
  method: 'get',
  path: '/v1/auth/qrcode/check',
  auth: 'none',
  tag: 'auth',
  summary: '电脑端轮询扫码登录状态；确认后返回登录结果',
  query: QrcodeCheckQuery,
  response: QrcodeCheck,
});

export const scanLoginQrcode = op({
  id: 'scanLoginQrcode',
  method: 'post',
  path: '/v1/auth/qrcode/scan',
  auth: 'member',
  tag: 'auth',
  summary: '手机端扫码：查看请求登录的电脑设备，二维码进入“已扫码”状态',
  body: QrcodeScanBody,
  response: QrcodeScanResult,
});

export const confirmLoginQrcode = op({
  id: 'confirmLoginQrcode',
  method: 'post',
  path: '/v1/auth/qrcode/confirm',
  auth: 'member',
  tag: 'auth',
  summary: '手机端确认或拒绝电脑端扫码登录',
  body: QrcodeConfirmBody,
  response: QrcodeConfirmResult,
});

/* ---- invite registration (/app/invite) ---- */

export const inviteRegister = op({
  id: 'inviteRegister',
  method: 'post',
  path: '/v1/auth/invite',
  auth: 'none',
  tag: 'auth',
  summary: '通过邀请链接注册（成功即登录）',
  body: InviteRegisterBody,
  response: LoginResult,
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
});

/* ---- social login (/login/third, /open/*) ---- */

export const listSnsProviders = op({
  id: 'listSnsProviders',
  method: 'get',
  path: '/v1/auth/sns/providers',
  auth: 'none',
  tag: 'auth',
  summary: '已配置可用的第三方登录平台（未配置的不展示）',
  response: z.array(SnsProvider).meta({ description: '可用平台列表' }),
});

export const getSnsAuthorize = op({
  id: 'getSnsAuthorize',
  method: 'get',
  path: '/v1/auth/sns/authorize',
  auth: 'optional',
  tag: 'auth',
  summary: '获取第三方授权跳转地址（服务端生成 state；purpose=bind 需登录）',
  query: SnsAuthorizeQuery,
  response: SnsAuthorize,
});

const callback = (platform: 'alipay' | 'wechat' | 'qq' | 'weibo', name: string) =>
  ({
    method: 'get',
    path: `/v1/auth/${platform}/callback`,
    auth: 'none',
    tag: 'auth',
    summary: `${name}登录回调：用授权码登录，或返回绑定票据`,
    query: SnsCallbackQuery,
    response: SnsCallbackResult,
  }) as const;

export const alipayCallback = op({ id: 'alipayCallback', ...callback('alipay', '支付宝') });
export const wechatCallback = op({ id: 'wechatCallback', ...callback('wechat', '微信') });
export const qqCallback = op({ id: 'qqCallback', ...callback('qq', 'QQ ') });
export const weiboCallback = op({ id: 'weiboCallback', ...callback('weibo', '微博') });

export const snsBind = op({
  id: 'snsBind',
  method: 'post',
  path: '/v1/auth/sns/bind',
  auth: 'none',
  tag: 'auth',
  summary: '第三方账号绑定已注册手机号并登录',
  body: SnsBindBody,
  response: LoginResult,
});

export const snsRegister = op({
  id: 'snsRegister',
  method: 'post',
  path: '/v1/auth/sns/register',
  auth: 'none',
  tag: 'auth',
  summary: '第三方账号 + 手机号注册新会员并登录',
  body: SnsRegisterBody,
  response: LoginResult,
});
