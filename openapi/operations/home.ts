/** "My home" prompts. */
import { op } from '../op';
import { HomeCheck } from '../schemas/home';

export const homeCheck = op({
  id: 'homeCheck',
  method: 'get',
  path: '/v1/home/check',
  auth: 'member',
  tag: 'content',
  summary: '我的主页加载时的提示项（问卷、手机、签到、公告、消息）',
  response: HomeCheck,
});
