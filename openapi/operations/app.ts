/** The mobile app download. */
import { op } from '../op';
import { AppDownload } from '../schemas/app';

export const getAppDownload = op({
  id: 'getAppDownload',
  method: 'get',
  path: '/v1/app/down',
  auth: 'none',
  tag: 'content',
  summary: 'App 下载信息',
  response: AppDownload,
});
