import { op } from '../op';
import { IdParam } from '../schemas/common';
import {
  BenefitAllow,
  BenefitCheck,
  BenefitCheckBody,
  BenefitDetail,
  BenefitListQuery,
  BenefitOverview,
  BenefitUsed,
  MemberBenefit,
  PointsHistory,
  PointsHistoryQuery,
  PointsSummary,
  UseBenefitBody,
  UseBenefitValueBody,
} from '../schemas/rewards';

const tag = 'rewards';

export const getPoints = op({
  id: 'getPoints',
  method: 'get',
  path: '/v1/points',
  auth: 'member',
  tag,
  summary: '当前微豆余额与今日/本月收入',
  response: PointsSummary,
});

export const listPointsHistory = op({
  id: 'listPointsHistory',
  method: 'get',
  path: '/v1/points/history',
  auth: 'member',
  tag,
  summary: '微豆明细：分页的收支记录（新的在前），可按入账状态与收支方向筛选',
  query: PointsHistoryQuery,
  response: PointsHistory,
});

export const listBenefits = op({
  id: 'listBenefits',
  method: 'get',
  path: '/v3/benefits',
  auth: 'member',
  tag,
  summary: '我的权益：可领取的与已持有的',
  query: BenefitListQuery,
  response: BenefitOverview,
});

export const getBenefit = op({
  id: 'getBenefit',
  method: 'get',
  path: '/v1/benefits/{id}',
  auth: 'member',
  tag,
  summary: '权益详情',
  params: IdParam,
  response: BenefitDetail,
});

export const claimBenefit = op({
  id: 'claimBenefit',
  method: 'post',
  path: '/v1/benefits/{id}',
  auth: 'member',
  tag,
  summary: '领取权益（按需扣减权益值）',
  params: IdParam,
  response: MemberBenefit,
});

export const allowBenefit = op({
  id: 'allowBenefit',
  method: 'post',
  path: '/v1/benefits/allow/{id}',
  auth: 'member',
  tag,
  summary: '当前会员能否领取该权益',
  params: IdParam,
  response: BenefitAllow,
});

export const checkBenefit = op({
  id: 'checkBenefit',
  method: 'post',
  path: '/v1/benefits/check/{id}',
  auth: 'member',
  tag,
  summary: '使用前校验：持有的权益（id 为持有记录 id）能否用在某对象上',
  params: IdParam,
  body: BenefitCheckBody,
  response: BenefitCheck,
});

export const useBenefit = op({
  id: 'useBenefit',
  method: 'post',
  path: '/v1/benefits/use',
  auth: 'member',
  tag,
  summary: '使用持有的权益',
  body: UseBenefitBody,
  response: BenefitUsed,
});

export const useBenefitValue = op({
  id: 'useBenefitValue',
  method: 'post',
  path: '/v1/benefits/use/value',
  auth: 'member',
  tag,
  summary: '直接花权益值领取并使用权益',
  body: UseBenefitValueBody,
  response: BenefitUsed,
});
