/**
 * Third-party accounts (WeChat, QQ, Weibo, Alipay): OAuth login and the member's bindings.
 */
import { z } from 'zod';
import { SnsPlatform } from '../enums';
import { Agreement, EncryptedCode, EncryptedMobile, InviteCode, LoginResult } from './auth';
import { NonEmpty, QueryEnum, Timestamp, Url } from './common';
import { enumSchema } from './enum';

const platformDescription = '第三方平台：1 微信；2 QQ；3 微博；4 支付宝';

const SnsPurpose = z.enum(['login', 'bind']).meta({ description: 'login 第三方登录；bind 已登录会员绑定第三方账号' });

export const SnsProvider = z
  .object({
    platform: enumSchema(SnsPlatform).meta({ description: '第三方平台：1 微信；2 QQ；3 微博；4 支付宝' }),
    name: z.string().meta({ description: '平台名称' }),
  })
  .meta({ id: 'SnsProvider', description: '已配置、可使用的第三方平台' });

export const SnsAuthorizeQuery = z.object({
  platform: QueryEnum(SnsPlatform, '第三方平台：1 微信；2 QQ；3 微博；4 支付宝'),
  purpose: SnsPurpose,
  redirect: z.string().max(512).optional().meta({ description: '授权完成后回到的站内路径，如 /home/user' }),
  mobile: z.enum(['0', '1']).optional().meta({ description: '1 表示手机浏览器（微博使用 display=mobile 等）' }),
});

export const SnsAuthorize = z
  .object({
    url: Url.meta({ description: '第三方授权页地址（含服务端生成的 state）' }),
    state: z.string().meta({ description: '防 CSRF 的 state，回调时原样带回' }),
    expiredAt: Timestamp.meta({ description: 'state 过期时间（10 分钟）' }),
  })
  .meta({ id: 'SnsAuthorize', description: '第三方授权跳转信息' });

export const SnsCallbackQuery = z.object({
  code: NonEmpty(512).meta({ description: '第三方返回的授权码（支付宝为 auth_code，客户端统一以 code 传入）' }),
  state: NonEmpty(256).meta({ description: '发起授权时的 state' }),
});

const SnsRedirect = z
  .string()
  .nullable()
  .optional()
  .meta({ description: '发起授权时给的站内回跳路径（authorize 的 redirect）；没有时为 null' });

export const SnsBindTicket = z
  .object({
    status: z.literal('bind').meta({ description: '该第三方账号尚未关联会员：需用手机号绑定或注册' }),
    bindTicket: z.string().meta({ description: '绑定票据，调用 /v1/auth/sns/bind 或 /v1/auth/sns/register 时携带' }),
    platform: enumSchema(SnsPlatform).meta({ description: '第三方平台' }),
    nickname: z.string().nullable().meta({ description: '第三方昵称' }),
    avatar: Url.nullable().meta({ description: '第三方头像' }),
    expiredAt: Timestamp.meta({ description: '绑定票据过期时间' }),
    redirect: SnsRedirect,
  })
  .meta({ id: 'SnsBindTicket', description: '第三方账号待绑定' });

const SnsLoggedIn = LoginResult.extend({
  status: z.literal('login').meta({ description: '已关联会员，登录成功' }),
  redirect: SnsRedirect,
}).meta({ id: 'SnsLoggedIn', description: '第三方登录成功' });

export const SnsCallbackResult = z
  .discriminatedUnion('status', [SnsLoggedIn, SnsBindTicket])
  .meta({ id: 'SnsCallbackResult', description: '第三方登录回调结果：login 直接登录；bind 需要绑定手机号' });

export const SnsBindBody = z
  .object({
    bindTicket: NonEmpty(256).meta({ description: '回调返回的绑定票据' }),
    mobile: EncryptedMobile,
    code: EncryptedCode,
  })
  .meta({ id: 'SnsBindBody', description: '把第三方账号绑定到已注册的手机号并登录' });

export const SnsRegisterBody = SnsBindBody.extend({
  inviteCode: InviteCode.optional().meta({ description: '可选：邀请码' }),
  agreement: Agreement,
}).meta({ id: 'SnsRegisterBody', description: '用第三方账号 + 手机号注册新会员并登录' });

export const SnsBinding = z
  .object({
    platform: enumSchema(SnsPlatform).meta({ description: platformDescription }),
    bound: z.boolean().meta({ description: '是否已绑定' }),
    available: z.boolean().meta({ description: '该平台是否已配置、可绑定' }),
    nickname: z.string().nullable().meta({ description: '第三方昵称；未绑定时为 null' }),
    avatar: Url.nullable().meta({ description: '第三方头像；未绑定时为 null' }),
    boundAt: Timestamp.nullable().meta({ description: '绑定时间；未绑定时为 null' }),
  })
  .meta({ id: 'SnsBinding', description: '一个第三方平台的绑定情况' });

export const SnsUnbindBody = z
  .object({
    platform: enumSchema(SnsPlatform).meta({ description: platformDescription }),
  })
  .meta({ id: 'SnsUnbindBody', description: '解绑第三方账号（不能解绑唯一的登录方式）' });

export const SnsOAuthBindBody = z
  .object({
    code: NonEmpty(512).meta({ description: '第三方回调带回的授权码（OAuth code，非短信验证码）' }),
    state: NonEmpty(256).meta({ description: '发起授权时的 state（/v1/auth/sns/authorize，purpose=bind）' }),
  })
  .meta({ id: 'SnsOAuthBindBody', description: '已登录会员绑定第三方账号' });
