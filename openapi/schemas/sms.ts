/**
 * SMS and e-mail verification codes and the one-time tickets they buy.
 */
import { z } from 'zod';
import { Email, Encrypted, NonEmpty, Timestamp } from './common';

/** Why a public (not logged in) SMS code is requested. */
const AuthSmsScene = z
  .enum(['login', 'register', 'reset', 'bind'])
  .meta({
    description:
      '用途：login 登录（未注册的手机号登录即注册）；register 注册；reset 找回密码；bind 第三方账号绑定手机号',
  });

/** Why a logged-in member asks for a code to their own bound mobile. */
export const MemberSmsScene = z.enum(['change_mobile', 'change_password', 'id_verify', 'sns_unbind', 'exchange']).meta({
  description:
    '用途：change_mobile 更换手机号前验证原手机；change_password 修改密码；id_verify 实名认证；sns_unbind 解绑第三方；exchange 兑换确认',
});

export const SmsSent = z
  .object({
    resendAfter: z.int().nonnegative().meta({ description: '多少秒后可再次发送（倒计时）' }),
    expiredAt: Timestamp.meta({ description: '验证码过期时间（发送后 5 分钟）' }),
    to: z.string().meta({ description: '验证码发往的手机号或邮箱（脱敏），如 138****1234、ab***@example.com' }),
  })
  .meta({ id: 'SmsSent', description: '验证码已发送' });

export const AuthSmsSendBody = z
  .object({
    mobile: Encrypted('手机号'),
    scene: AuthSmsScene,
  })
  .meta({ id: 'AuthSmsSendBody', description: '未登录时发送短信验证码' });

export const NewMobileSmsBody = z
  .object({
    mobile: Encrypted('新手机号'),
    verifyTicket: NonEmpty(256)
      .optional()
      .meta({ description: '原手机号验证通过后得到的票据（/v1/sms/check，scene=change_mobile）；未绑定手机时可省略' }),
  })
  .meta({ id: 'NewMobileSmsBody', description: '更换手机号：向新手机号发送验证码' });

export const MemberSmsSendBody = z
  .object({ scene: MemberSmsScene })
  .meta({ id: 'MemberSmsSendBody', description: '向当前会员已绑定的手机号发送验证码' });

export const SmsCheckBody = z
  .object({
    scene: MemberSmsScene,
    code: Encrypted('短信验证码'),
  })
  .meta({ id: 'SmsCheckBody', description: '校验发往本人手机的验证码' });

export const SmsVerified = z
  .object({
    verifyTicket: z.string().meta({ description: '验证通过票据，随后的敏感操作携带；只能用于同一用途、一次' }),
    expiredAt: Timestamp.meta({ description: '票据过期时间' }),
  })
  .meta({ id: 'SmsVerified', description: '验证码校验通过' });

export const EmailSendBody = z
  .object({
    email: Email.meta({ description: '要绑定的邮箱地址' }),
  })
  .meta({ id: 'EmailSendBody', description: '向邮箱发送绑定验证码' });

/** `data` of SEND_TOO_FREQUENT (1103). */
export const ResendWait = z
  .object({
    resendAfter: z.int().positive().meta({ description: '多少秒后可以重新发送' }),
  })
  .meta({ id: 'ResendWait', description: '发送太频繁：还需等待的秒数' });
