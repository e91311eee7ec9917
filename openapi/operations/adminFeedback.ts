/** The console's feedback desk: tickets waiting on staff, one ticket, take / process / reply / close, saved replies. */
import { op } from '../op';
import { Ok } from '../schemas/common';
import { IdParam } from '../schemas/common';
import {
  CloseTicketBody,
  ProcessTicketBody,
  ReplyTicketBody,
  SavedReply,
  SavedReplyList,
  SaveReplyBody,
  TicketDetail,
  TicketMoved,
  TicketPage,
  TicketQuery,
} from '../schemas/adminFeedback';

const desk = { auth: 'staff', permission: 'feedback.desk', tag: 'admin' } as const;

export const listTickets = op({
  ...desk,
  id: 'listTickets',
  method: 'get',
  path: '/admin/v1/feedback',
  summary: '反馈工单队列（等待最久的在前）',
  query: TicketQuery,
  response: TicketPage,
});

export const getTicket = op({
  ...desk,
  id: 'getTicket',
  method: 'get',
  path: '/admin/v1/feedback/{id}',
  summary: '一条工单：对话、截图、会员情况',
  params: IdParam,
  response: TicketDetail,
});

export const takeTicket = op({
  ...desk,
  id: 'takeTicket',
  method: 'post',
  path: '/admin/v1/feedback/{id}/take',
  summary: '受理工单（我成为它的客服）',
  params: IdParam,
  response: TicketMoved,
});

export const processTicket = op({
  ...desk,
  id: 'processTicket',
  method: 'post',
  path: '/admin/v1/feedback/{id}/process',
  summary: '开始处理（可附说明，会员可见）',
  params: IdParam,
  body: ProcessTicketBody,
  response: TicketMoved,
});

export const replyTicket = op({
  ...desk,
  id: 'replyTicket',
  method: 'post',
  path: '/admin/v1/feedback/{id}/reply',
  summary: '回复会员：请其补充信息或答复',
  params: IdParam,
  body: ReplyTicketBody,
  response: TicketMoved,
});

export const closeTicket = op({
  ...desk,
  id: 'closeTicket',
  method: 'post',
  path: '/admin/v1/feedback/{id}/close',
  summary: '关闭工单（原因会告诉会员）',
  params: IdParam,
  body: CloseTicketBody,
  response: TicketMoved,
});

export const listSavedReplies = op({
  ...desk,
  id: 'listSavedReplies',
  method: 'get',
  path: '/admin/v1/feedback/saved-replies',
  summary: '常用回复',
  response: SavedReplyList,
});

export const saveReply = op({
  ...desk,
  id: 'saveReply',
  method: 'post',
  path: '/admin/v1/feedback/saved-replies',
  summary: '保存一条常用回复',
  body: SaveReplyBody,
  response: SavedReply,
});

export const deleteSavedReply = op({
  ...desk,
  id: 'deleteSavedReply',
  method: 'post',
  path: '/admin/v1/feedback/saved-replies/{id}/delete',
  summary: '删除一条常用回复',
  params: IdParam,
  response: Ok,
});
