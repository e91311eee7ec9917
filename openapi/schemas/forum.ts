/**
 * The discussion-group forum (座谈会): a board per discussion-group task (task type 4) with sections,
 * the moderator's topics, the members' replies, and the member's identity and progress in one board.
 * Limits and the allowed rich text are in openapi/rules/forum.ts.
 */
import { z } from 'zod';
import { BbsRole } from '../enums';
import {
  FORUM_BODY_MAX,
  FORUM_BODY_TOO_LONG,
  FORUM_MAX_IMAGES,
  FORUM_NAME,
  FORUM_TAGS,
  FORUM_TITLE,
} from '../rules/forum';
import { textMessages } from '../rules/text';
import { UPLOAD_KEY_MAX, imageKeysMessages } from '../rules/uploads';
import { HashId, Id, NonEmpty, Page, PageQuery, Points, QueryId, Timestamp, Url } from './common';
import { enumSchema } from './enum';

export const FocusTaskQuery = z.object({
  taskHashId: HashId.meta({ description: '座谈会任务哈希 id（/bbs/{taskHashId}）' }),
});

export const FocusProgress = z
  .object({
    requiredAnswered: z.int().nonnegative().meta({ description: '已回复的必答话题数' }),
    requiredTotal: z.int().nonnegative().meta({ description: '必答话题总数（话题逐日发布时含计划中尚未发布的）' }),
    completed: z.boolean().meta({ description: '是否已完成（答完全部必答话题，或主持人标记完成）' }),
    completedAt: Timestamp.nullable().meta({ description: '完成时间；未完成为 null' }),
    points: Points.meta({ description: '完成可得（已完成则为已得）的微豆' }),
    pointsStatus: z.enum(['none', 'posted']).meta({ description: 'none 尚未入账；posted 已入账' }),
    deadline: Timestamp.meta({ description: '截止时间：此前答完必答话题才算完成' }),
  })
  .meta({ id: 'FocusProgress', description: '受访者在座谈会中的完成进度（仅受访者有）' });

export const FocusMember = z
  .object({
    memberId: Id.meta({ description: '会员 id' }),
    name: z.string().meta({ description: '在该座谈会中的显示名' }),
    avatar: Url.nullable().meta({ description: '在该座谈会中的头像' }),
    role: enumSchema(BbsRole).meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
    progress: FocusProgress.nullable().meta({
      description: '完成进度与微豆；主持人（1）和客户观察员（2）为 null（不显示微豆）',
    }),
  })
  .meta({ id: 'FocusMember', description: '当前会员在某座谈会中的论坛身份' });

const FocusSection = z
  .object({
    id: Id.meta({ description: '版块 id' }),
    name: z.string().meta({ description: '版块名称（如“第一天”）' }),
    intro: z.string().nullable().meta({ description: '版块说明' }),
    topicCount: z.int().nonnegative().meta({ description: '话题数（不含已隐藏的）' }),
    requiredCount: z.int().nonnegative().meta({ description: '其中必答话题数' }),
  })
  .meta({ id: 'FocusSection', description: '座谈会版块' });

export const FocusTask = z
  .object({
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
    title: z.string().meta({ description: '座谈会标题' }),
    intro: z.string().nullable().meta({ description: '简介' }),
    startAt: Timestamp.meta({ description: '开始时间' }),
    endAt: Timestamp.meta({ description: '结束时间（必答话题的截止时间；此后不能再回复）' }),
    sections: z.array(FocusSection).meta({ description: '版块' }),
  })
  .meta({ id: 'FocusTask', description: '由任务哈希 id 解析得到的座谈会' });

// ---- identity ----

