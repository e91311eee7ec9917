/** 月度答题之星 (/appraise). */
import { op } from '../op';
import { Appraise, AppraiseQuery } from '../schemas/appraise';

export const getAppraise = op({
  id: 'getAppraise',
  method: 'get',
  path: '/v1/appraise',
  auth: 'optional',
  tag: 'rewards',
  summary: '月度答题之星：某月的获奖会员（昵称脱敏）、奖励与评选规则，登录会员带上自己的名次与本月进度',
  query: AppraiseQuery,
  response: Appraise,
});
