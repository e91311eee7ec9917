/** The console's feedback desk: the queue of tickets, one ticket with the member's context, the moves, saved replies. */
import { z } from 'zod';
import { ExchangeState, FeedbackCategory, FeedbackState, JoinResult } from '../enums';
import { REPLY_TEXT } from '../rules/feedback';
import { Reason } from '../rules/staff';
import { Id, Page, PageQuery, QueryEnum, Timestamp } from './common';
import { enumSchema } from './enum';
import { FeedbackImage, FeedbackRecord } from './feedback';

const staffText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `请填写${what}`)
    .max(REPLY_TEXT.max, `${what}最多 ${REPLY_TEXT.max} 个字`)
    .meta({ description: `${what}（会展示给会员），最多 ${REPLY_TEXT.max} 字` });

export const DeskMember = z
  .object({
    id: Id,
    memberCode: z.string().meta({ description: '会员号' }),
    mobile: z.string().nullable().meta({ description: '脱敏手机号' }),
    nickname: z.string().meta({ description: '昵称' }),
  })
  .meta({ id: 'DeskMember', description: '工单的会员' });

export const TicketQuery = PageQuery.extend({
  state: QueryEnum(FeedbackState, '按状态筛选；不填为等待客服处理的（待受理、待处理、处理中）')
    .optional()
    .meta({ description: '按状态筛选；不填为等待客服处理的（待受理、待处理、处理中）' }),
});

export const TicketRow = z
  .object({
    id: Id,
    state: enumSchema(FeedbackState),
    category: enumSchema(FeedbackCategory),
    summary: z.string().meta({ description: '问题描述的开头（最多 60 字）' }),
    member: DeskMember.meta({ description: '会员' }),
    operator: z.string().nullable().meta({ description: '受理的客服；未受理为 null' }),
    createdAt: Timestamp,
    stateChangedAt: Timestamp.meta({ description: '进入当前状态的时间' }),
    waitingMs: z.int().nonnegative().meta({ description: '在当前状态已等待的毫秒数' }),
  })
  .meta({ id: 'TicketRow', description: '工单队列中的一条' });

export const TicketPage = Page(TicketRow).meta({ id: 'TicketPage', description: '工单，等待最久的在前' });

export const DeskPost = z
  .object({
    id: Id,
    author: z.enum(['member', 'staff']).meta({ description: '发言人' }),
    name: z.string().meta({ description: '会员昵称或客服显示名' }),
    content: z.string().meta({ description: '内容' }),
    images: z.array(FeedbackImage).meta({ description: '截图（带签名的限时地址）' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'DeskPost', description: '工单里的一条发言' });

export const DeskMove = z
  .object({
    from: enumSchema(FeedbackState).nullable().meta({ description: '变动前的状态；提交时为 null' }),
    to: enumSchema(FeedbackState),
    by: z.enum(['member', 'staff', 'system']).meta({ description: '操作人' }),
    actorName: z.string().nullable().meta({ description: '客服显示名（客服的操作）' }),
    reason: z.string().meta({ description: '原因' }),
    at: Timestamp.meta({ description: '时间' }),
  })
  .meta({ id: 'DeskMove', description: '工单的一次状态变动' });

export const TicketDetail = TicketRow.extend({
  content: z.string().meta({ description: '问题描述' }),
  images: z.array(FeedbackImage).meta({ description: '提交时的截图（带签名的限时地址）' }),
  record: FeedbackRecord.nullable().meta({ description: '工单关联的记录；没有为 null' }),
  posts: z.array(DeskPost).meta({ description: '回复，按时间先后' }),
  moves: z.array(DeskMove).meta({ description: '状态变化，按时间先后' }),
  context: z
    .object({
      level: z.int().nonnegative().meta({ description: '权益等级' }),
      qualityLevel: z.int().min(0).max(3).meta({ description: '答题质量等级（0 见习，1 待提升，2 良好，3 优秀）' }),
      registeredAt: Timestamp,
      participations: z
        .array(
          z.object({
            id: Id,
            taskTitle: z.string().meta({ description: '任务标题' }),
            joinResult: enumSchema(JoinResult),
            points: z.int().meta({ description: '微豆数量' }),
            startedAt: Timestamp,
          }),
        )
        .meta({ description: '最近的任务参与（最多 5 条）' }),
      exchanges: z
        .array(
          z.object({
            id: Id,
            title: z.string().meta({ description: '标题' }),
            state: enumSchema(ExchangeState),
            points: z.int().nonnegative().meta({ description: '微豆数量' }),
            createdAt: Timestamp,
          }),
        )
        .meta({ description: '最近的兑换（最多 5 条）' }),
    })
    .meta({ description: '会员的情况' }),
  can: z
    .object({
      take: z.boolean().meta({ description: '可以接单' }),
      process: z.boolean().meta({ description: '可以标记处理中' }),
      ask: z.boolean().meta({ description: '可以追问' }),
      answer: z.boolean().meta({ description: '可以答复' }),
      close: z.boolean().meta({ description: '可以关闭' }),
    })
    .meta({ description: '当前状态下客服能做的操作' }),
}).meta({ id: 'TicketDetail', description: '一条工单的全部内容' });

export const TicketMoved = z
  .object({
    id: Id,
    state: enumSchema(FeedbackState).meta({ description: '操作后的状态' }),
    operator: z.string().nullable().meta({ description: '受理的客服' }),
  })
  .meta({ id: 'TicketMoved', description: 'TicketMoved' });

export const ProcessTicketBody = z.object({
  note: staffText('处理说明').optional(),
});

export const ReplyTicketBody = z.object({
  kind: z.enum(['ask', 'answer']).meta({ description: 'ask 请会员补充信息（→ 待反馈）；answer 答复（→ 待确认）' }),
  content: staffText('回复内容'),
});

export const CloseTicketBody = z.object({ reason: Reason.meta({ description: '关闭原因（会展示给会员）' }) });

export const SavedReply = z
  .object({
    id: Id,
    title: z.string().meta({ description: '标题' }),
    content: z.string().meta({ description: '内容' }),
    createdBy: z.string().meta({ description: '保存它的员工显示名' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'SavedReply', description: '常用回复' });

export const SavedReplyList = z
  .object({ list: z.array(SavedReply).meta({ description: '本页记录' }) })
  .meta({ id: 'SavedReplyList', description: '常用回复' });

export const SaveReplyBody = z.object({
  title: z.string().trim().min(1, '请填写标题').max(30, '标题最多 30 个字').meta({ description: '标题' }),
  content: staffText('回复内容'),
});
