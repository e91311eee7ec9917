/**
 * Site messages: the bell, the list, read marks and the one-time full-screen message.
 */
import { z } from 'zod';
import { MessageType } from '../enums';
import { Id, Page, PageQuery, QueryEnum, QueryId, Timestamp, Url } from './common';
import { enumSchema } from './enum';

export const NewMessageFlag = z
  .object({
    hasNew: z.boolean().meta({ description: '是否有未读消息（铃铛红点）' }),
    unread: z.int().nonnegative().meta({ description: '未读消息数' }),
  })
  .meta({ id: 'NewMessageFlag', description: '新消息标记' });

export const Message = z
  .object({
    id: Id.meta({ description: '消息 id' }),
    type: enumSchema(MessageType).meta({
      description: '类型：1 系统通知；2 任务消息；3 兑换消息；4 反馈回复；5 活动消息',
    }),
    title: z.string().meta({ description: '标题' }),
    summary: z.string().meta({ description: '摘要（纯文本）' }),
    content: z.string().meta({ description: '正文（经过清洗的 HTML）' }),
    link: z.string().nullable().meta({ description: '相关页面的站内路径，如 /home/exchange；没有为 null' }),
    read: z.boolean().meta({ description: '是否已读' }),
    createdAt: Timestamp.meta({ description: '发送时间' }),
  })
  .meta({ id: 'Message', description: '站内消息' });

export const MessageListQuery = PageQuery.extend({
  type: QueryEnum(MessageType, '按类型筛选（可选）：1 系统通知；2 任务消息；3 兑换消息；4 反馈回复；5 活动消息')
    .optional()
    .meta({ description: '按类型筛选（可选）：1 系统通知；2 任务消息；3 兑换消息；4 反馈回复；5 活动消息' }),
  id: QueryId.optional().meta({ description: '可选：只取这一条（消息详情页 /home/message/{id}）' }),
  unread: z.enum(['1']).optional().meta({ description: '1 只看未读' }),
});

export const MessagePage = Page(Message)
  .extend({ unread: z.int().nonnegative().meta({ description: '未读总数' }) })
  .meta({ id: 'MessagePage', description: '消息分页' });

export const ReadMessagesBody = z
  .object({
    ids: z.array(Id).max(100).optional().meta({ description: '要标为已读的消息 id' }),
    all: z.boolean().optional().meta({ description: 'true 全部标为已读（忽略 ids）' }),
  })
  .meta({ id: 'ReadMessagesBody', description: '标记消息已读' });

export const UnreadCount = z
  .object({ unread: z.int().nonnegative().meta({ description: '剩余未读数' }) })
  .meta({ id: 'UnreadCount', description: '剩余未读数' });

export const ScreenMessage = z
  .object({
    id: Id.meta({ description: '弹屏消息 id' }),
    title: z.string().meta({ description: '标题' }),
    content: z.string().meta({ description: '正文（经过清洗的 HTML）' }),
    image: Url.nullable().meta({ description: '配图' }),
    link: z.string().nullable().meta({ description: '按钮跳转地址；没有为 null' }),
    buttonText: z.string().meta({ description: '按钮文字' }),
    endAt: Timestamp.meta({ description: '展示截止时间' }),
  })
  .meta({ id: 'ScreenMessage', description: '只展示一次的全屏公告；没有时返回结果码 1060' });

export const FlashReadBody = z
  .object({ id: Id.meta({ description: '已展示的弹屏消息 id' }) })
  .meta({ id: 'FlashReadBody', description: '弹屏消息已看过' });
