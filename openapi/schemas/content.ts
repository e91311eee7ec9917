import { z } from 'zod';
import { MessageType, RegionLevel } from '../enums';
import { Id, Page, PageQuery, Points, QueryEnum, QueryId, Timestamp, Url } from './common';

/* ---- help centre ---- */

export const HELP_ROOT_CATEGORY_ID = 21;

export const CategoryQuery = z.object({
  categoryId: QueryId.optional().meta({ description: '父分类 id；帮助中心用 21。省略时返回顶级分类' }),
});

export const HelpCategory = z
  .object({
    id: Id.meta({ description: '分类 id' }),
    name: z.string().meta({ description: '分类名称' }),
    icon: Url.nullable().meta({ description: '分类图标' }),
    questions: z
      .array(
        z.object({
          id: Id.meta({ description: '问题 id' }),
          title: z.string().meta({ description: '问题标题' }),
        }),
      )
      .meta({ description: '该分类下的问题标题（按排序，最多 10 条）' }),
  })
  .meta({ id: 'HelpCategory', description: '帮助分类' });

export const QuestionQuery = PageQuery.extend({
  categoryId: QueryId.optional().meta({ description: '分类 id（可选）' }),
  keyword: z.string().trim().max(50).optional().meta({ description: '搜索关键词（可选）' }),
  hot: z.enum(['1']).optional().meta({ description: '1 只看常见问题' }),
});

export const HelpQuestion = z
  .object({
    id: Id.meta({ description: '问题 id' }),
    categoryId: Id.meta({ description: '所属分类 id' }),
    title: z.string().meta({ description: '问题标题' }),
    content: z.string().meta({ description: '解答正文（经过清洗的 HTML）' }),
    hot: z.boolean().meta({ description: '是否常见问题' }),
    updatedAt: Timestamp.meta({ description: '更新时间' }),
  })
  .meta({ id: 'HelpQuestion', description: '帮助问题' });

export const HelpQuestionPage = Page(HelpQuestion).meta({ id: 'HelpQuestionPage', description: '帮助问题分页' });

/* ---- address hierarchy ---- */

export const RegionQuery = z.object({
  parentId: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .meta({ description: '上级地区代码；0（默认）返回省级行政区，省代码返回其城市，城市代码返回其区县' }),
});

export const Region = z
  .object({
    id: Id.meta({ description: '地区代码（GB/T 2260 行政区划代码，6 位，如 440305）' }),
    name: z.string().meta({ description: '地区名称' }),
    level: RegionLevel.schema.meta({ description: '层级：1 省；2 市；3 区县（目前只到区县，不含乡镇）' }),
    leaf: z.boolean().meta({ description: '是否没有下级' }),
  })
  .meta({ id: 'Region', description: '地区（地址选择器用；未知的上级代码返回空数组）' });

/* ---- messages ---- */

export const NewMessageFlag = z
  .object({
    hasNew: z.boolean().meta({ description: '是否有未读消息（铃铛红点）' }),
    unread: z.int().nonnegative().meta({ description: '未读消息数' }),
  })
  .meta({ id: 'NewMessageFlag', description: '新消息标记' });

export const Message = z
  .object({
    id: Id.meta({ description: '消息 id' }),
    type: MessageType.schema.meta({ description: '类型：1 系统通知；2 任务消息；3 兑换消息；4 反馈回复；5 活动消息' }),
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

/* ---- campaigns, banners ---- */

export const Placement = z.enum(['landing', 'home', 'task', 'exchange']).meta({
  description: '投放位置：landing 首页（落地页）；home 我的主页；task 任务页；exchange 兑换页',
});

export const EventQuery = z.object({
  position: Placement.optional().meta({ description: '投放位置（可选），默认全部' }),
});

export const CampaignEvent = z
  .object({
    id: Id.meta({ description: '活动 id' }),
    title: z.string().meta({ description: '活动名称' }),
    summary: z.string().nullable().meta({ description: '一句话介绍' }),
    image: Url.meta({ description: '活动图' }),
    link: z.string().meta({ description: '活动页地址（站内路径或外链）' }),
    startAt: Timestamp.meta({ description: '开始时间' }),
    endAt: Timestamp.meta({ description: '结束时间' }),
  })
  .meta({ id: 'CampaignEvent', description: '进行中的活动' });

export const BannerQuery = z.object({
  position: Placement.default('landing').meta({ description: '投放位置，默认 landing' }),
});

export const Banner = z
  .object({
    id: Id.meta({ description: '轮播图 id' }),
    title: z.string().meta({ description: '标题（图片 alt）' }),
    image: Url.meta({ description: '电脑端图片' }),
    mobileImage: Url.nullable().meta({ description: '手机端图片；为 null 时用 image' }),
    link: z.string().nullable().meta({ description: '点击跳转地址；不跳转为 null' }),
  })
  .meta({ id: 'Banner', description: '轮播图' });

/* ---- notices (公告) ---- */

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

/* ---- tasks ---- */

export const RecommendQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(6).meta({ description: '条数，1–20，默认 6' }),
});

/* ---- plumbing ---- */

export const BrowseRedirectQuery = z.object({
  taskId: QueryId.meta({ description: '浏览/观看类任务 id' }),
});

export const BrowseRedirect = z
  .object({
    url: Url.meta({ description: '要跳转到的目标地址' }),
    seconds: z.int().nonnegative().meta({ description: '需停留的秒数（0 表示不要求）' }),
    points: Points.meta({ description: '完成浏览可得的微豆；未登录为 0' }),
  })
  .meta({ id: 'BrowseRedirect', description: '浏览任务跳转信息（/browse/redirect），登录会员记录一次浏览' });

export const HomeCheck = z
  .object({
    basicSurveyDone: z.boolean().meta({ description: '个人属性问卷是否已完成（未完成时提示填写）' }),
    mobileBound: z.boolean().meta({ description: '是否已绑定手机号' }),
    checkedInToday: z.boolean().meta({ description: '今天是否已签到' }),
    unreadNotices: z.int().nonnegative().meta({ description: '未读公告数' }),
    newMessage: z.boolean().meta({ description: '是否有未读消息' }),
    hasScreenMessage: z.boolean().meta({ description: '是否有待展示的弹屏消息（随后取 /v1/messages/screen）' }),
  })
  .meta({ id: 'HomeCheck', description: '我的主页加载时需要提示的事项' });

export const AppRelease = z
  .object({
    version: z.string().meta({ description: '版本号' }),
    url: Url.meta({ description: '下载地址（安卓为安装包，iOS 为 App Store）' }),
    size: z.int().nonnegative().nullable().meta({ description: '安装包大小（字节）；iOS 为 null' }),
    updatedAt: Timestamp.meta({ description: '发布时间' }),
    notes: z.string().nullable().meta({ description: '更新说明' }),
  })
  .meta({ id: 'AppRelease', description: '某平台的最新版本' });

export const AppDownload = z
  .object({
    android: AppRelease.nullable().meta({ description: '安卓版；暂无为 null' }),
    ios: AppRelease.nullable().meta({ description: 'iOS 版；暂无为 null' }),
    pageUrl: Url.meta({ description: '下载页地址（用于生成二维码）' }),
  })
  .meta({ id: 'AppDownload', description: 'App 下载信息' });
