import {
  getExchange,
  getReward,
  listExchanges,
  listRewards as listRewardsOp,
  redeemReward,
  getExchangeInfo,
} from '../../../openapi/operations/exchange';
import { handle } from '../../http/handle';
import { listRewards, rewardDetail } from './catalogue';
import { exchangeInfo } from './info';
import { listMemberExchanges, memberExchange } from './records';
import { redeem } from './redeem';

export const routes = [
  handle(listRewardsOp, async ({ ctx, query }) => listRewards(ctx.db, query)),
  handle(getReward, async ({ ctx, params, viewer }) => rewardDetail(ctx, params.id, viewer?.id ?? null)),
  handle(redeemReward, async ({ ctx, member, body }) => redeem(ctx, member.id, body)),
  handle(listExchanges, async ({ ctx, member, query }) => listMemberExchanges(ctx.db, member.id, query)),
  handle(getExchange, async ({ ctx, member, params }) => memberExchange(ctx.db, member.id, params.id)),
  handle(getExchangeInfo, async ({ ctx, member }) => exchangeInfo(ctx, member.id)),
];
