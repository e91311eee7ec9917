/**
 * Prize trials (产品试用, `/prize`, `/prize/result`): the fixed rules both sides state, and the draw
 * itself — pure, so the server decides with it and the page (or anyone) re-checks with it.
 *
 * The draw of a trial (GLOSSARY "Prize"):
 *   - when the trial opens, the operator's seed (64 hex digits) is fixed and its SHA-256 (of the
 *     text) is published; the seed itself is shown once the winners are drawn;
 *   - every application's key is `prize-trial:${trialId}|${applicationId}` (rule 2; trials made
 *     before 2026-11-29 keep rule 1, `${trialId}:${applicationId}`: the trial's `drawRule` says
 *     which). The seed is the trial's own and the application numbers are given by the server, so
 *     no applicant chooses any part of the message; the kind in front keeps it apart from the
 *     lucky wheel's messages (openapi/rules/lottery.ts drawMessage) all the same;
 *   - digest = HMAC-SHA256(key = seed, message = applicant key), hex;
 *   - applicants in the published order (application id ascending) are ranked by digest
 *     ascending (ties keep the published order); the first `units` win.
 */
import type { DrawRule } from './lottery';

export { LOTTERY_SERVER_SEED_RE as PRIZE_SEED_RE } from './lottery';

/** Longest trial title and summary operators may set. */
export const PRIZE_TITLE_MAX = 60;
export const PRIZE_SUMMARY_MAX = 2000;
/** Most product images of one trial. */
export const PRIZE_IMAGES_MAX = 9;

/** The HMAC message of one application, under the trial's draw rule. */
export const prizeApplicantKey = (rule: DrawRule, trialId: number, applicationId: number): string =>
  rule === 1 ? `${trialId}:${applicationId}` : `prize-trial:${trialId}|${applicationId}`;

export interface PrizeEntry {
  applicationId: number;
  /** HMAC-SHA256(seed, applicant key), hex. */
  digest: string;
}

/** The winners' application ids, in rank order: published order, then digest ascending, first `units`. */
export function prizeWinners(entries: readonly PrizeEntry[], units: number): number[] {
  return [...entries]
    .sort((a, b) => a.applicationId - b.applicationId)
    .sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0))
    .slice(0, Math.max(0, units))
    .map((e) => e.applicationId);
}

export const PRIZE_PHASES = ['upcoming', 'open', 'closed', 'drawn'] as const;
export type PrizePhase = (typeof PRIZE_PHASES)[number];
export const prizePhaseLabel: Record<PrizePhase, string> = {
  upcoming: '即将开始',
  open: '申请中',
  closed: '已截止，等待开奖',
  drawn: '已开奖',
};

/** A member's screener questionnaire for one trial (PrizeMine.screener). */
export const PRIZE_SCREENER_STATES = ['none', 'todo', 'passed', 'failed'] as const;
export type PrizeScreenerState = (typeof PRIZE_SCREENER_STATES)[number];
/** A winner's report-back (PrizeMine.report): none, waiting for the parcel, to fill in, done. */
export const PRIZE_REPORT_STATES = ['none', 'waiting', 'todo', 'done'] as const;
export type PrizeReportState = (typeof PRIZE_REPORT_STATES)[number];

/** Where a trial stands at `now` (ms). */
export function prizePhase(t: { opensAt: number; closesAt: number; drawnAt: number | null }, now: number): PrizePhase {
  if (t.drawnAt !== null) return 'drawn';
  if (now < t.opensAt) return 'upcoming';
  return now < t.closesAt ? 'open' : 'closed';
}

/** How anyone checks a draw, in words members read, under the trial's draw rule. */
export const prizeVerifySteps = (rule: DrawRule): readonly string[] => [
  '核对：开奖公布的种子做 SHA-256，结果应与申请开始时公布的种子哈希一致。',
  rule === 1
    ? '对每位申请人，以种子为密钥、“试用编号:申请编号”为消息计算 HMAC-SHA256（十六进制）。'
    : '对每位申请人，以种子为密钥、“prize-trial:试用编号|申请编号”为消息计算 HMAC-SHA256（十六进制）。',
  '按申请编号从小到大排好，再按 HMAC 值从小到大排序，前 N 位（N = 份数）即中签者。',
];
