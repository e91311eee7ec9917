/** Third-party accounts: OAuth login and the member's bindings. */
import { z } from 'zod';
import { MEMBER_GONE, op } from '../op';
import { LoginResult } from '../schemas/auth';
import { Ok } from '../schemas/common';
import {
  SnsAuthorize,
  SnsAuthorizeQuery,
  SnsBindBody,
  SnsBinding,
  SnsCallbackQuery,
  SnsCallbackResult,
  SnsOAuthBindBody,
  SnsProvider,
  SnsRegisterBody,
  SnsUnbindBody,
} from '../schemas/social';

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
  limited: '同一 IP 每分钟发起的第三方授权过多时',
  unauthorized: 'purpose 为 bind（绑定）而未登录',
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
    unauthorized: MEMBER_GONE,
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
  unauthorized: MEMBER_GONE,
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
  unauthorized: MEMBER_GONE,
});

export const listSnsBindings = op({
  id: 'listSnsBindings',
  method: 'get',
  path: '/v1/users/sns',
  auth: 'member',
  tag: 'user',
  summary: '第三方账号绑定情况',
  response: z.array(SnsBinding).meta({ description: '各平台的绑定情况' }),
});

export const unbindSns = op({
  id: 'unbindSns',
  method: 'post',
  path: '/v1/users/sns/unbind',
  auth: 'member',
  tag: 'user',
  summary: '解绑第三方账号',
  body: SnsUnbindBody,
  response: Ok,
});

const bind = (platform: 'wechat' | 'qq' | 'weibo' | 'alipay', name: string) =>
  ({
    method: 'post',
    path: `/v1/users/${platform}/bind`,
    auth: 'member',
    tag: 'user',
    summary: `绑定${name}账号（授权回调后提交授权码）`,
    body: SnsOAuthBindBody,
    response: SnsBinding,
  }) as const;

export const bindWechat = op({ id: 'bindWechat', ...bind('wechat', '微信') });

export const bindQq = op({ id: 'bindQq', ...bind('qq', ' QQ ') });

export const bindWeibo = op({ id: 'bindWeibo', ...bind('weibo', '微博') });

export const bindAlipay = op({ id: 'bindAlipay', ...bind('alipay', '支付宝') });
