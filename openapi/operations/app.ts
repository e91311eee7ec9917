/** The mobile app download. */
import { op } from '../op';
import { AppDownload, SiteStatus } from '../schemas/app';

export const getAppDownload = op({
  id: 'getAppDownload',
  method: 'get',
  path: '/v1/app/down',
  auth: 'none',
  tag: 'content',
  summary: 'App 下载信息',
  response: AppDownload,
});

export const getSiteStatus = op({
  id: 'getSiteStatus',
  method: 'get',
  path: '/v1/site/status',
  auth: 'none',
  tag: 'content',
  summary: '站点是否在维护中（维护期间仍可调用）',
  response: SiteStatus,
});
