/** The site's status: whether it is in maintenance (the maintenance page polls it). */
import { getSiteStatus } from '../../../openapi/operations/app';
import { handle } from '../../http/handle';
import { siteStatus } from './service';

export const routes = [handle(getSiteStatus, async ({ ctx }) => siteStatus(ctx.db, ctx.config.maintenance))];
