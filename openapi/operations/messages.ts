/** Site messages. */
import { op } from '../op';
import { Ok } from '../schemas/common';
import {
  FlashReadBody,
  MessageListQuery,
  MessagePage,
  NewMessageFlag,
  ReadMessagesBody,
  ScreenMessage,
  UnreadCount,
} from '../schemas/messages';

export const checkNewMessages = op({
  id: 'checkNewMessages',
  method: 'get',
  path: '/v1/messages/new',
  auth: 'member',
  tag: 'content',
  summary: '是否有新消息（铃铛红点）',
  response: NewMessageFlag,
});

export const getScreenMessage = op({
  id: 'getScreenMessage',
  method: 'get',
  path: '/v1/messages/screen',
  auth: 'member',
  tag: 'content',
  summary: '待展示的全屏公告（没有时结果码 1060，静默）',
  response: ScreenMessage,
});

export const listMessages = op({
  id: 'listMessages',
  method: 'get',
  path: '/v1/messages',
  auth: 'member',
  tag: 'content',
  summary: '站内消息列表',
  query: MessageListQuery,
  response: MessagePage,
});

export const readMessages = op({
  id: 'readMessages',
  method: 'post',
  path: '/v1/messages/read',
  auth: 'member',
  tag: 'content',
  summary: '标记消息已读（指定或全部）',
  body: ReadMessagesBody,
  response: UnreadCount,
});

export const readFlashMessage = op({
  id: 'readFlashMessage',
  method: 'post',
  path: '/v1/messages/flash/read',
  auth: 'member',
  tag: 'content',
  summary: '弹屏消息已看过，不再展示',
  body: FlashReadBody,
  response: Ok,
});