export const UpdateFocusMemberBody = z
  .object({
    taskHashId: HashId.meta({ description: '座谈会任务哈希 id' }),
    name: z
      .string()
      .trim()
      .min(FORUM_NAME.min, textMessages(FORUM_NAME, '显示名').min)
      .max(FORUM_NAME.max, textMessages(FORUM_NAME, '显示名').max)
      .optional()
      .meta({ description: `在该座谈会中的显示名，${FORUM_NAME.min}–${FORUM_NAME.max} 字；不传则不改` }),
    avatarKey: z.string().max(200).nullable().optional().meta({
      description:
        '头像的上传 key（forum/<会员 id>/…，由 /v1/oss/policy?module=forum 上传）；null 恢复默认头像；不传则不改',
    }),
  })
  .meta({ id: 'UpdateFocusMemberBody', description: '设置在某座谈会中的显示名与头像' });

// ---- authors, images, topics, replies ----

export const ForumAuthor = z
  .object({
    memberId: Id.meta({ description: '会员 id（用于查看其发言）' }),
    name: z.string().meta({ description: '在该座谈会中的显示名' }),
    avatar: Url.nullable().meta({ description: '在该座谈会中的头像' }),
    role: enumSchema(BbsRole).meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员' }),
  })
  .meta({ id: 'ForumAuthor', description: '发帖人（以座谈会身份显示，不暴露账号昵称）' });

const ForumImage = z
  .object({
    url: Url.meta({ description: '图片地址' }),
  })
  .meta({ id: 'ForumImage', description: '帖子图片' });

const imageWords = imageKeysMessages(FORUM_MAX_IMAGES, '图片');
const ImageKeys = z
  .array(z.string().max(UPLOAD_KEY_MAX, imageWords.key))
  .max(FORUM_MAX_IMAGES, imageWords.count)
  .default([])
  .meta({
    description: `图片的上传 key（forum/<会员 id>/…，由 /v1/oss/policy?module=forum 上传），最多 ${FORUM_MAX_IMAGES} 张`,
  });

const RichText = z
  .string()
  .max(FORUM_BODY_MAX, FORUM_BODY_TOO_LONG)
  .meta({
    description: `正文（HTML）。服务器只保留 ${FORUM_TAGS.join('、')} 标签与 http(s)/mailto 链接，其余一律清除`,
  });

