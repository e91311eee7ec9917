/** Real-name verification. */
import { op } from '../op';
import { IdVerify, IdVerifyBody } from '../schemas/identity';

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
  summary: '提交实名认证（路径拼写沿用线上：id-verfiy）',
  body: IdVerifyBody,
  response: IdVerify,
});
