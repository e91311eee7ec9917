/**
 * The discussion-group forum (座谈会, task type 4): the two spec calls (board by task hash id, the
 * member's identity and role) and ours under /v1/forum/. Who may do what: respondents (members who
 * started the task) read and reply; moderators also post topics and moderate; client observers read
 * everything and post nothing; anyone else is refused with FORUM_NO_ACCESS.
 */
import { op } from '../op';
import {
  CompleteForumMemberQuery,
  CreateForumReplyBody,
  CreateForumTopicBody,
  FocusMember,
  FocusProgress,
  FocusTask,
  FocusTaskQuery,
  ForumMemberParam,
  ForumMemberPosts,
  ForumMemberPostsQuery,
  ForumReply,
  ForumReplyCreated,
  ForumReplyListQuery,
  ForumReplyPage,
  ForumReplyParam,
  ForumRespondentDetail,
  ForumRespondentPage,
  ForumRespondentsQuery,
  ForumTopicDetail,
  ForumTopicListQuery,
  ForumTopicPage,
  ForumTopicParam,
  ModerateForumReplyBody,
  ModerateForumTopicBody,
  UpdateFocusMemberBody,
} from '../schemas/forum';

export const getFocusMember = op({
  id: 'getFocusMember',
  method: 'get',
  path: '/focusMembers/info',
  auth: 'member',
  tag: 'user',
  summary: '当前会员在座谈会论坛中的身份与角色，受访者另有完成进度与微豆',
  query: FocusTaskQuery,
  response: FocusMember,
});

export const decodeFocusTask = op({
  id: 'decodeFocusTask',
  method: 'get',
  path: '/focusSections/decode/task',
  auth: 'optional',
  tag: 'user',
  summary: '由任务哈希 id 解析座谈会及其版块',
  query: FocusTaskQuery,
  response: FocusTask,
});

export const updateFocusMember = op({
  id: 'updateFocusMember',
  method: 'post',
  path: '/v1/forum/identity',
  auth: 'member',
  tag: 'user',
  summary: '设置我在某座谈会中的显示名与头像（不暴露账号昵称）',
  body: UpdateFocusMemberBody,
  response: FocusMember,
});

export const listForumTopics = op({
  id: 'listForumTopics',
  method: 'get',
  path: '/v1/forum/topics',
  auth: 'member',
  tag: 'user',
  summary: '座谈会话题列表：按版块与筛选（全部、必答、我未回复、置顶）分页',
  query: ForumTopicListQuery,
  response: ForumTopicPage,
});

export const getForumTopic = op({
  id: 'getForumTopic',
  method: 'get',
  path: '/v1/forum/topics/{id}',
  auth: 'member',
  tag: 'user',
  summary: '话题详情：正文、图片，以及我能否回复、能否看到他人的回复',
  params: ForumTopicParam,
  response: ForumTopicDetail,
});

export const createForumTopic = op({
  id: 'createForumTopic',
  method: 'post',
  path: '/v1/forum/topics',
  auth: 'member',
  tag: 'user',
  summary: '发布话题（仅主持人）：版块、标题、正文、是否必答、是否先回复后可见',
  body: CreateForumTopicBody,
  response: ForumTopicDetail,
});

export const moderateForumTopic = op({
  id: 'moderateForumTopic',
  method: 'post',
  path: '/v1/forum/topics/{id}/moderate',
  auth: 'member',
  tag: 'user',
  summary: '管理话题（仅主持人）：置顶、关闭、隐藏、加精、必答',
  params: ForumTopicParam,
  body: ModerateForumTopicBody,
  response: ForumTopicDetail,
});

export const listForumReplies = op({
  id: 'listForumReplies',
  method: 'get',
  path: '/v1/forum/topics/{id}/replies',
  auth: 'member',
  tag: 'user',
  summary: '话题的回复：按楼层从早到晚或从新到旧分页；“先回复后可见”的话题回复后才能看到他人的回复',
  params: ForumTopicParam,
  query: ForumReplyListQuery,
  response: ForumReplyPage,
});

export const createForumReply = op({
  id: 'createForumReply',
  method: 'post',
  path: '/v1/forum/topics/{id}/replies',
  auth: 'member',
  tag: 'user',
  summary: '回复话题（文字、图片、引用；正文在服务器清洗）；答完全部必答话题时完成任务并入账微豆一次',
  params: ForumTopicParam,
  body: CreateForumReplyBody,
  response: ForumReplyCreated,
});

export const moderateForumReply = op({
  id: 'moderateForumReply',
  method: 'post',
  path: '/v1/forum/replies/{id}/moderate',
  auth: 'member',
  tag: 'user',
  summary: '管理回复（仅主持人）：隐藏、加精',
  params: ForumReplyParam,
  body: ModerateForumReplyBody,
  response: ForumReply,
});

export const listForumMemberPosts = op({
  id: 'listForumMemberPosts',
  method: 'get',
  path: '/v1/forum/members/{memberId}/posts',
  auth: 'member',
  tag: 'user',
  summary: '某位参与者在该座谈会中的发言（从新到旧分页）',
  params: ForumMemberParam,
  query: ForumMemberPostsQuery,
  response: ForumMemberPosts,
});

export const completeForumMember = op({
  id: 'completeForumMember',
  method: 'post',
  path: '/v1/forum/members/{memberId}/complete',
  auth: 'member',
  tag: 'user',
  summary: '主持人将受访者标记为完成：完成座谈会任务并入账微豆一次（重复标记不重复入账）',
  params: ForumMemberParam,
  query: CompleteForumMemberQuery,
  response: FocusProgress,
});

export const listForumRespondents = op({
  id: 'listForumRespondents',
  method: 'get',
  path: '/v1/forum/respondents',
  auth: 'member',
  tag: 'user',
  summary: '受访者及其完成进度（仅主持人）：必答话题答了几个、是否已完成、可得微豆',
  query: ForumRespondentsQuery,
  response: ForumRespondentPage,
});

export const getForumRespondent = op({
  id: 'getForumRespondent',
  method: 'get',
  path: '/v1/forum/members/{memberId}/progress',
  auth: 'member',
  tag: 'user',
  summary: '一位受访者的完成进度与各必答话题是否已回复（仅主持人；标记完成前确认用）',
  params: ForumMemberParam,
  query: FocusTaskQuery,
  response: ForumRespondentDetail,
});
