/**
 * Risk signals of a member whose exchange waits for review, and the one rule that turns them into
 * an overall level. The server measures (server/modules/console/risk.ts), this file judges: each
 * signal's flag from its figures, and the level from the flags. The console shows the same words,
 * and bulk approval takes only rows whose level is `low`.
 *
 * Only what the database really records is measured: registration IP, the device ids and IPs of
 * participations, who invited whom, answer quality, join results, the use of a change-mobile
 * check, the real-name verification and the ledger's running totals.
 */
import { z } from 'zod';

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: '低', medium: '中', high: '高' };

/** One signal's verdict: nothing to see, worth a look, or a strong sign of abuse. */
export const RISK_FLAGS = ['none', 'watch', 'alert'] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

export const RISK_SIGNALS = {
  accountAge: '账号注册时长',
  sharedDevice: '同设备的其他账号',
  sharedIpRange: '同注册 IP 段的其他账号',
  inviteCluster: '邀请关系集中在同一 IP 段',
  answerQuality: '答题质量等级',
  screenOut: '甄别淘汰比例',
  tooFast: '答题过快比例',
  blockedJoins: '因 IP / 设备 / 城市被拒的参与',
  mobileChange: '近 30 天更换过手机号',
  identity: '实名认证',
  earnedVsRedeemed: '累计获得与兑换的微豆',
} as const;
export type RiskSignalKey = keyof typeof RISK_SIGNALS;
export const RISK_SIGNAL_KEYS = Object.keys(RISK_SIGNALS) as RiskSignalKey[];

/** The thresholds, in one place. */
export const RISK_RULES = {
  /** An account younger than this many days is worth a look. */
  newAccountDays: 7,
  /** Other accounts on one device: 1 is worth a look (a family), this many is an alert. */
  sharedDeviceAlert: 2,
  /** Other accounts registered from the same IP range: 1 is worth a look, this many is an alert. */
  sharedIpAlert: 3,
  /** Invitees registered from the member's own IP range: 1 is worth a look, this many is an alert. */
  inviteClusterAlert: 3,
  /** The ratios count only once the member has at least this many finished participations. */
  minParticipations: 5,
  screenOutWatch: 0.8,
  tooFastWatch: 0.2,
  tooFastAlert: 0.5,
  /** Participations refused for IP / device / city: 1 is worth a look, this many is an alert. */
  blockedJoinsAlert: 3,
  /** A change of mobile within this many days is worth a look. */
  mobileChangeDays: 30,
  /** A young account (under this many days) that redeemed at least `cashOutShare` of all it earned. */
  cashOutAccountDays: 30,
  cashOutShare: 0.9,
  /** At most this many member codes as evidence on a queue row (the item shows up to `sampleFull`). */
  sampleQueue: 3,
  sampleFull: 20,
} as const;

const R = RISK_RULES;
const countFlag = (n: number, alertAt: number): RiskFlag => (n >= alertAt ? 'alert' : n >= 1 ? 'watch' : 'none');

/** The flag of each signal from its figures. */
export const riskFlag = {
  accountAge: (days: number): RiskFlag => (days < R.newAccountDays ? 'watch' : 'none'),
  sharedDevice: (others: number): RiskFlag => countFlag(others, R.sharedDeviceAlert),
  sharedIpRange: (others: number): RiskFlag => countFlag(others, R.sharedIpAlert),
  inviteCluster: (inviteesInRange: number, inviterInRange: boolean): RiskFlag =>
    inviteesInRange >= R.inviteClusterAlert ? 'alert' : inviteesInRange >= 1 || inviterInRange ? 'watch' : 'none',
  /** Quality level 1 (待提升) is worth a look; 0 (见习, too few answers) is not judged. */
  answerQuality: (level: number): RiskFlag => (level === 1 ? 'watch' : 'none'),
  screenOut: (ratio: number | null): RiskFlag => (ratio !== null && ratio >= R.screenOutWatch ? 'watch' : 'none'),
  tooFast: (ratio: number | null): RiskFlag =>
    ratio === null ? 'none' : ratio >= R.tooFastAlert ? 'alert' : ratio >= R.tooFastWatch ? 'watch' : 'none',
  blockedJoins: (n: number): RiskFlag => countFlag(n, R.blockedJoinsAlert),
  mobileChange: (changed: boolean): RiskFlag => (changed ? 'watch' : 'none'),
  /** Shown for context only: a reward that needs a verified member says so itself (requireIdentity). */
  identity: (): RiskFlag => 'none',
  earnedVsRedeemed: (earned: number, redeemed: number, accountDays: number): RiskFlag =>
    accountDays < R.cashOutAccountDays && earned > 0 && redeemed >= earned * R.cashOutShare ? 'watch' : 'none',
};

/** A ratio over `total` participations, or null below the minimum (too few to judge). */
export const participationRatio = (n: number, total: number): number | null =>
  total >= R.minParticipations ? n / total : null;

/**
 * The overall level: high with any alert or three signals worth a look; medium with any signal
 * worth a look; low otherwise.
 */
export function riskLevelOf(flags: readonly RiskFlag[]): RiskLevel {
  const watch = flags.filter((f) => f === 'watch').length;
  if (flags.includes('alert') || watch >= 3) return 'high';
  return watch > 0 ? 'medium' : 'low';
}

/**
 * The range an address belongs to: an IPv4 address's /24 (`203.0.113.`); an IPv4-mapped IPv6
 * address counts as its IPv4 one; any other address is its own range.
 */
export function ipRangeOf(ip: string | null | undefined): string | null {
  const t = ip?.trim().replace(/^::ffff:/i, '');
  if (!t) return null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(t);
  return v4 ? `${v4[1]}.${v4[2]}.${v4[3]}.` : t.toLowerCase();
}

export const RiskLevelSchema = z.enum(RISK_LEVELS).meta({ description: '风险等级：low 低，medium 中，high 高' });
export const RiskFlagSchema = z.enum(RISK_FLAGS).meta({ description: 'none 无异常，watch 需留意，alert 高风险' });
export const RiskSignalKeySchema = z.enum(RISK_SIGNAL_KEYS as [RiskSignalKey, ...RiskSignalKey[]]);
