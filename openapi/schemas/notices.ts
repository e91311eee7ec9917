/**
 * Notices (公告).
 */
import { z } from 'zod';
import { Id, Timestamp } from './common';

export const NoticeBrief = z
  .object({
    id: Id.meta({ description: '公告 id' }),
    title: z.string().meta({ description: '标题' }),
    summary: z.string().meta({ description: '摘要（纯文本）' }),
    pinned: z.boolean().meta({ description: '是否置顶' }),
    publishedAt: Timestamp.meta({ description: '发布时间' }),
  })
  .meta({ id: 'NoticeBrief', description: '公告摘要' });

export const Notice = NoticeBrief.extend({
  content: z.string().meta({ description: '正文（经过清洗的 HTML）' }),
  read: z.boolean().meta({ description: '当前会员是否已读；未登录为 false' }),
}).meta({ id: 'Notice', description: '公告详情' });

export const ReadNoticesBody = z
  .object({
    ids: z.array(Id).min(1).max(100).meta({ description: '要标为已读的公告 id' }),
  })
  .meta({ id: 'ReadNoticesBody', description: '标记公告已读' });
