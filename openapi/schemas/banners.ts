/**
 * Banners, and the placements banners and campaigns are shown in.
 */
import { z } from 'zod';
import { Id, Url } from './common';

export const Placement = z.enum(['landing', 'home', 'task', 'exchange']).meta({
  description: '投放位置：landing 首页（落地页）；home 我的主页；task 任务页；exchange 兑换页',
});

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
