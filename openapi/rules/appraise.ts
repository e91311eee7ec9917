/**
 * 月度答题之星 (/appraise): who is among a Beijing month's best members and what each place is
 * awarded. The server's monthly run (server/modules/appraise) ranks by these, the page states
 * them. Counting is answer quality's (openapi/rules/quality.ts): counted answers are finished
 * completes (valid or flagged) and completes too fast to be read; valid ones are completes with no
 * low-quality reason that were not reversed.
 */

/** Counted answers a member needs in the month to be considered. */
export const APPRAISE_MIN_COUNTED = 10;
/** Valid-answer rate (0–1) a member needs in the month to be considered. */
export const APPRAISE_MIN_RATE = 0.9;

/** The award of each place, in 微豆: places `from`–`to` (inclusive), best first. */
export const APPRAISE_AWARDS = [
  { from: 1, to: 1, points: 2000 },
  { from: 2, to: 3, points: 1000 },
  { from: 4, to: 10, points: 500 },
] as const;

/** How many members a month names: the last awarded place. */
export const APPRAISE_TOP = APPRAISE_AWARDS[APPRAISE_AWARDS.length - 1]!.to;

/** A YYYY-MM month (01–12). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The award of a place (1-based); 0 past the last awarded place. */
export function awardOf(rank: number): number {
  return APPRAISE_AWARDS.find((a) => rank >= a.from && rank <= a.to)?.points ?? 0;
}

/** A member's figures for one month, as the ranking reads them. */
export interface AppraiseCandidate {
  memberId: number;
  counted: number;
  valid: number;
  /** When (epoch ms) the member's last valid answer of the month finished: reaching the count earlier ranks first. */
  reachedAt: number;
}

/** Whether a member's month qualifies: enough counted answers and a high enough valid rate. */
export function qualifies(counted: number, valid: number): boolean {
  return counted >= APPRAISE_MIN_COUNTED && counted > 0 && valid / counted >= APPRAISE_MIN_RATE;
}

/**
 * The order of qualified members: more valid answers (contribution) first, then the higher valid
 * rate, then who reached their count earlier, then the lower member id (a stable last resort).
 */
export function compareCandidates(a: AppraiseCandidate, b: AppraiseCandidate): number {
  if (a.valid !== b.valid) return b.valid - a.valid;
  const rate = b.valid * a.counted - a.valid * b.counted; // b.rate - a.rate, without division
  if (rate !== 0) return rate;
  if (a.reachedAt !== b.reachedAt) return a.reachedAt - b.reachedAt;
  return a.memberId - b.memberId;
}

/** The month's winners: the qualified candidates in order, the top APPRAISE_TOP, each with its place and award. */
export function rankCandidates<C extends AppraiseCandidate>(
  candidates: readonly C[],
): (C & { rank: number; award: number })[] {
  return candidates
    .filter((c) => qualifies(c.counted, c.valid))
    .sort(compareCandidates)
    .slice(0, APPRAISE_TOP)
    .map((c, i) => ({ ...c, rank: i + 1, award: awardOf(i + 1) }));
}

/**
 * How far a member's month is from qualifying: the counted answers still missing, and how many
 * valid answers in a row would lift the rate to the minimum (0 when it is met).
 */
export function distanceToQualify(counted: number, valid: number): { moreAnswers: number; moreValid: number } {
  const moreAnswers = Math.max(0, APPRAISE_MIN_COUNTED - counted);
  // Smallest n ≥ moreAnswers with (valid + n) / (counted + n) ≥ MIN_RATE.
  let n = moreAnswers;
  while ((valid + n) / Math.max(1, counted + n) < APPRAISE_MIN_RATE) n++;
  return { moreAnswers, moreValid: n };
}

/** The rules in the words the page shows. */
export const APPRAISE_RULE_LINES: readonly string[] = [
  `按北京时间自然月评选，每月 1 日起可查看上个月的结果。`,
  `参评条件：当月完成的答卷不少于 ${APPRAISE_MIN_COUNTED} 份，且有效率不低于 ${Math.round(APPRAISE_MIN_RATE * 100)}%（被筛选、名额已满、超时的不计入；答题过快、被判无效或被合作方撤回的计为无效）。`,
  `排名：有效答卷多者在前；相同时有效率高者在前；仍相同时先达到该有效答卷数者在前。`,
  `奖励：${APPRAISE_AWARDS.map((a) => `${a.from === a.to ? `第 ${a.from} 名` : `第 ${a.from}–${a.to} 名`} ${a.points.toLocaleString('zh-CN')} 微豆`).join('，')}，评选后直接发放到微豆账户，每人每月一次。`,
];

/** The rules as the contract's AppraiseRules carries them (GET /v1/appraise). */
export function appraiseRules() {
  return {
    minCounted: APPRAISE_MIN_COUNTED,
    minRate: APPRAISE_MIN_RATE,
    top: APPRAISE_TOP,
    awards: APPRAISE_AWARDS.map((a) => ({ ...a })),
    lines: [...APPRAISE_RULE_LINES],
  };
}
