import {
  getQuality,
  getQualityLevels,
  getQualityMonthly,
  listFlaggedAnswers,
} from '../../../openapi/operations/quality';
import { handle } from '../../http/handle';
import { monthlyReport } from './monthly';
import { flaggedAnswers, qualityLevels, qualityOverview } from './standing';

export const routes = [
  handle(getQuality, async ({ member, ctx }) => qualityOverview(ctx.db, member.id, ctx.now())),
  handle(listFlaggedAnswers, async ({ member, ctx, query }) => flaggedAnswers(ctx.db, member.id, ctx.now(), query)),
  handle(getQualityLevels, async ({ viewer, ctx }) => qualityLevels(ctx.db, viewer?.id ?? null, ctx.now())),
  handle(getQualityMonthly, async ({ member, ctx, query }) => monthlyReport(ctx.db, member.id, ctx.now(), query)),
];
