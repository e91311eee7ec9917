/** Direct uploads to OSS. */
import { op } from '../op';
import { OssPolicy, OssPolicyQuery } from '../schemas/oss';

export const getOssPolicy = op({
  id: 'getOssPolicy',
  method: 'get',
  path: '/v1/oss/policy',
  auth: 'member',
  tag: 'upload',
  summary: '获取 OSS 表单直传策略（随后直接 POST 到 host，不经过本 API）',
  query: OssPolicyQuery,
  response: OssPolicy,
  limited: '同一会员 10 分钟内获取上传策略超过 20 次时',
});
