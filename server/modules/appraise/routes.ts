/** 月度答题之星 (/appraise): public, with the reader's own standing when logged in. */
import { getAppraise } from '../../../openapi/operations/appraise';
import { handle } from '../../http/handle';
import { appraise } from './service';

export const routes = [
  handle(getAppraise, async ({ ctx, query, viewer }) => appraise(ctx.db, query.month, ctx.now(), viewer?.id ?? null)),
];
