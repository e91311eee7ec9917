/**
 * Answer quality (答题质量, /efficient): which participations count, the rolling window, and the
 * one table of quality levels. The server computes the member's standing from these; the pages
 * show the same table. Defined once here.
 *
 * Counted: a finished participation the member answered to the end — a complete (valid or
 * flagged) or a complete too fast to be read (答题过快). Screen-outs, quota-full, timeouts and the
 * start checks (IP / device / city) say nothing about how the member answers and are not counted.
 * Valid: a complete with no low-quality reason that was not reversed by the partner afterwards.
 */
import { JoinResult } from '../enums';

/** Days of the rolling window the rate and level are computed over (up to now). */
export const QUALITY_WINDOW_DAYS = 90;
/** Beijing months shown in the month-by-month chart (the current month included). */
export const QUALITY_CHART_MONTHS = 6;

/** The join results that count toward the valid-answer rate. */
export const COUNTED_JOIN_RESULTS: readonly number[] = [JoinResult.values.COMPLETE, JoinResult.values.TOO_SHORT];

/**
 * Quality levels, lowest first. A member is at the highest level whose both minimums they meet.
 * `perks` and `limits` say only what holds today: no task list or exchange reads the level yet
 * (issue 16's enforcement is not built), so a level promises nothing it cannot keep; the
 * low-quality pay of a flagged answer is each task's own rule (polls.low_quality_pay).
 */
export const QUALITY_LEVELS = [
  {
    level: 0,
    name: '见习',
    minCounted: 0,
    minRate: 0,
    summary: `近 ${QUALITY_WINDOW_DAYS} 天完成的答卷不足 5 份，暂未定级`,
    perks: ['可参与所有符合条件的任务', '完成 5 份答卷后按有效率定级'],
    limits: [] as string[],
  },
  {
    level: 1,
    name: '待提升',
    minCounted: 5,
    minRate: 0,
    summary: `近 ${QUALITY_WINDOW_DAYS} 天有效率低于 70%`,
    perks: ['可参与所有符合条件的任务'],
    limits: ['被判无效的答卷按任务规则少发或不发微豆', '请查看无效原因，按建议改进答题方式'],
  },
  {
    level: 2,
    name: '良好',
    minCounted: 5,
    minRate: 0.7,
    summary: `近 ${QUALITY_WINDOW_DAYS} 天有效率 70% 及以上`,
    perks: ['可参与所有符合条件的任务', '答卷质量合格，继续保持'],
    limits: [] as string[],
  },
  {
    level: 3,
    name: '优秀',
    minCounted: 10,
    minRate: 0.9,
    summary: `近 ${QUALITY_WINDOW_DAYS} 天至少 10 份答卷且有效率 90% 及以上`,
    perks: ['可参与所有符合条件的任务', '答卷质量优秀，是合作方最看重的答题者'],
    limits: [] as string[],
  },
] as const;

export type QualityLevelValue = (typeof QUALITY_LEVELS)[number]['level'];

/** The level of a standing: the highest whose minimums are met (rate in 0–1). */
export function qualityLevelOf(counted: number, valid: number): QualityLevelValue {
  const rate = counted === 0 ? 0 : valid / counted;
  let found: QualityLevelValue = 0;
  for (const l of QUALITY_LEVELS) {
    if (l.level === 0) continue;
    if (counted >= l.minCounted && rate >= l.minRate) found = l.level;
  }
  return found;
}

/** Concrete advice per flag (the five low-quality reasons, answering too fast, a partner's rejection). */
export const QUALITY_ADVICE: Record<'1' | '2' | '3' | '4' | '5' | 'tooFast' | 'reversed', string> = {
  '1': '开放题请用自己的话写出真实想法，不要输入无意义的字符、复制题目或重复同一句话。',
  '2': '同一份问卷每人只答一次；不要在多个账号或同一设备上重复作答。',
  '3': '前后题目要一致：例如前面选了“从不网购”，后面就不要选“每周网购”。答题前先看清题目。',
  '4': '部分题目会要求选择指定选项以确认你在认真阅读，请逐题读完题干再作答。',
  '5': '只选择你真实了解、使用过的品牌或产品；不认识的选项不要勾选。',
  tooFast: '请按问卷提示的预计时长认真作答，明显快于正常阅读速度的答卷会被判为无效。',
  reversed: '合作方复核后认定答卷无效。请保持前后一致、认真作答；如有异议可提交申诉。',
};
