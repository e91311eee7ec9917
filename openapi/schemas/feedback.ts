/**
 * Feedback tickets: asking, the thread, the member's moves (reply, confirm, reopen, rate).
 * The limits and the state moves are in openapi/rules/feedback.ts.
 */
import { z } from 'zod';
import { FeedbackCategory, FeedbackState } from '../enums';
import { FEEDBACK_MAX_IMAGES, FEEDBACK_TEXT, RATING_COMMENT_MAX, RATING_STARS, REPLY_TEXT } from '../rules/feedback';
import { textMessages, type TextLimits } from '../rules/text';
import { UPLOAD_KEY_MAX, imageKeysMessages } from '../rules/uploads';
import { Id, NonEmpty, Page, PageQuery, QueryEnum, QueryId, Timestamp, Url } from './common';
import { enumSchema } from './enum';

const imageWords = imageKeysMessages(FEEDBACK_MAX_IMAGES, '截图');
const ImageKeys = z
  .array(z.string().max(UPLOAD_KEY_MAX, imageWords.key))
  .max(FEEDBACK_MAX_IMAGES, imageWords.count)
  .default([])
  .meta({
    description: `截图的上传 key（feedback/<会员 id>/…，由 /v1/oss/policy?module=feedback 上传），最多 ${FEEDBACK_MAX_IMAGES} 张`,
  });

/** The forms check the same without zod (machines/feedback.ts, `textProblem`). */
const text = (limits: TextLimits, what: string) =>
  z.string().trim().min(limits.min, textMessages(limits, what).min).max(limits.max, textMessages(limits, what).max);

/** Which of the member's records a ticket is about: at most one of them. */
const RecordRef = z.object({
  rid: z.string().trim().min(1).max(64).optional().meta({ description: '任务答题编号（respondent id）' }),
  exchangeId: Id.optional().meta({ description: '兑换单 id' }),
  benefitId: Id.optional().meta({ description: '权益 id（会员领取的那一条）' }),
});

export const FeedbackRecordQuery = z
  .object({
    rid: z.string().trim().min(1).max(64).optional().meta({ description: '任务答题编号（respondent id）' }),
    exchangeId: QueryId.optional().meta({ description: '兑换单 id' }),
    benefitId: QueryId.optional().meta({ description: '权益 id' }),
  })
  .refine((q) => [q.rid, q.exchangeId, q.benefitId].filter((v) => v !== undefined).length === 1, {
    error: '请指定一条记录',
  });

export const FeedbackRecord = z
  .object({
    kind: z
      .enum(['task', 'exchange', 'benefit'])
      .meta({ description: '记录类型：task 任务；exchange 兑换；benefit 权益' }),
    id: Id.meta({ description: '记录 id（任务为参与记录 id）' }),
    title: z.string().meta({ description: '记录名称，如任务标题、商品名' }),
    detail: z.string().meta({ description: '一句话说明，如「答题编号 R8K2…·被甄别」「待审核」' }),
    rid: z.string().nullable().meta({ description: '任务的答题编号；其他记录为 null' }),
    link: z.string().nullable().meta({ description: '会员查看该记录的站内路径' }),
    at: Timestamp.meta({ description: '记录时间' }),
  })
  .meta({ id: 'FeedbackRecord', description: '反馈关联的记录' });

export const CreateFeedbackBody = RecordRef.extend({
  requestKey: NonEmpty(64).meta({ description: '防重复提交的请求 key：同一个 key 只建一条反馈' }),
  category: enumSchema(FeedbackCategory).meta({ description: '问题类型：' + enumSchema(FeedbackCategory).description }),
  content: text(FEEDBACK_TEXT, '问题描述').meta({
    description: `问题描述，${FEEDBACK_TEXT.min}–${FEEDBACK_TEXT.max} 字`,
  }),
  images: ImageKeys,
})
  .refine((b) => [b.rid, b.exchangeId, b.benefitId].filter((v) => v !== undefined).length <= 1, {
    error: '一条反馈只能关联一条记录',
  })
  .meta({ id: 'CreateFeedbackBody', description: '提交反馈' });

export const FeedbackImage = z
  .object({
    key: z.string().meta({ description: '上传 key' }),
    url: Url.meta({ description: '查看地址（带签名，限时有效，只给反馈的提交人）' }),
  })
  .meta({ id: 'FeedbackImage', description: '反馈截图' });

export const FeedbackPost = z
  .object({
    id: Id.meta({ description: '回复 id' }),
    author: z.enum(['member', 'staff']).meta({ description: 'member 我；staff 客服' }),
    name: z.string().meta({ description: '显示的名字：「我」或客服的名字' }),
    content: z.string().meta({ description: '回复内容（纯文本）' }),
    images: z.array(FeedbackImage).meta({ description: '截图' }),
    createdAt: Timestamp.meta({ description: '回复时间' }),
  })
  .meta({ id: 'FeedbackPost', description: '反馈里的一条回复' });

