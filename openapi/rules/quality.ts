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
 * Quality levels, lowest first. A member is at the highest level whose both minimums they meet;
 * `minCounted` / `minRate` here are the defaults an operator may change (kv, `quality levels set`).
 * A task or a reward may ask for a minimum level (tasks.min_quality_level,
 * rewards.min_quality_level); the task start and the exchange check it with `meetsQualityLevel`
 * against the same standing GET /v1/quality shows. `perks` and `limits` say exactly what each
 * level may and may not do there; the low-quality pay of a flagged answer is each task's own rule
 * (polls.low_quality_pay).
 */
export const QUALITY_LEVELS = [
  {
    level: 0,
    name: '见习',
    minCounted: 0,
    minRate: 0,
    perks: [
      '未定级时按「良好」对待：可参加要求「良好」及以下的任务，可兑换要求「良好」及以下的商品',
      '答卷数达到门槛后按有效率定级',
    ],
    limits: ['「优秀」专享的任务和商品需要定级为「优秀」后才能参加、兑换'],
  },
  {
    level: 1,
    name: '待提升',
    minCounted: 5,
    minRate: 0,
    perks: ['可参加、兑换不限答题质量的任务和商品'],
    limits: [
      '要求「良好」或「优秀」的任务不能参加，有此要求的商品不能兑换',
      '被判无效的答卷按任务规则少发或不发微豆',
      '请查看无效原因，按建议改进；有效率达到「良好」的门槛即升级',
    ],
  },
  {
    level: 2,
    name: '良好',
    minCounted: 5,
    minRate: 0.7,
    perks: ['可参加要求「良好」及以下的任务，可兑换要求「良好」及以下的商品'],
    limits: ['「优秀」专享的任务和商品暂不能参加、兑换；达到「优秀」的门槛即升级'],
  },
  {
    level: 3,
    name: '优秀',
    minCounted: 10,
    minRate: 0.9,
    perks: ['可参加所有任务，包括「优秀」专享任务', '可兑换所有商品，包括要求「优秀」的商品'],
    limits: [] as string[],
  },
] as const;

export type QualityLevelValue = (typeof QUALITY_LEVELS)[number]['level'];

/** A rated level's minimums: at least `minCounted` counted answers with a valid rate of at least `minRate`. */
export interface LevelThreshold {
  level: 1 | 2 | 3;
  minCounted: number;
  minRate: number;
}

/** The minimums of QUALITY_LEVELS: what holds until an operator sets others (`npm run ops -- quality levels`). */
export const DEFAULT_LEVEL_THRESHOLDS: readonly LevelThreshold[] = QUALITY_LEVELS.flatMap((l) =>
  l.level === 0 ? [] : [{ level: l.level, minCounted: l.minCounted, minRate: l.minRate }],
);

/** Why a set of minimums cannot be used (zh-CN), or null: every level needs answers, and both rise with the level. */
export function thresholdsProblem(t: readonly LevelThreshold[]): string | null {
  const byLevel = [1, 2, 3].flatMap((level) => t.filter((x) => x.level === level));
  const [one, two, three] = byLevel;
  if (byLevel.length !== 3 || !one || !two || !three) return '三个等级（待提升、良好、优秀）的门槛都要给出';
  for (const x of byLevel) {
    if (!Number.isInteger(x.minCounted) || x.minCounted < 1 || x.minCounted > 1000)
      return `${qualityLevelName(x.level)}的最少答卷数应为 1–1000 的整数`;
    if (!(x.minRate >= 0 && x.minRate <= 1)) return `${qualityLevelName(x.level)}的有效率门槛应在 0%–100% 之间`;
  }
  if (one.minRate !== 0) return '待提升是已定级的最低一级，有效率门槛只能是 0%';
  for (const [lo, hi] of [
    [one, two],
    [two, three],
  ] as const) {
    if (hi.minCounted < lo.minCounted || hi.minRate <= lo.minRate)
      return `${qualityLevelName(hi.level)}的门槛要高于${qualityLevelName(lo.level)}：答卷数不少于、有效率高于它`;
  }
  return null;
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** The one-line rule of a level under `thresholds`, as the pages show it. */
export function levelSummary(level: number, thresholds: readonly LevelThreshold[] = DEFAULT_LEVEL_THRESHOLDS): string {
  const t = (l: number) => thresholds.find((x) => x.level === l)!;
  const window = `近 ${QUALITY_WINDOW_DAYS} 天`;
  if (level === 0) return `${window}完成的答卷不足 ${t(1).minCounted} 份，暂未定级`;
  if (level === 1) return `${window}有效率低于 ${percent(t(2).minRate)}`;
  const x = t(level);
  return `${window}至少 ${x.minCounted} 份答卷且有效率 ${percent(x.minRate)} 及以上`;
}

/** Every level's rule as the level pages show it, under `thresholds`. */
export function levelRules(thresholds: readonly LevelThreshold[] = DEFAULT_LEVEL_THRESHOLDS) {
  return QUALITY_LEVELS.map((l) => {
    const t = thresholds.find((x) => x.level === l.level) ?? { minCounted: 0, minRate: 0 };
    return {
      level: l.level,
      name: l.name,
      minCounted: t.minCounted,
      minRate: t.minRate,
      summary: levelSummary(l.level, thresholds),
      perks: [...l.perks],
      limits: [...l.limits],
    };
  });
}

/** The level of a standing: the highest whose minimums are met (rate in 0–1). */
export function qualityLevelOf(
  counted: number,
  valid: number,
  thresholds: readonly LevelThreshold[] = DEFAULT_LEVEL_THRESHOLDS,
): QualityLevelValue {
  const rate = counted === 0 ? 0 : valid / counted;
  let found: QualityLevelValue = 0;
  for (const l of thresholds) {
    if (counted >= l.minCounted && rate >= l.minRate && l.level > found) found = l.level;
  }
  return found;
}

/**
 * The highest minimum a 见习 member (not rated yet) meets: a newcomer is treated as 良好 so that
 * they are not locked out of ordinary tasks before they could answer five; only 优秀-only tasks
 * and rewards need a real 优秀 rating. A rated member meets the minimums up to their own level.
 */
export const UNRATED_MEETS_UP_TO: QualityLevelValue = 2;

/** Does a member at `level` meet a task's or reward's minimum quality level `required`? */
export function meetsQualityLevel(level: number, required: number): boolean {
  return required <= level || (level === 0 && required <= UNRATED_MEETS_UP_TO);
}

/** The level's name (见习, 待提升, 良好, 优秀). */
export function qualityLevelName(level: number): string {
  return QUALITY_LEVELS.find((l) => l.level === level)?.name ?? QUALITY_LEVELS[0].name;
}

/** A minimum as members and operators read it: 不限, 待提升及以上, 良好及以上, 仅限优秀. */
export function minQualityLabel(required: number): string {
  if (required <= 0) return '不限';
  const top = QUALITY_LEVELS[QUALITY_LEVELS.length - 1]!;
  return required >= top.level ? `仅限${top.name}` : `${qualityLevelName(required)}及以上`;
}

/** The zh-CN reason a member below a minimum is refused, naming both levels. */
export function qualityLevelRefusal(what: '任务' | '商品', required: number, level: number): string {
  const mine = level === 0 ? `「${qualityLevelName(0)}」（暂未定级）` : `「${qualityLevelName(level)}」`;
  return `该${what}需要答题质量达到「${qualityLevelName(required)}」，你当前为${mine}`;
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
