/**
 * 月度答题之星 (/appraise): a Beijing month's best members by valid answers and valid rate, their
 * awards, the rules, and the reader's own standing. The rules themselves: openapi/rules/appraise.ts.
 */
import { z } from 'zod';
import { MONTH_PATTERN } from '../rules/appraise';
import { Points, Url } from './common';

/** A Beijing calendar month, YYYY-MM. */
export const Month = z.string().regex(MONTH_PATTERN).meta({ id: 'Month', description: '自然月（北京时间），YYYY-MM' });

export const AppraiseQuery = z.object({
  month: Month.optional().meta({
    description: '要看的月份；不传时为最近一个已评选的月份（还没有时为上个月）',
  }),
});

export const AppraiseWinner = z
  .object({
    rank: z.int().positive().meta({ description: '名次（不并列）' }),
    nickname: z.string().meta({ description: '脱敏昵称，如 豆***子' }),
    avatar: Url.nullable().meta({ description: '头像' }),
    valid: z.int().nonnegative().meta({ description: '当月有效答卷数' }),
    counted: z.int().nonnegative().meta({ description: '当月计入的答卷数' }),
    rate: z.number().min(0).max(1).meta({ description: '当月有效率，0–1' }),
    award: Points.meta({ description: '获得的奖励微豆' }),
    me: z.boolean().meta({ description: '是不是我' }),
  })
  .meta({ id: 'AppraiseWinner', description: '一位月度答题之星' });

export const AppraiseAward = z
  .object({
    from: z.int().positive().meta({ description: '名次起' }),
    to: z.int().positive().meta({ description: '名次止（含）' }),
    points: Points.meta({ description: '这些名次各得的微豆' }),
  })
  .meta({ id: 'AppraiseAward', description: '一档奖励' });

export const AppraiseRules = z
  .object({
    minCounted: z.int().nonnegative().meta({ description: '参评最少的当月计入答卷数' }),
    minRate: z.number().min(0).max(1).meta({ description: '参评最低的当月有效率，0–1' }),
    top: z.int().positive().meta({ description: '每月评出的人数' }),
    awards: z.array(AppraiseAward).meta({ description: '各档奖励，名次靠前的在前' }),
    lines: z.array(z.string()).meta({ description: '规则说明，每条一句' }),
  })
  .meta({ id: 'AppraiseRules', description: '评选规则' });

export const AppraiseMine = z
  .object({
    place: z
      .object({
        rank: z.int().positive().meta({ description: '我的名次' }),
        award: Points.meta({ description: '我获得的奖励微豆' }),
      })
      .nullable()
      .meta({ description: '我在所看月份的名次；未上榜为 null' }),
    current: z
      .object({
        month: Month.meta({ description: '本月（北京时间）' }),
        counted: z.int().nonnegative().meta({ description: '本月计入的答卷数' }),
        valid: z.int().nonnegative().meta({ description: '本月有效答卷数' }),
        rate: z.number().min(0).max(1).nullable().meta({ description: '本月有效率；还没有计入的答卷时为 null' }),
        qualified: z.boolean().meta({ description: '按目前的成绩是否已满足参评条件' }),
        moreAnswers: z.int().nonnegative().meta({ description: '还差多少份答卷才够参评份数' }),
        moreValid: z
          .int()
          .nonnegative()
          .meta({ description: '从现在起至少还要连续多少份有效答卷才能满足参评条件（已满足为 0）' }),
      })
      .meta({ description: '我本月到目前为止的成绩与离参评条件的距离' }),
  })
  .meta({ id: 'AppraiseMine', description: '我的名次与本月进度' });

export const Appraise = z
  .object({
    month: Month.meta({ description: '所看的月份' }),
    months: z.array(Month).meta({ description: '已评选的月份，新的在前（最多 24 个）' }),
    ran: z.boolean().meta({ description: '所看的月份是否已评选' }),
    winners: z.array(AppraiseWinner).meta({ description: '所看月份的答题之星，按名次；未评选或无人达标时为空' }),
    rules: AppraiseRules,
    mine: AppraiseMine.nullable().meta({ description: '我的名次与本月进度；未登录为 null' }),
  })
  .meta({ id: 'Appraise', description: '月度答题之星' });
