/** Reward exchange. */
import { op } from '../op';
import { IdParam } from '../schemas/common';
import {
  ExchangeDetail,
  ExchangeInfo,
  ExchangeListQuery,
  ExchangePage,
  RedeemBody,
  RedeemResult,
  RewardDetail,
  RewardListQuery,
  RewardPage,
} from '../schemas/exchange';

export const getExchangeInfo = op({
  id: 'getExchangeInfo',
  method: 'get',
  path: '/v1/users/exchange-info',
  auth: 'member',
  tag: 'user',
  summary: '兑换前需要的会员信息（余额、实名、收款账号、收货地址）',
  response: ExchangeInfo,
});

export const listRewards = op({
  id: 'listRewards',
  method: 'get',
  path: '/v1/exchange/rewards',
  auth: 'optional',
  tag: 'exchange',
  summary: '兑换商品列表（可按类型筛选，分页；游客可看）',
  query: RewardListQuery,
  response: RewardPage,
});

export const getReward = op({
  id: 'getReward',
  method: 'get',
  path: '/v1/exchange/rewards/{id}',
  auth: 'optional',
  tag: 'exchange',
  summary: '兑换商品详情；已登录时附带能否兑换及原因',
  params: IdParam,
  response: RewardDetail,
});

export const redeemReward = op({
  id: 'redeemReward',
  method: 'post',
  path: '/v1/exchange/redeem',
  auth: 'member',
  tag: 'exchange',
  summary: '兑换：扣微豆、占库存，生成待审核的兑换单；同一请求编号只兑换一次',
  body: RedeemBody,
  response: RedeemResult,
});

export const listExchanges = op({
  id: 'listExchanges',
  method: 'get',
  path: '/v1/exchange/records',
  auth: 'member',
  tag: 'exchange',
  summary: '我的兑换记录（可按状态筛选，分页）',
  query: ExchangeListQuery,
  response: ExchangePage,
});

export const getExchange = op({
  id: 'getExchange',
  method: 'get',
  path: '/v1/exchange/records/{id}',
  auth: 'member',
  tag: 'exchange',
  summary: '我的一条兑换记录与状态历史',
  params: IdParam,
  response: ExchangeDetail,
});
