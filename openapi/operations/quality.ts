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
  auth: 'member',
  tag: 'tasks',
  summary: '答题质量等级规则与会员当前等级',
  response: QualityLevels,
});

export const getQualityMonthly = op({
  id: 'getQualityMonthly',
  method: 'get',
  path: '/v1/quality/monthly',
  auth: 'member',
  tag: 'tasks',
  summary: '答题质量月报：某个北京时间月份的完成任务数、有效率、获得微豆，与之前月份和全体会员中位数对比',
  query: MonthlyReportQuery,
  response: MonthlyReport,
});
