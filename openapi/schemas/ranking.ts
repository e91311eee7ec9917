/**
 * The ranking (排行榜): 微豆 earned this Beijing week / month, and the answering-tips articles.
 */
import { z } from 'zod';
import { Day, Id, Points, Timestamp, Url } from './common';

export const RankPeriod = z
  .enum(['week', 'month'])
  .meta({ id: 'RankPeriod', description: 'week 本周（周一起）；month 本月（北京时间）' });

export const RankingQuery = z.object({
  period: RankPeriod.default('week').meta({ description: '榜单：week 本周（默认）；month 本月' }),
});

/** How many members the board lists. */
export const RANKING_TOP = 50;

export const RankingEntry = z
  .object({
    rank: z.int().positive().meta({ description: '名次（并列同名次）' }),
    nickname: z.string().meta({ description: '脱敏昵称，如 豆***子' }),
    avatar: Url.nullable().meta({ description: '头像' }),
    amount: Points.meta({ description: '本期获得的微豆（扣除被撤回的）' }),
    me: z.boolean().meta({ description: '是不是我' }),
  })
  .meta({ id: 'RankingEntry', description: '榜单上的一位会员' });

export const Ranking = z
  .object({
    period: RankPeriod,
    start: Day.meta({ description: '本期第一天' }),
    end: Day.meta({ description: '本期最后一天' }),
    entries: z
      .array(RankingEntry)
      .max(RANKING_TOP)
      .meta({ description: `前 ${RANKING_TOP} 名` }),
    mine: z
      .object({
        rank: z.int().positive().nullable().meta({ description: '我的名次；本期还没有获得微豆时为 null' }),
        amount: Points.meta({ description: '我本期获得的微豆' }),
      })
      .nullable()
      .meta({ description: '我的名次与微豆；未登录为 null' }),
  })
  .meta({ id: 'Ranking', description: '微豆排行榜' });

export const RankingTip = z
  .object({
    id: Id.meta({ description: '文章 id' }),
    title: z.string().meta({ description: '标题' }),
    summary: z.string().meta({ description: '一句话简介' }),
    updatedAt: Timestamp.meta({ description: '更新时间' }),
  })
  .meta({ id: 'RankingTip', description: '答题技巧文章（列表）' });

export const RankingTipDetail = RankingTip.extend({
  content: z.string().meta({ description: '正文（经过清洗的 HTML）' }),
}).meta({ id: 'RankingTipDetail', description: '答题技巧文章' });
