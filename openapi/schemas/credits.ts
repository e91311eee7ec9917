/**
 * Credit (权益值): the member's level and the credit ledger.
 */
import { z } from 'zod';
import { CreditSource } from '../enums';
import { BigId, Page, PageQuery, QueryEnum, Timestamp, Url } from './common';
import { enumSchema } from './enum';

export const CreditSummary = z
  .object({
    value: z.int().nonnegative().meta({ description: '当前权益值' }),
    level: z.int().nonnegative().meta({ description: '权益等级' }),
    levelName: z.string().meta({ description: '等级名称' }),
    nextLevelValue: z
      .int()
      .nonnegative()
      .nullable()
      .meta({ description: '升到下一级所需的累计权益值；已是最高级时为 null' }),
    totalEarned: z.int().nonnegative().meta({ description: '累计获得的权益值' }),
    expiringValue: z.int().nonnegative().meta({ description: '即将过期的权益值' }),
    expiringAt: Timestamp.nullable().meta({ description: '即将过期权益值的过期时间；没有时为 null' }),
    levels: z
      .array(
        z
          .object({
            level: z.int().nonnegative().meta({ description: '等级' }),
            name: z.string().meta({ description: '等级名称' }),
            minValue: z.int().nonnegative().meta({ description: '达到该等级所需的累计权益值' }),
          })
          .meta({ id: 'CreditLevel', description: '一个权益等级' }),
      )
      .meta({ description: '全部等级及门槛，从低到高' }),
  })
  .meta({ id: 'CreditSummary', description: '我的权益值与等级（等级按累计获得的权益值计算，消耗不降级）' });

export const CreditRecord = z
  .object({
    id: BigId.meta({ description: '记录 id' }),
    change: z.int().meta({ description: '权益值变动，正数为获得，负数为消耗' }),
    balance: z.int().nonnegative().meta({ description: '变动后的权益值' }),
    source: enumSchema(CreditSource).meta({
      description: '来源：1 完成任务；2 答题质量；3 邀请好友；4 兑换权益；5 活动奖励；6 人工调整；7 过期清零',
    }),
    reason: z.string().meta({ description: '说明，如任务名称' }),
    createdAt: Timestamp.meta({ description: '发生时间' }),
  })
  .meta({ id: 'CreditRecord', description: '一条权益值明细' });

export const CreditListQuery = PageQuery.extend({
  source: QueryEnum(
    CreditSource,
    '按来源筛选（可选）：1 完成任务；2 答题质量；3 邀请好友；4 兑换权益；5 活动奖励；6 人工调整；7 过期清零',
  )
    .optional()
    .meta({
      description:
        '按来源筛选（可选）：1 完成任务；2 答题质量；3 邀请好友；4 兑换权益；5 活动奖励；6 人工调整；7 过期清零',
    }),
  direction: z.enum(['in', 'out']).optional().meta({ description: '可选：in 只看获得；out 只看消耗' }),
});

export const CreditPage = Page(CreditRecord).meta({ id: 'CreditPage', description: '权益值明细分页' });

export const InviteCreditRecord = z
  .object({
    id: BigId.meta({ description: '记录 id' }),
    invitee: z.string().meta({ description: '被邀请人昵称（脱敏）' }),
    inviteeAvatar: Url.nullable().meta({ description: '被邀请人头像' }),
    change: z.int().meta({ description: '获得的权益值' }),
    reason: z.string().meta({ description: '说明，如“好友完成首个有效问卷”' }),
    createdAt: Timestamp.meta({ description: '发生时间' }),
  })
  .meta({ id: 'InviteCreditRecord', description: '一条邀请得到的权益值记录' });

export const InviteCreditPage = Page(InviteCreditRecord).meta({
  id: 'InviteCreditPage',
  description: '邀请权益值明细分页',
});
