/** Real-name verification. */
import { op } from '../op';
import { IdVerify, IdVerifyBody, IdVerifyTriesLeft } from '../schemas/identity';

export const getIdVerify = op({
  id: 'getIdVerify',
  method: 'get',
  path: '/v1/users/id-verify',
  auth: 'member',
  tag: 'user',
  summary: '实名认证状态',
  response: IdVerify,
});

export const submitIdVerify = op({
  id: 'submitIdVerify',
  method: 'post',
  path: '/v2/users/id-verfiy',
  auth: 'member',
  tag: 'user',
  summary: '提交实名认证（路径拼写沿用线上：id-verfiy）：校验位不计次数；二要素不一致或查无记录每天（北京时间）限 3 次',
  body: IdVerifyBody,
  response: IdVerify,
  refusals: { ID_MISMATCH: IdVerifyTriesLeft, ID_NOT_FOUND: IdVerifyTriesLeft, ID_TRIES_EXHAUSTED: IdVerifyTriesLeft },
});
