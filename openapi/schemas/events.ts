/**
 * Campaigns (活动) in progress.
 */
import { z } from 'zod';
import { Placement, ScreenQuery } from './banners';
import { Id, Timestamp, Url } from './common';

export const EventQuery = ScreenQuery.extend({
  position: Placement.optional().meta({ description: '投放位置（可选），默认全部' }),
});

export const CampaignEvent = z
  .object({
    id: Id.meta({ description: '活动 id' }),
    title: z.string().meta({ description: '活动名称' }),
    summary: z.string().nullable().meta({ description: '一句话介绍' }),
    image: Url.meta({ description: '活动图' }),
    link: z.string().meta({ description: '活动页地址（站内路径或 https 外链）' }),
    startAt: Timestamp.meta({ description: '开始时间' }),
    endAt: Timestamp.meta({ description: '结束时间' }),
  })
  .meta({ id: 'CampaignEvent', description: '进行中的活动' });
