/** The focus-group forum. */
import { op } from '../op';
import { FocusMember, FocusTask, FocusTaskQuery } from '../schemas/forum';

export const getFocusMember = op({
  id: 'getFocusMember',
  method: 'get',
  path: '/focusMembers/info',
  auth: 'member',
  tag: 'user',
  summary: '当前会员在座谈会论坛中的身份与角色',
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
