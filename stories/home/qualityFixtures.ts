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
