import { z } from 'zod';
import { op } from '../op';
import { IdParam, Ok } from '../schemas/common';
import {
  AppDownload,
  Banner,
  BannerQuery,
  BrowseRedirect,
  BrowseRedirectQuery,
  CampaignEvent,
  CategoryQuery,
  EventQuery,
  FlashReadBody,
  HelpCategory,
  HelpQuestionPage,
  HomeCheck,
  MessageListQuery,
  MessagePage,
  NewMessageFlag,
  Notice,
  NoticeBrief,
  QuestionQuery,
  ReadMessagesBody,
  ReadNoticesBody,
  RecommendQuery,
  Region,
  RegionQuery,
  ScreenMessage,
  UnreadCount,
} from '../schemas/content';
import { TaskCard } from '../schemas/tasks';

const tag = 'content';

/* ---- help centre, regions ---- */

export const listCategories = op({
  id: 'listCategories',
  method: 'get',
  path: '/v1/categories',
  auth: 'none',
  tag,
  summary: '帮助分类及其问题标题（帮助中心 categoryId=21）',
  query: CategoryQuery,
  response: z.array(HelpCategory).meta({ description: '子分类列表' }),
});

export const listQuestions = op({
  id: 'listQuestions',
  method: 'get',
  path: '/v1/questions',
  auth: 'none',
  tag,
  summary: '帮助问题（按分类、关键词）',
  query: QuestionQuery,
  response: HelpQuestionPage,
});

export const listRegions = op({
  id: 'listRegions',
  method: 'get',
  path: '/v1/jd/cities',
  auth: 'none',
  tag,
  summary: '省 / 市 / 区县（地址选择器逐级加载；GB/T 2260 行政区划代码）',
  query: RegionQuery,
  response: z.array(Region).meta({ description: '下级地区列表' }),
});

/* ---- messages ---- */

export const checkNewMessages = op({
  id: 'checkNewMessages',
  method: 'get',
  path: '/v1/messages/new',
  auth: 'member',
  tag,
  summary: '是否有新消息（铃铛红点）',
  response: NewMessageFlag,
});

export const getScreenMessage = op({
  id: 'getScreenMessage',
  method: 'get',
  path: '/v1/messages/screen',
  auth: 'member',
  tag,
  summary: '待展示的全屏公告（没有时结果码 1060，静默）',
  response: ScreenMessage,
});

export const listMessages = op({
  id: 'listMessages',
  method: 'get',
  path: '/v1/messages',
  auth: 'member',
  tag,
  summary: '站内消息列表',
  query: MessageListQuery,
  response: MessagePage,
});

export const readMessages = op({
  id: 'readMessages',
  method: 'post',
  path: '/v1/messages/read',
  auth: 'member',
  tag,
  summary: '标记消息已读（指定或全部）',
  body: ReadMessagesBody,
  response: UnreadCount,
});

export const readFlashMessage = op({
  id: 'readFlashMessage',
  method: 'post',
  path: '/v1/messages/flash/read',
  auth: 'member',
  tag,
  summary: '弹屏消息已看过，不再展示',
  body: FlashReadBody,
  response: Ok,
});

/* ---- campaigns, banners, notices ---- */

export const listEvents = op({
  id: 'listEvents',
  method: 'get',
  path: '/v1/events',
  auth: 'none',
  tag,
  summary: '进行中的活动（首页与我的主页）',
  query: EventQuery,
  response: z.array(CampaignEvent).meta({ description: '活动列表' }),
});

export const listBanners = op({
  id: 'listBanners',
  method: 'get',
  path: '/v1/banners',
  auth: 'none',
  tag,
  summary: '轮播图',
  query: BannerQuery,
  response: z.array(Banner).meta({ description: '轮播图，按顺序' }),
});

export const listLoginBanners = op({
  id: 'listLoginBanners',
  method: 'get',
  path: '/v1/banners/login',
  auth: 'none',
  tag,
  summary: '登录页配图',
  response: z.array(Banner).meta({ description: '登录页配图，按顺序' }),
});

export const listUnreadNotices = op({
  id: 'listUnreadNotices',
  method: 'get',
  path: '/v1/notices/unread',
  auth: 'member',
  tag,
  summary: '未读公告',
  response: z.array(NoticeBrief).meta({ description: '未读公告，置顶在前、新的在前' }),
});

export const readNotices = op({
  id: 'readNotices',
  method: 'post',
  path: '/v1/notices/read',
  auth: 'member',
  tag,
  summary: '标记公告已读',
  body: ReadNoticesBody,
  response: Ok,
});

export const getNotice = op({
  id: 'getNotice',
  method: 'get',
  path: '/v1/notices/{id}',
  auth: 'optional',
  tag,
  summary: '公告详情（登录会员查看即记为已读）',
  params: IdParam,
  response: Notice,
});

/* ---- tasks, plumbing ---- */

export const listRecommendedTasks = op({
  id: 'listRecommendedTasks',
  method: 'get',
  path: '/v1/tasks/recommend',
  auth: 'optional',
  tag,
  summary: '推荐任务（登录后按会员属性推荐）',
  query: RecommendQuery,
  response: z.array(TaskCard).meta({ description: '推荐任务' }),
});

export const browseRedirect = op({
  id: 'browseRedirect',
  method: 'get',
  path: '/v1/browse/redirect',
  auth: 'optional',
  tag,
  summary: '浏览类任务的跳转地址（登录会员记录浏览）',
  query: BrowseRedirectQuery,
  response: BrowseRedirect,
});

export const homeCheck = op({
  id: 'homeCheck',
  method: 'get',
  path: '/v1/home/check',
  auth: 'member',
  tag,
  summary: '我的主页加载时的提示项（问卷、手机、签到、公告、消息）',
  response: HomeCheck,
});

export const getAppDownload = op({
  id: 'getAppDownload',
  method: 'get',
  path: '/v1/app/down',
  auth: 'none',
  tag,
  summary: 'App 下载信息',
  response: AppDownload,
});
