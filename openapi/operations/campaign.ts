/** Seasonal campaigns (季节活动, `/campaigns/{slug}`; the Christmas one also at `/christmas`). */
import { op } from '../op';
import {
  CampaignDrawBody,
  CampaignDrawPage,
  CampaignDrawResult,
  CampaignDrawsQuery,
  CampaignList,
  CampaignOverview,
  CampaignSlugParam,
} from '../schemas/campaign';

export const listCampaigns = op({
  id: 'listCampaigns',
  method: 'get',
  path: '/v1/campaigns',
  auth: 'none',
  tag: 'rewards',
  summary: '进行中和即将开始的季节活动（福利中心列出它们）',
  response: CampaignList,
});

export const getCampaign = op({
  id: 'getCampaign',
  method: 'get',
  path: '/v1/campaigns/{slug}',
  auth: 'optional',
  tag: 'rewards',
  summary: '季节活动：时间与阶段、奖池、我的抽奖机会（按获得方式）、排行榜',
  params: CampaignSlugParam,
  response: CampaignOverview,
});

export const drawCampaign = op({
  id: 'drawCampaign',
  method: 'post',
  path: '/v1/campaigns/{slug}/draw',
  auth: 'member',
  tag: 'rewards',
  summary: '用一次抽奖机会抽奖：抽奖、扣库存、发微豆在同一事务；同一请求编号只抽一次',
  params: CampaignSlugParam,
  body: CampaignDrawBody,
  response: CampaignDrawResult,
});

export const listCampaignDraws = op({
  id: 'listCampaignDraws',
  method: 'get',
  path: '/v1/campaigns/{slug}/draws',
  auth: 'member',
  tag: 'rewards',
  summary: '我在该活动的抽奖记录（分页），每条附复核数据',
  params: CampaignSlugParam,
  query: CampaignDrawsQuery,
  response: CampaignDrawPage,
});
