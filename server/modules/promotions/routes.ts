/** Banners, login banners and campaigns: public reads of what is shown now. */
import { listBanners, listLoginBanners } from '../../../openapi/operations/banners';
import { listEvents } from '../../../openapi/operations/events';
import { handle } from '../../http/handle';
import { liveBanners, liveEvents, liveLoginBanners } from './service';

export const routes = [
  handle(listBanners, async ({ ctx, query }) => liveBanners(ctx, query.position, query.platform)),
  handle(listLoginBanners, async ({ ctx, query }) => liveLoginBanners(ctx, query.platform)),
  handle(listEvents, async ({ ctx, query }) => liveEvents(ctx, query.position, query.platform)),
];
