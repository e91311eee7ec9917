import { drawCampaign, getCampaign, listCampaignDraws, listCampaigns } from '../../../openapi/operations/campaign';
import { handle } from '../../http/handle';
import { drawOnce, listDraws, liveCampaigns, overview } from './service';

export const routes = [
  handle(listCampaigns, async ({ ctx }) => liveCampaigns(ctx)),
  handle(getCampaign, async ({ ctx, viewer, params }) => overview(ctx, params.slug, viewer?.id ?? null)),
  handle(drawCampaign, async ({ ctx, member, params, body }) => drawOnce(ctx, params.slug, member.id, body)),
  handle(listCampaignDraws, async ({ ctx, member, params, query }) =>
    listDraws(ctx, params.slug, member.id, query.page, query.pageSize),
  ),
];
