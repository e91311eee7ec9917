import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { campaignDrawMachine, type DrawOutcome, type DrawRequest } from '../../machines/campaignDraw';
import { Code } from '../../openapi/codes';
import { CAMPAIGN_SLUG_RE } from '../../openapi/rules/campaign';
import type { CampaignDraw, CampaignOverview, CampaignSummary } from '../../openapi/schemas/campaign';
import { PRODUCT_NAME, TITLE_SEPARATOR } from '../config';
import { documentTitle } from '../routing/guards';
import { isApiError, quietApi } from '../api';
import type { FetchPage } from './usePagedList';

/**
 * A seasonal campaign's calls (`/campaigns/:slug`, `/christmas` and their records): the campaigns
 * that run or are about to (listCampaigns, for 福利中心), one campaign (getCampaign: dates, pool,
 * my chances, leaderboard), my draws (listCampaignDraws, paged) and the draw machine's `draw`
 * actor (drawCampaign). The pages show every refusal themselves, so they go through `quietApi`.
 */
export type CampaignOverviewData = z.output<typeof CampaignOverview>;
export type CampaignDrawData = z.output<typeof CampaignDraw>;

export type CampaignSummaryData = z.output<typeof CampaignSummary>;

/** A slug no campaign can have (`/campaigns/Not_A_Slug`): not found, without asking the server. */
class NoSuchSlug extends Error {}

export const loadCampaign = (slug: string, signal?: AbortSignal): Promise<CampaignOverviewData> =>
  CAMPAIGN_SLUG_RE.test(slug)
    ? quietApi.call('getCampaign', { params: { slug }, ...(signal ? { signal } : {}) })
    : Promise.reject(new NoSuchSlug(slug));

/** The campaigns running or about to start (福利中心 lists them). */
export const loadLiveCampaigns = (signal?: AbortSignal): Promise<CampaignSummaryData[]> =>
  quietApi.call('listCampaigns', signal ? { signal } : {});

/** A campaign that is not there. */
export const isMissingCampaign = (e: unknown) =>
  e instanceof NoSuchSlug || (isApiError(e) && (e.code === Code.NOT_FOUND || e.httpStatus === 404));

/**
 * The document title once the campaign is known (`微豆调研 - 新春红包节`): the route's own title
 * (季节活动) says nothing of which campaign it is. The page sets it after the shell set the route's.
 */
export function useCampaignTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle({ title }, PRODUCT_NAME, TITLE_SEPARATOR)!;
  }, [title]);
}

export const fetchCampaignDraws: FetchPage<CampaignDrawData, { slug: string }> = (
  { filter, page, pageSize },
  signal,
) =>
  CAMPAIGN_SLUG_RE.test(filter.slug)
    ? quietApi.call('listCampaignDraws', { params: { slug: filter.slug }, query: { page, pageSize }, signal })
    : Promise.reject(new NoSuchSlug(filter.slug));

export const campaignDrawMachineFor = (slug: string) =>
  campaignDrawMachine.provide({
    actors: {
      draw: fromPromise<DrawOutcome, DrawRequest>(({ input, signal }) =>
        quietApi.call('drawCampaign', { params: { slug }, body: input, signal }),
      ),
    },
  });