export const ForumTopic = z
  .object({
    id: Id.meta({ description: '话题 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
    sectionId: Id.meta({ description: '所属版块 id' }),
    title: z.string().meta({ description: '话题标题' }),
    author: ForumAuthor,
    required: z.boolean().meta({ description: '是否必答（答完全部必答话题即完成座谈会任务）' }),
    seeAfterPosting: z.boolean().meta({ description: '是否“先回复后可见”：受访者回复后才能看到他人的回复' }),
    pinned: z.boolean().meta({ description: '是否置顶' }),
    closed: z.boolean().meta({ description: '是否已关闭（不能再回复）' }),
    hidden: z.boolean().meta({ description: '是否已隐藏（仅主持人与观察员可见）' }),
    highlighted: z.boolean().meta({ description: '是否加精' }),
    replyCount: z.int().nonnegative().meta({ description: '回复数（受访者看到的是未隐藏的回复数）' }),
    answered: z.boolean().meta({ description: '我是否已回复过' }),
    lastReplyAt: Timestamp.nullable().meta({ description: '最后回复时间；无回复为 null' }),
    createdAt: Timestamp.meta({ description: '发布时间' }),
  })
  .meta({ id: 'ForumTopic', description: '话题（主持人发布的问题）' });

export const ForumTopicDetail = ForumTopic.extend({
  body: z.string().meta({ description: '正文（已清洗的 HTML）' }),
  images: z.array(ForumImage).meta({ description: '图片' }),
  canReply: z.boolean().meta({ description: '我现在能否回复（观察员、已关闭、已截止时为 false）' }),
  repliesVisible: z.boolean().meta({ description: '我能否看到他人的回复（“先回复后可见”且我未回复时为 false）' }),
}).meta({ id: 'ForumTopicDetail', description: '话题详情' });

const ForumQuote = z
  .object({
    id: Id.meta({ description: '被引用回复的 id' }),
    authorName: z.string().meta({ description: '被引用者的显示名' }),
    excerpt: z.string().meta({ description: '被引用内容的纯文本摘要（最多 100 字）；已隐藏时为提示语' }),
    hidden: z.boolean().meta({ description: '被引用的回复是否已隐藏' }),
  })
  .meta({ id: 'ForumQuote', description: '引用' });

export const ForumReply = z
  .object({
    id: Id.meta({ description: '回复 id' }),
    topicId: Id.meta({ description: '话题 id' }),
    floor: z.int().positive().meta({ description: '楼层：话题内按发布先后编号，从 1 开始，不会重复' }),
    author: ForumAuthor,
    body: z.string().meta({ description: '正文（已清洗的 HTML）' }),
    images: z.array(ForumImage).meta({ description: '图片' }),
    quote: ForumQuote.nullable().meta({ description: '引用的回复；没有为 null' }),
    hidden: z.boolean().meta({ description: '是否已隐藏（受访者看不到已隐藏的回复）' }),
    highlighted: z.boolean().meta({ description: '是否加精' }),
    mine: z.boolean().meta({ description: '是否是我发的' }),
    createdAt: Timestamp.meta({ description: '发布时间' }),
  })
  .meta({ id: 'ForumReply', description: '回复' });

// ---- queries and bodies ----

export const ForumTopicListQuery = PageQuery.extend({
  taskHashId: HashId.meta({ description: '座谈会任务哈希 id' }),
  sectionId: QueryId.optional().meta({ description: '版块 id；不传为全部版块' }),
  filter: z
    .enum(['all', 'required', 'unanswered', 'pinned'])
    .default('all')
    .meta({ description: 'all 全部；required 必答；unanswered 我未回复的；pinned 置顶' }),
});

export const ForumTopicPage = Page(ForumTopic).meta({
  id: 'ForumTopicPage',
  description: '话题分页：置顶在前，其余按发布时间从新到旧',
});

export const ForumTopicParam = z.object({ id: QueryId.meta({ description: '话题 id' }) });
export const ForumReplyParam = z.object({ id: QueryId.meta({ description: '回复 id' }) });
export const ForumMemberParam = z.object({ memberId: QueryId.meta({ description: '会员 id' }) });

export const ForumReplyListQuery = PageQuery.extend({
  order: z
    .enum(['oldest', 'newest'])
    .default('oldest')
    .meta({ description: 'oldest 从早到晚（默认）；newest 从新到旧' }),
});

export const ForumReplyPage = Page(ForumReply)
  .extend({
    locked: z.boolean().meta({
      description: '“先回复后可见”且我还没回复：为 true 时 list 为空，回复后才能看到他人的回复',
    }),
  })
  .meta({ id: 'ForumReplyPage', description: '回复分页（按楼层排序，翻页时顺序稳定）' });

export const CreateForumTopicBody = z
  .object({
    requestKey: NonEmpty(64)
      .optional()
      .meta({ description: '防重复提交的请求 key：同一个 key 只发布一个话题，重复提交得到同一个' }),
    taskHashId: HashId.meta({ description: '座谈会任务哈希 id' }),
    sectionId: Id.meta({ description: '版块 id' }),
    title: z
      .string()
      .trim()
      .min(FORUM_TITLE.min, textMessages(FORUM_TITLE, '标题').min)
      .max(FORUM_TITLE.max, textMessages(FORUM_TITLE, '标题').max)
      .meta({ description: `标题，${FORUM_TITLE.min}–${FORUM_TITLE.max} 字` }),
    body: RichText,
    images: ImageKeys,
    required: z.boolean().default(false).meta({ description: '是否必答' }),
    seeAfterPosting: z.boolean().default(false).meta({ description: '是否先回复后可见' }),
  })
  .meta({ id: 'CreateForumTopicBody', description: '发布话题（仅主持人）' });

const atLeastOne = (b: Record<string, unknown>) => Object.values(b).some((v) => v !== undefined);

export const ModerateForumTopicBody = z
  .object({
    pinned: z.boolean().optional().meta({ description: '置顶' }),
    closed: z.boolean().optional().meta({ description: '关闭（不能再回复）' }),
    hidden: z.boolean().optional().meta({ description: '隐藏（受访者看不到）' }),
    highlighted: z.boolean().optional().meta({ description: '加精' }),
    required: z.boolean().optional().meta({ description: '必答' }),
  })
  .refine(atLeastOne, { error: '请至少修改一项' })
  .meta({ id: 'ModerateForumTopicBody', description: '管理话题（仅主持人）：只改传入的项' });

export const CreateForumReplyBody = z
  .object({
    requestKey: NonEmpty(64).meta({ description: '防重复提交的请求 key：同一个 key 只发一条回复，重复提交得到同一条' }),
    body: RichText,
    images: ImageKeys,
    quoteId: Id.optional().meta({ description: '引用的回复 id（须在同一话题内）' }),
  })
  .meta({ id: 'CreateForumReplyBody', description: '回复话题：文字与图片至少有一项' });

export const ForumReplyCreated = z
  .object({
    reply: ForumReply,
    progress: FocusProgress.nullable().meta({ description: '回复后的完成进度；主持人为 null' }),
  })
  .meta({ id: 'ForumReplyCreated', description: '回复结果（含完成进度：答完全部必答话题即完成并入账微豆）' });

export const ModerateForumReplyBody = z
  .object({
    hidden: z.boolean().optional().meta({ description: '隐藏（受访者看不到）' }),
    highlighted: z.boolean().optional().meta({ description: '加精' }),
  })
  .refine(atLeastOne, { error: '请至少修改一项' })
  .meta({ id: 'ModerateForumReplyBody', description: '管理回复（仅主持人）：只改传入的项' });

export const ForumMemberPostsQuery = PageQuery.extend({
  taskHashId: HashId.meta({ description: '座谈会任务哈希 id' }),
});

const ForumMemberPost = ForumReply.extend({
  topicTitle: z.string().meta({ description: '所在话题标题' }),
}).meta({ id: 'ForumMemberPost', description: '某人的一条回复（带话题标题）' });

export const ForumMemberPosts = z
  .object({
    author: ForumAuthor,
    posts: Page(ForumMemberPost).meta({ description: '回复分页，从新到旧（看不到的话题中的回复不列出）' }),
  })
  .meta({ id: 'ForumMemberPosts', description: '某位参与者在该座谈会中的发言' });

export const CompleteForumMemberQuery = FocusTaskQuery;

// ---- the moderator's respondents ----

export const ForumRespondentsQuery = PageQuery.extend({
  taskHashId: HashId.meta({ description: '座谈会任务哈希 id' }),
});

export const ForumRespondent = z
  .object({
    author: ForumAuthor,
    entered: z.boolean().meta({ description: '是否已进入过论坛（未进入的受访者还没有显示名）' }),
    replyCount: z.int().nonnegative().meta({ description: '在该座谈会中的回复数（含已隐藏的）' }),
    lastReplyAt: Timestamp.nullable().meta({ description: '最近一次回复的时间；未回复为 null' }),
    progress: FocusProgress,
  })
  .meta({ id: 'ForumRespondent', description: '主持人看到的一位受访者：身份、发言与完成进度' });

export const ForumRespondentPage = Page(ForumRespondent).meta({
  id: 'ForumRespondentPage',
  description: '受访者分页：未完成的在前（按已答必答话题从多到少），已完成的在后',
});

const RequiredTopicAnswer = z
  .object({
    id: Id.meta({ description: '必答话题 id' }),
    title: z.string().meta({ description: '话题标题' }),
    answered: z.boolean().meta({ description: '该受访者是否已回复（不算被隐藏的回复）' }),
  })
  .meta({ id: 'RequiredTopicAnswer', description: '一个必答话题与受访者是否已回复' });

export const ForumRespondentDetail = ForumRespondent.extend({
  requiredTopics: z.array(RequiredTopicAnswer).meta({ description: '必答话题（不含已隐藏的），按发布先后' }),
}).meta({
  id: 'ForumRespondentDetail',
  description: '主持人标记完成前确认用：受访者是谁、答了哪些必答话题、完成可得多少微豆',
});
