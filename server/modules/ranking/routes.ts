/** The ranking (本周 / 本月 微豆) and its answering-tips articles. */
import { getRanking, getRankingTip, listRankingTips } from '../../../openapi/operations/ranking';
import { handle } from '../../http/handle';
import { ranking } from './service';
import { listTips, tipDetail } from './tips';

export const routes = [
  handle(getRanking, async ({ ctx, query, viewer }) => ranking(ctx.db, query.period, ctx.now(), viewer?.id ?? null)),
  handle(listRankingTips, async ({ ctx }) => listTips(ctx.db)),
  handle(getRankingTip, async ({ ctx, params }) => tipDetail(ctx.db, params.id)),
];
