/**
 * Real-name verification (实名认证).
 */
import { z } from 'zod';
import { IdVerifyState } from '../enums';
import { REAL_NAME } from '../rules/identity';
import { Masked, NonEmpty, Timestamp } from './common';
import { enumSchema } from './enum';

export const IdVerify = z
  .object({
    state: enumSchema(IdVerifyState).meta({ description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过' }),
    realName: Masked.nullable().meta({ description: '脱敏姓名，如 张*；未提交时为 null' }),
    idNumber: Masked.nullable().meta({ description: '脱敏身份证号，如 110***********1234；未提交时为 null' }),
    submittedAt: Timestamp.nullable().meta({ description: '提交时间' }),
    reason: z.string().nullable().meta({ description: '未通过的原因' }),
  })
  .meta({ id: 'IdVerify', description: '实名认证信息' });

export const IdVerifyBody = z
  .object({
    realName: z
      .string()
      .trim()
      .min(REAL_NAME.min, REAL_NAME.messages.short)
      .max(REAL_NAME.max, REAL_NAME.messages.long)
      .regex(REAL_NAME.pattern, REAL_NAME.messages.chars)
      .meta({ description: '真实姓名，与身份证一致（汉字，少数民族姓名可含间隔号 ·）' }),
    idNumber: z
      .string()
      .regex(/^\d{17}[\dXx]$/, '请输入 18 位身份证号')
      .meta({ description: '18 位居民身份证号（末位可为 X）；服务端校验出生日期与 GB 11643 校验码，只保存脱敏值' }),
    verifyTicket: NonEmpty(256).meta({ description: '短信验证票据（/v1/sms/check，scene=id_verify）' }),
  })
  .meta({ id: 'IdVerifyBody', description: '提交实名认证（一个身份证号只能认证一个账号）' });

export const IdVerifyTriesLeft = z
  .object({
    triesLeft: z.number().int().min(0).meta({ description: '今天（北京时间）还可尝试的次数；0 表示明天再试' }),
  })
  .meta({ id: 'IdVerifyTriesLeft', description: '实名核验未通过：今天剩余的尝试次数' });
