/** Campaigns. */
import { z } from 'zod';
import { op } from '../op';
import { CampaignEvent, EventQuery } from '../schemas/events';

export const listEvents = op({
  id: 'listEvents',
  method: 'get',
  path: '/v1/events',
  auth: 'none',
  tag: 'content',
  summary: '进行中的活动（首页与我的主页）',
  query: EventQuery,
  response: z.array(CampaignEvent).meta({ description: '进行中的活动，按运营设定的顺序，最多 20 个' }),
});
