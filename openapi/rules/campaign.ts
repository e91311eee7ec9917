/**
 * Seasonal campaigns (季节活动, each at `/campaigns/{slug}`; `/christmas` was the first and keeps its
 * address): what both sides state. The draw itself is
 * the lucky wheel's (openapi/rules/lottery.ts, over that day's committed server seed).
 */

/** A campaign's page path segment. */
export const CAMPAIGN_SLUG_RE = /^[a-z][a-z0-9-]{1,31}$/;

/** The looks a campaign page can take. */
export const CAMPAIGN_THEMES = ['christmas', 'spring', 'plain'] as const;
export type CampaignTheme = (typeof CAMPAIGN_THEMES)[number];

/** Where a draw chance comes from. */
export const CAMPAIGN_CHANCE_SOURCES = ['task', 'checkin'] as const;
export type CampaignChanceSource = (typeof CAMPAIGN_CHANCE_SOURCES)[number];
export const campaignChanceLabel: Record<CampaignChanceSource, string> = {
  task: '完成调查任务',
  checkin: '每日签到',
};

/** Where a campaign is against the clock. */
export type CampaignPhase = 'upcoming' | 'running' | 'ended';
export function campaignPhase(startsAt: number, endsAt: number, now: number): CampaignPhase {
  if (now < startsAt) return 'upcoming';
  return now < endsAt ? 'running' : 'ended';
}

/** The most campaigns the list of live and upcoming ones gives (福利中心 shows them all). */
export const CAMPAIGN_LIST_MAX = 20;

/** Rows of the leaderboard (most chances earned). */
export const CAMPAIGN_LEADERBOARD_SIZE = 10;
