import type { z } from 'zod';
import type { Ranking, RankingTip, RankingTipDetail, RankPeriod } from '../../openapi/schemas/ranking';
import { quietApi } from '../api';
import { isMissingHelp } from './help';

/**
 * The ranking's calls for its pages: the board of a period (getRanking; the member's own rank
 * when logged in), the answering tips (listRankingTips) and one tip (getRankingTip). Loads go
 * through `quietApi`: the pages show their own states.
 */
export type RankingData = z.output<typeof Ranking>;
export type RankPeriodValue = z.output<typeof RankPeriod>;
export type RankingTipData = z.output<typeof RankingTip>;
export type RankingTipDetailData = z.output<typeof RankingTipDetail>;

export const loadRanking = (period: RankPeriodValue, signal?: AbortSignal): Promise<RankingData> =>
  quietApi.call('getRanking', { query: { period }, ...(signal ? { signal } : {}) });

export const loadRankingTips = (signal?: AbortSignal): Promise<RankingTipData[]> =>
  quietApi.call('listRankingTips', signal ? { signal } : {});

export const loadRankingTip = (id: number, signal?: AbortSignal): Promise<RankingTipDetailData> =>
  quietApi.call('getRankingTip', { params: { id }, ...(signal ? { signal } : {}) });

/** A tip that is not there (never was, unpublished) or an address segment that is no id. */
export const isMissingTip = isMissingHelp;
