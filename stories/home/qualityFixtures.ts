import { levelRules, levelSummary, qualityLevelOf } from '../../openapi/rules/quality';
import type { Overview } from '../../src/pages/efficient/EfficientView';
import type { FlaggedRow } from '../../src/pages/efficient-detail/EfficientDetailView';
import type { Levels } from '../../src/pages/efficient-level/EfficientLevelView';

/** 2026-11-22 09:05 Beijing. */
export const T = Date.UTC(2026, 10, 22, 1, 5);
const DAY = 86_400_000;
const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

/** An overview whose figures agree: months as [counted, valid], reasons 1–5 counts, too fast and reversed. */
export function overview(
  months: [number, number][],
  reasons: [number, number, number, number, number] = [0, 0, 0, 0, 0],
  extra: { tooFast?: number; reversed?: number } = {},
): Overview {
  const rows = MONTHS.map((month, i) => {
    const [counted, valid] = months[i] ?? [0, 0];
    return { month, counted, valid, rate: counted === 0 ? null : valid / counted };
  });
  // The 90-day window: the last three months.
  const window = rows.slice(3);
  const counted = window.reduce((s, m) => s + m.counted, 0);
  const valid = window.reduce((s, m) => s + m.valid, 0);
  return {
    windowDays: 90,
    counted,
    valid,
    flagged: counted - valid,
    rate: counted === 0 ? null : valid / counted,
    level: qualityLevelOf(counted, valid),
    levelSummary: levelSummary(qualityLevelOf(counted, valid)),
    reasons: ([1, 2, 3, 4, 5] as const).map((reason, i) => ({ reason, count: reasons[i]! })),
    tooFast: extra.tooFast ?? 0,
    reversed: extra.reversed ?? 0,
    months: rows,
  };
}

export const noHistory = overview([]);
/** 良好: 13 of 16 valid over the window. */
export const goodStanding = overview(
  [
    [5, 3],
    [4, 3],
    [6, 5],
    [5, 4],
    [6, 5],
    [5, 4],
  ],
  [1, 0, 0, 1, 1],
  { reversed: 0 },
);
/** 待提升: 4 of 8 valid. */
export const lowStanding = overview(
  [
    [0, 0],
    [2, 1],
    [3, 1],
    [3, 1],
    [3, 2],
    [2, 1],
  ],
  [2, 1, 1, 0, 0],
  { tooFast: 1 },
);
/** 优秀: 12 of 12 valid. */
export const excellentStanding = overview([
  [3, 3],
  [4, 4],
  [3, 3],
  [4, 4],
  [4, 4],
  [4, 4],
]);

const TITLES = [
  '城市通勤方式与时间调查',
  '短视频平台使用时长调查',
  '社区团购使用习惯调查',
  '新能源汽车购买意向调查',
  '汽车保养服务调查',
];

/** One flagged answer per low-quality reason (1–5), then one too fast and one reversed. */
export const flaggedRows: FlaggedRow[] = [
  ...([1, 2, 3, 4, 5] as const).map((reason, i) => ({
    respondentId: `rid-${reason}`,
    taskTitle: TITLES[i]!,
    finishedAt: T - i * 3 * DAY,
    reasons: [reason],
    tooFast: false,
    reversed: false,
  })),
  {
    respondentId: 'rid-fast',
    taskTitle: '手机游戏付费习惯调查',
    finishedAt: T - 20 * DAY,
    reasons: [],
    tooFast: true,
    reversed: false,
  },
  {
    respondentId: 'rid-rev',
    taskTitle: '家电以旧换新意向调查',
    finishedAt: T - 30 * DAY,
    reasons: [],
    tooFast: false,
    reversed: true,
  },
];

export const levelsAt = (o: Overview): Levels => ({
  windowDays: 90,
  levels: levelRules(),
  level: o.level,
  rate: o.rate,
  counted: o.counted,
});

/** The level rules as a visitor gets them: the table, no place. */
export const visitorLevels: Levels = { windowDays: 90, levels: levelRules(), level: null, rate: null, counted: null };

/** A month of the monthly report: `counted` answers, `valid` of them valid, 微豆 and the month's median rate. */
export const monthFigures = (
  month: string,
  counted: number,
  valid: number,
  earned: number,
  medianRate: number | null,
) => ({
  month,
  counted,
  valid,
  rate: counted === 0 ? null : valid / counted,
  earned,
  medianRate,
});

const SIX = ['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];

/** A member since May: six earlier months and November, with the panel median of November. */
export const monthlyReport = (
  november: { counted: number; valid: number; earned: number },
  median = { members: 128, counted: 6, rate: 0.8, earned: 620 },
) => ({
  month: '2026-11',
  firstMonth: '2026-05',
  currentMonth: '2026-11',
  figures: monthFigures('2026-11', november.counted, november.valid, november.earned, median.rate),
  previous: SIX.map((m, i) => monthFigures(m, 4 + i, 3 + i - (i % 2), 300 + i * 90, 0.78 + (i % 3) * 0.02)),
  median,
});

/** Better than the panel median: 10 of 11 valid. */
export const betterMonth = monthlyReport({ counted: 11, valid: 10, earned: 1280 });
/** Worse than the panel median: 3 of 6 valid. */
export const worseMonth = monthlyReport({ counted: 6, valid: 3, earned: 310 });
/** A normal month at the median. */
export const normalMonth = monthlyReport({ counted: 5, valid: 4, earned: 620 });
/** A new member this month: nothing at all yet, no earlier months, nobody else this month either. */
export const noMonthlyHistory = {
  month: '2026-11',
  firstMonth: '2026-11',
  currentMonth: '2026-11',
  figures: monthFigures('2026-11', 0, 0, 0, null),
  previous: [],
  median: { members: 0, counted: null, rate: null, earned: null },
};
