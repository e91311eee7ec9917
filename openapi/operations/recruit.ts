/** Campus referral-officer recruitment (校园推广官, `/activities/recruit`). */
import { op } from '../op';
import { RecruitApplicationBody, RecruitFormProblems, RecruitStatus } from '../schemas/recruit';

export const getRecruitApplication = op({
  id: 'getRecruitApplication',
  method: 'get',
  path: '/v1/recruit/application',
  auth: 'member',
  tag: 'user',
  summary: '我的校园推广官申请，及通过后单独统计的邀请人数',
  response: RecruitStatus,
});

export const submitRecruitApplication = op({
  id: 'submitRecruitApplication',
  method: 'post',
  path: '/v1/recruit/application',
  auth: 'member',
  tag: 'user',
  summary: '提交校园推广官申请（每位会员一次；同一请求 key 重发得到同一份申请）',
  body: RecruitApplicationBody,
  response: RecruitStatus,
  refusals: { RECRUIT_FORM_INVALID: RecruitFormProblems },
});
