/** Notices. */
import { z } from 'zod';
import { op } from '../op';
import { IdParam, Ok } from '../schemas/common';
import { Notice, NoticeBrief, ReadNoticesBody } from '../schemas/notices';

export const listUnreadNotices = op({
  id: 'listUnreadNotices',
  method: 'get',
  path: '/v1/notices/unread',
  auth: 'member',
  tag: 'content',
  summary: '未读公告',
  response: z.array(NoticeBrief).meta({ description: '未读公告，置顶在前、新的在前' }),
});

export const readNotices = op({
  id: 'readNotices',
  method: 'post',
  path: '/v1/notices/read',
  auth: 'member',
  tag: 'content',
  summary: '标记公告已读',
  body: ReadNoticesBody,
  response: Ok,
});

export const getNotice = op({
  id: 'getNotice',
  method: 'get',
  path: '/v1/notices/{id}',
  auth: 'optional',
  tag: 'content',
  summary: '公告详情（登录会员查看即记为已读）',
  params: IdParam,
  response: Notice,
});
