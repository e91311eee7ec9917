/**
 * Weidou (微豆): the balance and its ledger.
 */
import { z } from 'zod';
import { BigId, Page, PageQuery, Points, Timestamp } from './common';

export const PointsSummary = z
  .object({
    balance: Points.meta({ description: '可用微豆余额' }),
    pending: Points.meta({ description: '审核中（待入账）的微豆' }),
    todayIncome: Points.meta({ description: '今日收入（北京时间）' }),
    monthIncome: Points.meta({ description: '本月收入' }),
    totalIncome: Points.meta({ description: '累计收入' }),
    totalSpent: Points.meta({ description: '累计支出（兑换、抽奖等）' }),
    pointsPerYuan: z.int().positive().meta({ description: '多少微豆抵 1 元面值（100）' }),
  })
  .meta({ id: 'PointsSummary', description: '当前微豆余额与今日/本月收入' });

/** Ledger reasons with their zh-CN labels (unknown reasons show as 其他). */
const POINTS_REASON_LABELS: Record<string, string> = {
  checkin: '每日签到',
  task: '任务奖励',
  exchange: '兑换',
  reversal: '撤回或退还',
  invite: '邀请奖励',
  boost: '加成卡奖励',
  lottery: '抽奖',
  refund: '退还',
  adjust: '后台调整',
  course: '新手答题奖励',
  prize: '试用报告奖励',
};

export const pointsReasonLabel = (reason: string): string => POINTS_REASON_LABELS[reason] ?? '其他';

const PointsRecordStatus = z
  .enum(['posted', 'pending'])
  .meta({ description: '入账状态：posted 已入账；pending 待入账（审核中）' });

export const PointsHistoryQuery = PageQuery.extend({
  status: PointsRecordStatus.optional().meta({ description: '按入账状态筛选（可选）：posted 已入账；pending 待入账' }),
  direction: z
    .enum(['in', 'out'])
    .optional()
    .meta({ description: '按方向筛选（可选）：in 收入（正数）；out 支出（负数）' }),
});

export const PointsRecord = z
  .object({
    id: BigId.meta({ description: '流水 id' }),
    amount: Points.meta({ description: '变动数量：正数为收入，负数为支出' }),
    balanceAfter: Points.meta({ description: '变动后的可用余额（待入账记录为当时余额，不变）' }),
    reason: z.string().meta({
      description:
        '原因：checkin 每日签到；task 任务奖励；exchange 兑换；reversal 撤回或退还；invite 邀请奖励；boost 加成卡奖励；lottery 抽奖；refund 退还；adjust 后台调整；course 新手答题奖励',
    }),
    reasonLabel: z.string().meta({ description: '原因的中文名称，如「任务奖励」' }),
    description: z.string().meta({
      description: '给会员看的说明，如「每日签到」「完成任务：<任务标题>」「兑换：<奖品名称>」；从不含内部键',
    }),
    status: PointsRecordStatus,
    createdAt: Timestamp.meta({ description: '发生时间' }),
  })
  .meta({ id: 'PointsRecord', description: '一条微豆明细' });

export const PointsHistory = Page(PointsRecord).meta({
  id: 'PointsHistory',
  description: '微豆明细（新的在前，分页）',
});
