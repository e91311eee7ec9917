/**
 * Real-name verification (实名认证).
 */
import { z } from 'zod';
import { IdVerifyState } from '../enums';
import { Masked, Timestamp } from './common';

export const IdVerify = z
  .object({
    state: IdVerifyState.schema.meta({ description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过' }),
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
      .min(2, '请输入真实姓名')
      .max(32, '姓名太长了')
      .regex(/^[\u3400-\u9fff\u00b7\u30fb·A-Za-z ]+$/, '姓名只能包含汉字、字母和间隔号')
      .meta({ description: '真实姓名，与身份证一致（汉字，少数民族姓名可含间隔号 ·）' }),
    idNumber: z
      .string()
      .regex(/^\d{17}[\dXx]$/, '请输入 18 位身份证号')
      .meta({ description: '18 位居民身份证号（末位可为 X）；服务端校验出生日期与 GB 11643 校验码，只保存脱敏值' }),
    verifyTicket: z.string().min(1).max(256).meta({ description: '短信验证票据（/v1/sms/check，scene=id_verify）' }),
  })
  .meta({ id: 'IdVerifyBody', description: '提交实名认证（一个身份证号只能认证一个账号）' });
