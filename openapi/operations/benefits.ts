/** Benefits. */
import { op } from '../op';
import {
  BenefitAllow,
  BenefitCheck,
  BenefitCheckBody,
  BenefitDetail,
  BenefitListQuery,
  BenefitOverview,
  BenefitUsed,
  MemberBenefit,
  UseBenefitBody,
  UseBenefitValueBody,
} from '../schemas/benefits';
import { IdParam } from '../schemas/common';

export const listBenefits = op({
  id: 'listBenefits',
  method: 'get',
  path: '/v3/benefits',
  auth: 'member',
  tag: 'rewards',
  summary: '我的权益：可领取的与已持有的',
  query: BenefitListQuery,
  response: BenefitOverview,
});

export const getBenefit = op({
  id: 'getBenefit',
  method: 'get',
  path: '/v1/benefits/{id}',
  auth: 'member',
  tag: 'rewards',
  summary: '权益详情',
  params: IdParam,
  response: BenefitDetail,
});

export const claimBenefit = op({
  id: 'claimBenefit',
  method: 'post',
  path: '/v1/benefits/{id}',
  auth: 'member',
  tag: 'rewards',
  summary: '领取权益（按需扣减权益值）',
  params: IdParam,
  response: MemberBenefit,
});

export const allowBenefit = op({
  id: 'allowBenefit',
  method: 'post',
  path: '/v1/benefits/allow/{id}',
  auth: 'member',
  tag: 'rewards',
  summary: '当前会员能否领取该权益',
  params: IdParam,
  response: BenefitAllow,
});

export const checkBenefit = op({
  id: 'checkBenefit',
  method: 'post',
  path: '/v1/benefits/check/{id}',
  auth: 'member',
  tag: 'rewards',
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
  tag: 'rewards',
  summary: '使用持有的权益',
  body: UseBenefitBody,
  response: BenefitUsed,
});

export const useBenefitValue = op({
  id: 'useBenefitValue',
  method: 'post',
  path: '/v1/benefits/use/value',
  auth: 'member',
  tag: 'rewards',
  summary: '直接花权益值领取并使用权益',
  body: UseBenefitValueBody,
  response: BenefitUsed,
});
