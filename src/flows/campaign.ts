import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { campaignDrawMachine, type DrawOutcome, type DrawRequest } from '../../machines/campaignDraw';
import { Code } from '../../openapi/codes';
import type { CampaignDraw, CampaignOverview } from '../../openapi/schemas/campaign';
import { isApiError, quietApi } from '../api';
import type { FetchPage } from './usePagedList';

/**
 * A seasonal campaign's calls (`/christmas`, `/christmas/records`): the campaign (getCampaign:
 * dates, pool, my chances, leaderboard), my draws (listCampaignDraws, paged) and the draw
 * machine's `draw` actor (drawCampaign). The pages show every refusal themselves, so they go
 * through `quietApi`.
 */
export type CampaignOverviewData = z.output<typeof CampaignOverview>;
export type CampaignDrawData = z.output<typeof CampaignDraw>;

export const loadCampaign = (slug: string, signal?: AbortSignal): Promise<CampaignOverviewData> =>
  quietApi.call('getCampaign', { params: { slug }, ...(signal ? { signal } : {}) });

/** The Christmas campaign's pages (its slug and paths). */
export const CHRISTMAS = { slug: 'christmas', path: '/christmas', records: '/christmas/records' } as const;

/** A campaign that is not there. */
export const isMissingCampaign = (e: unknown) => isApiError(e) && (e.code === Code.NOT_FOUND || e.httpStatus === 404);

export const fetchCampaignDraws: FetchPage<CampaignDrawData, { slug: string }> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listCampaignDraws', { params: { slug: filter.slug }, query: { page, pageSize }, signal });

export const campaignDrawMachineFor = (slug: string) =>
  campaignDrawMachine.provide({
    actors: {
      draw: fromPromise<DrawOutcome, DrawRequest>(({ input, signal }) =>
        quietApi.call('drawCampaign', { params: { slug }, body: input, signal }),
      ),
    },
  });
