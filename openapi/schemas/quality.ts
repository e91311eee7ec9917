/**
 * Answer quality (答题质量): the member's valid-answer rate and level over the rolling window,
 * their flagged answers, and the level rules (openapi/rules/quality.ts).
 */
import { z } from 'zod';
import { LowQualityReason } from '../enums';
import { MONTHLY_REPORT_PREVIOUS } from '../rules/monthlyReport';
import { Page, PageQuery, Timestamp } from './common';
import { enumSchema } from './enum';

const Rate = z.number().min(0).max(1).meta({ description: '有效率，0–1（无计入答卷时为 null）' });
const Level = z.int().min(0).max(3).meta({ description: '答题质量等级：0 见习；1 待提升；2 良好；3 优秀' });

/** A task's or reward's minimum answer-quality level (openapi/rules/quality.ts meetsQualityLevel). */
export const MinQualityLevel = z.int().min(0).max(3).meta({
  description:
    '所需的最低答题质量等级：0 不限；1 待提升；2 良好；3 优秀。暂未定级（见习）的会员可参加、兑换要求良好及以下的，优秀须定级为优秀',
});

export const QualityMonth = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: '北京时间月份 YYYY-MM' }),
    counted: z.int().nonnegative().meta({ description: '当月计入的答卷数' }),
    valid: z.int().nonnegative().meta({ description: '当月有效答卷数' }),
    rate: Rate.nullable().meta({ description: '有效率，0–1；无计入答卷时为 null' }),
  })
  .meta({ id: 'QualityMonth', description: '一个北京时间月份的有效率' });

export const QualityReasonCount = z
  .object({
    reason: enumSchema(LowQualityReason),
    count: z.int().nonnegative().meta({ description: '答卷数' }),
  })
  .meta({ id: 'QualityReasonCount', description: '窗口内某一低质量原因出现的答卷数' });

export const QualityOverview = z
  .object({
    windowDays: z.int().positive().meta({ description: '统计窗口（天），截至现在' }),
    counted: z
      .int()
      .nonnegative()
      .meta({ description: '窗口内计入的答卷数（完成的答卷，含被判无效的；不含甄别、配额满、超时）' }),
    valid: z.int().nonnegative().meta({ description: '窗口内有效答卷数' }),
    flagged: z.int().nonnegative().meta({ description: '窗口内无效答卷数（= counted − valid）' }),
    rate: Rate.nullable().meta({ description: '有效率，0–1；无计入答卷时为 null' }),
    level: Level,
    levelSummary: z.string().meta({ description: '当前等级的一句话规则（按运营设定的门槛）' }),
    reasons: z.array(QualityReasonCount).meta({ description: '各低质量原因的答卷数（五种原因都列出，0 也列）' }),
    tooFast: z.int().nonnegative().meta({ description: '因答题过快被判无效的答卷数' }),
    reversed: z.int().nonnegative().meta({ description: '合作方复核后撤回的答卷数' }),
    months: z.array(QualityMonth).meta({ description: '最近几个北京时间月份的有效率，旧的在前，含本月' }),
  })
  .meta({ id: 'QualityOverview', description: '答题质量概览' });

export const FlaggedAnswer = z
  .object({
    respondentId: z.string().meta({ description: '答卷编号（申诉时引用）' }),
    taskTitle: z.string().meta({ description: '任务标题' }),
    finishedAt: Timestamp.meta({ description: '完成时间' }),
    reasons: z.array(enumSchema(LowQualityReason)).meta({ description: '低质量原因（可为空：仅因过快或被撤回）' }),
    tooFast: z.boolean().meta({ description: '答题过快' }),
    reversed: z.boolean().meta({ description: '合作方复核后撤回' }),
  })
  .meta({ id: 'FlaggedAnswer', description: '一份被判无效的答卷' });

export const FlaggedAnswersQuery = PageQuery;
export const FlaggedAnswers = Page(FlaggedAnswer).meta({
  id: 'FlaggedAnswers',
  description: '无效答卷（新的在前，统计窗口内）',
});

export const QualityLevelRule = z
  .object({
    level: Level,
    name: z.string().meta({ description: '等级名称' }),
    minCounted: z.int().nonnegative().meta({ description: '至少计入的答卷数' }),
    minRate: z.number().min(0).max(1).meta({ description: '至少的有效率' }),
    summary: z.string().meta({ description: '一句话说明' }),
    perks: z.array(z.string()).meta({ description: '可享有' }),
    limits: z.array(z.string()).meta({ description: '受限' }),
  })
  .meta({ id: 'QualityLevelRule', description: '一个答题质量等级的规则' });

export const QualityLevels = z
  .object({
    windowDays: z.int().positive().meta({ description: '统计窗口（天）' }),
    levels: z.array(QualityLevelRule).meta({ description: '由低到高' }),
    level: Level.nullable().meta({ description: '会员当前等级；未登录为 null' }),
    rate: Rate.nullable().meta({ description: '有效率，0–1；无计入答卷或未登录时为 null' }),
    counted: z.int().nonnegative().nullable().meta({ description: '窗口内计入的答卷数；未登录为 null' }),
  })
  .meta({ id: 'QualityLevels', description: '答题质量等级规则，登录会员带上自己所处的位置' });

/** A Beijing month, `YYYY-MM` (month 01–12). */
export const MonthText = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .meta({ id: 'MonthText', description: '北京时间月份 YYYY-MM' });

export const MonthlyReportQuery = z.object({
  month: MonthText.optional().meta({ description: '月份，默认本月' }),
});

export const MonthlyFigures = z
  .object({
    month: MonthText,
    counted: z.int().nonnegative().meta({ description: '当月完成的任务数（计入的答卷，含无效的）' }),
    valid: z.int().nonnegative().meta({ description: '当月有效答卷数' }),
    rate: Rate.nullable().meta({ description: '当月有效率 valid / counted；无答卷时为 null' }),
    earned: z.int().nonnegative().meta({ description: '当月获得的微豆（扣除被撤回的，不含支出）' }),
    medianRate: Rate.nullable().meta({
      description: '当月全体会员有效率的中位数；无人答卷时为 null',
    }),
  })
  .meta({ id: 'MonthlyFigures', description: '一个月的答卷、有效率和微豆' });

export const PanelMedian = z
  .object({
    members: z.int().nonnegative().meta({ description: '当月有答卷的会员数（中位数的样本）' }),
    counted: z.number().nonnegative().nullable().meta({ description: '完成任务数的中位数' }),
    rate: Rate.nullable().meta({ description: '有效率的中位数' }),
    earned: z.number().nonnegative().nullable().meta({ description: '获得微豆的中位数' }),
  })
  .meta({ id: 'PanelMedian', description: '当月有答卷会员的中位数（无人时各项为 null）' });

export const MonthlyReport = z
  .object({
    month: MonthText.meta({ description: '本报告的月份' }),
    firstMonth: MonthText.meta({ description: '最早可看的月份' }),
    currentMonth: MonthText.meta({ description: '本月（最晚可看的月份）' }),
    figures: MonthlyFigures.meta({ description: '本月份的数字' }),
    previous: z
      .array(MonthlyFigures)
      .max(MONTHLY_REPORT_PREVIOUS)
      .meta({
        description: `之前最多 ${MONTHLY_REPORT_PREVIOUS} 个月，旧的在前`,
      }),
    median: PanelMedian.meta({ description: '全体会员的中位数' }),
  })
  .meta({ id: 'MonthlyReport', description: '答题质量月报' });
