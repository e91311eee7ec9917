import { getQuality, getQualityLevels, listFlaggedAnswers } from '../../../openapi/operations/quality';
import { handle } from '../../http/handle';
import { flaggedAnswers, qualityLevels, qualityOverview } from './standing';

export const routes = [
  handle(getQuality, async ({ member, ctx }) => qualityOverview(ctx.db, member.id, ctx.now())),
  handle(listFlaggedAnswers, async ({ member, ctx, query }) => flaggedAnswers(ctx.db, member.id, ctx.now(), query)),
  handle(getQualityLevels, async ({ member, ctx }) => qualityLevels(ctx.db, member.id, ctx.now())),
];
