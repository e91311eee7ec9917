/**
 * Banners, and the placements and screens banners and campaigns are shown on.
 */
import { z } from 'zod';
import { Id, Url } from './common';

export const Placement = z.enum(['landing', 'home', 'task', 'exchange']).meta({
  description: '投放位置：landing 首页（落地页）；home 我的主页；task 任务页；exchange 兑换页',
});

/**
 * The layout the page is shown in. Operators publish a banner or campaign for every screen or
 * for one of these; the page says which layout it is in (below 768 px wide: phone).
 */
export const Screen = z.enum(['phone', 'desktop']).meta({
  description: '页面布局：phone 手机版（宽度小于 768px），desktop 电脑版',
});

export const ScreenQuery = z.object({
  platform: Screen.optional().meta({
    description:
      '页面布局：phone 手机版（宽度小于 768px），desktop 电脑版。给出时返回不限平台的与该平台专属的内容；不传只返回不限平台的内容',
  }),
});

export const BannerQuery = ScreenQuery.extend({
  position: Placement.default('landing').meta({ description: '投放位置，默认 landing' }),
});

export const Banner = z
  .object({
    id: Id.meta({ description: '轮播图 id' }),
    title: z.string().meta({ description: '标题（图片 alt）' }),
    image: Url.meta({ description: '电脑端图片' }),
    mobileImage: Url.nullable().meta({ description: '手机端图片；为 null 时用 image' }),
    link: z.string().nullable().meta({ description: '点击跳转地址：站内路径（/ 开头）或 https 外链；不跳转为 null' }),
  })
  .meta({ id: 'Banner', description: '轮播图' });