export const FeedbackMoveRecord = z
  .object({
    from: enumSchema(FeedbackState).nullable().meta({ description: '原状态；提交时为 null' }),
    to: enumSchema(FeedbackState).meta({ description: '新状态' }),
    by: z.enum(['member', 'staff', 'system']).meta({ description: 'member 我；staff 客服；system 系统自动' }),
    reason: z.string().meta({ description: '原因（给会员看的中文）' }),
    at: Timestamp.meta({ description: '时间' }),
  })
  .meta({ id: 'FeedbackMoveRecord', description: '反馈的一次状态变化' });

export const FeedbackSummary = z
  .object({
    id: Id.meta({ description: '反馈 id' }),
    category: enumSchema(FeedbackCategory),
    summary: z.string().meta({ description: '问题描述的开头（纯文本，最多 60 字）' }),
    state: enumSchema(FeedbackState).meta({ description: '状态：' + enumSchema(FeedbackState).description }),
    /** The member's turn: an operator asked (3) or answered (4). */
    awaitingMe: z.boolean().meta({ description: '是否等我处理（待反馈或待确认）' }),
    createdAt: Timestamp.meta({ description: '提交时间' }),
    updatedAt: Timestamp.meta({ description: '最近更新时间' }),
  })
  .meta({ id: 'FeedbackSummary', description: '反馈列表中的一条' });

export const FeedbackListQuery = PageQuery.extend({
  state: QueryEnum(FeedbackState, '按状态筛选（可选）').optional().meta({ description: '按状态筛选（可选）' }),
});

export const FeedbackPage = Page(FeedbackSummary).meta({ id: 'FeedbackPage', description: '我的反馈分页' });

export const FeedbackDetail = FeedbackSummary.extend({
  content: z.string().meta({ description: '问题描述（纯文本）' }),
  images: z.array(FeedbackImage).meta({ description: '提交时的截图' }),
  record: FeedbackRecord.nullable().meta({ description: '关联的记录；没有为 null' }),
  posts: z.array(FeedbackPost).meta({ description: '回复，按时间先后' }),
  moves: z.array(FeedbackMoveRecord).meta({ description: '状态变化，按时间先后' }),
  rating: z
    .object({
      stars: z.int().min(1).max(5).meta({ description: '1–5 星' }),
      comment: z.string().meta({ description: '评价内容' }),
    })
    .nullable()
    .meta({ description: '我的评价；未评价为 null' }),
  can: z
    .object({
      reply: z.boolean().meta({ description: '可以补充回复（不改变状态或回到客服处理）' }),
      confirm: z.boolean().meta({ description: '可以确认已解决' }),
      reopen: z.boolean().meta({ description: '可以重新打开' }),
      rate: z.boolean().meta({ description: '可以评价' }),
    })
    .meta({ description: '我现在能做的操作' }),
  autoConfirmAt: Timestamp.nullable().meta({ description: '待确认时：到这个时间未确认将自动确认；其他状态为 null' }),
  reopenUntil: Timestamp.nullable().meta({ description: '已确认时：在这个时间前可以重新打开；其他状态为 null' }),
}).meta({ id: 'FeedbackDetail', description: '一条反馈及其回复' });

export const FeedbackReplyBody = z
  .object({
    content: text(REPLY_TEXT, '回复内容').meta({ description: `回复内容，${REPLY_TEXT.min}–${REPLY_TEXT.max} 字` }),
    images: ImageKeys,
  })
  .meta({ id: 'FeedbackReplyBody', description: '补充回复' });

export const FeedbackReopenBody = z
  .object({
    content: text(REPLY_TEXT, '重新打开的原因').meta({ description: '为什么问题没有解决' }),
  })
  .meta({ id: 'FeedbackReopenBody', description: '重新打开' });

export const FeedbackRateBody = z
  .object({
    stars: z
      .int()
      .min(RATING_STARS.min, '请选择评分')
      .max(RATING_STARS.max, '请选择评分')
      .meta({ description: '1–5 星' }),
    comment: z
      .string()
      .trim()
      .max(RATING_COMMENT_MAX, textMessages({ min: 0, max: RATING_COMMENT_MAX }, '评价').max)
      .default('')
      .meta({ description: `评价内容（可选），最多 ${RATING_COMMENT_MAX} 字` }),
  })
  .meta({ id: 'FeedbackRateBody', description: '评价客服的处理' });
