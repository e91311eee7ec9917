/**
 * Daily check-in.
 */
import { z } from 'zod';
import { Day, Points } from './common';

export const CheckinStatus = z
  .object({
    checkedToday: z.boolean().meta({ description: '今天是否已签到' }),
    today: Day.meta({ description: '今天（北京时间）' }),
    streak: z.int().nonnegative().meta({ description: '连续签到天数（含今天，如已签到）' }),
    todayReward: Points.meta({ description: '今天签到可得（或已得）的微豆' }),
    checkedDays: z.array(Day).meta({ description: '本月已签到的日期' }),
    rewards: z
      .array(
        z.object({
          day: z.int().min(1).meta({ description: '连续签到第几天' }),
          points: Points.meta({ description: '该天签到奖励的微豆' }),
        }),
      )
      .meta({ description: '连续签到奖励规则（第 N 天得多少微豆），超出最后一档按最后一档' }),
  })
  .meta({ id: 'CheckinStatus', description: '每日签到状态' });

export const CheckinResult = z
  .object({
    points: Points.meta({ description: '本次签到获得的微豆' }),
    streak: z.int().min(1).meta({ description: '签到后的连续签到天数' }),
    balance: Points.meta({ description: '签到后的微豆余额' }),
  })
  .meta({ id: 'CheckinResult', description: '签到结果；今天已签到时返回结果码 5629' });
