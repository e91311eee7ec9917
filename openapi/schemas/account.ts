/**
 * The member's own account and its security settings (nickname, mobile, password, e-mail, avatar).
 */
import { z } from 'zod';
import { BbsRole, IdVerifyState } from '../enums';
import { MemberBrief } from './auth';
import { Email, Encrypted, Masked, MaskedMobile, NonEmpty, Password, Points, Url } from './common';
import { enumSchema } from './enum';

export const Account = MemberBrief.extend({
  email: Masked.nullable().meta({ description: '脱敏邮箱；未绑定时为 null' }),
  hasPassword: z.boolean().meta({ description: '是否已设置登录密码' }),
  idVerifyState: enumSchema(IdVerifyState).meta({
    description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过',
  }),
  points: Points.meta({ description: '当前微豆余额' }),
  credit: z.int().nonnegative().meta({ description: '当前权益值' }),
  level: z.int().nonnegative().meta({ description: '权益等级' }),
  basicSurveyDone: z.boolean().meta({ description: '是否已完成个人属性问卷' }),
  newMessage: z.boolean().meta({ description: '是否有未读消息（消息铃铛红点）' }),
  role: z.int().nonnegative().meta({ description: '站点角色：0 普通会员' }),
  bbsRole: enumSchema(BbsRole).meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
}).meta({ id: 'Account', description: '当前会员的账户信息（也作为“当前用户信息”）' });

export const NicknameBody = z
  .object({
    nickname: z.string().max(64).meta({
      description:
        '新昵称（首尾空白不计）：2–16 个字，只含汉字、字母、数字、_ 和 -，不能只有符号，不能包含保留词（官方、客服、管理员、系统、微豆…，不分大小写、忽略分隔符）；不符合时回复 1130 / 1131',
    }),
  })
  .meta({ id: 'NicknameBody' });

export const ChangeMobileBody = z
  .object({
    mobile: Encrypted('新手机号'),
    code: Encrypted('新手机号收到的短信验证码'),
    verifyTicket: NonEmpty(256)
      .optional()
      .meta({ description: '原手机号验证票据（/v1/sms/check，scene=change_mobile）；首次绑定手机时省略' }),
  })
  .meta({ id: 'ChangeMobileBody', description: '更换（或首次绑定）手机号' });

export const MobileChanged = z
  .object({ mobile: MaskedMobile.meta({ description: '新的脱敏手机号' }) })
  .meta({ id: 'MobileChanged', description: '手机号已更换' });

export const ChangePasswordBody = z
  .object({
    password: Password.meta({ description: '新密码，8–64 位' }),
    oldPassword: NonEmpty(64).optional().meta({ description: '原密码；已设置密码时与 verifyTicket 二选一' }),
    verifyTicket: NonEmpty(256)
      .optional()
      .meta({ description: '短信验证票据（/v1/sms/check，scene=change_password）；未设置密码时必填' }),
  })
  .meta({ id: 'ChangePasswordBody', description: '设置或修改登录密码；成功后其他设备的令牌失效' });

export const BindEmailBody = z
  .object({
    email: Email.meta({ description: '邮箱地址' }),
    code: Encrypted('邮箱验证码'),
  })
  .meta({ id: 'BindEmailBody', description: '绑定（或更换）邮箱' });

export const EmailBound = z
  .object({ email: Masked.meta({ description: '脱敏后的邮箱' }) })
  .meta({ id: 'EmailBound', description: '邮箱已绑定' });

export const AvatarBody = z
  .object({
    key: NonEmpty(512).meta({
      description:
        '已上传的图片的对象 key：必须位于 /v1/oss/policy?module=avatar 给出的本人目录下，如 avatar/123/17000000000004821.png；用本站内置接收端时还必须是本人已上传成功的图片',
    }),
  })
  .meta({ id: 'AvatarBody', description: '设置头像' });

export const AvatarChanged = z
  .object({ avatar: Url.meta({ description: '新的头像地址（publicBase + key）' }) })
  .meta({ id: 'AvatarChanged', description: '头像已更新' });
