/** Answer quality (答题质量, /efficient). */
import { op } from '../op';
import {
  FlaggedAnswers,
  FlaggedAnswersQuery,
  MonthlyReport,
  MonthlyReportQuery,
  QualityLevels,
  QualityOverview,
} from '../schemas/quality';

export const getQuality = op({
  id: 'getQuality',
  method: 'get',
  path: '/v1/quality',
  auth: 'member',
  tag: 'tasks',
  summary: '答题质量概览：近 90 天有效率、等级、各原因次数与按月有效率',
  response: QualityOverview,
});

export const listFlaggedAnswers = op({
  id: 'listFlaggedAnswers',
  method: 'get',
  path: '/v1/quality/flagged',
  auth: 'member',
  tag: 'tasks',
  summary: '无效答卷明细：统计窗口内被判无效的答卷及原因（新的在前）',
  query: FlaggedAnswersQuery,
  response: FlaggedAnswers,
});

export const getQualityLevels = op({
  id: 'getQualityLevels',
  method: 'get',
  path: '/v1/quality/levels',
  auth: 'optional',
  tag: 'tasks',
  summary: '答题质量等级规则（访客可看）；登录会员带上自己的当前等级、有效率和答卷数',
  response: QualityLevels,
});

export const getQualityMonthly = op({
  id: 'getQualityMonthly',
  method: 'get',
  path: '/v1/quality/monthly',
  auth: 'member',
  tag: 'tasks',
  summary: '答题质量月报：某月的任务数、有效率和微豆，对比之前月份与全体中位数',
  query: MonthlyReportQuery,
  response: MonthlyReport,
});
