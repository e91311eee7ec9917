/** The ranking (排行榜) and its answering tips. */
import { z } from 'zod';
import { op } from '../op';
import { IdParam } from '../schemas/common';
import { Ranking, RankingQuery, RankingTip, RankingTipDetail } from '../schemas/ranking';

export const getRanking = op({
  id: 'getRanking',
  method: 'get',
  path: '/v1/ranking',
  auth: 'optional',
  tag: 'rewards',
  summary: '微豆排行榜：本周或本月获得微豆的前 50 名（昵称脱敏），登录会员带上自己的名次',
  query: RankingQuery,
  response: Ranking,
});

export const listRankingTips = op({
  id: 'listRankingTips',
  method: 'get',
  path: '/v1/ranking/tips',
  auth: 'none',
  tag: 'content',
  summary: '答题技巧文章列表',
  response: z.array(RankingTip).meta({ description: '已发布的文章，按顺序' }),
});

export const getRankingTip = op({
  id: 'getRankingTip',
  method: 'get',
  path: '/v1/ranking/tips/{id}',
  auth: 'none',
  tag: 'content',
  summary: '一篇答题技巧文章',
  params: IdParam,
  response: RankingTipDetail,
});
