/** Banners. */
import { z } from 'zod';
import { op } from '../op';
import { Banner, BannerQuery, ScreenQuery } from '../schemas/banners';

export const listBanners = op({
  id: 'listBanners',
  method: 'get',
  path: '/v1/banners',
  auth: 'none',
  tag: 'content',
  summary: '轮播图（某投放位置正在展示的，按顺序）',
  query: BannerQuery,
  response: z.array(Banner).meta({ description: '轮播图，按运营设定的顺序，最多 10 张' }),
});

export const listLoginBanners = op({
  id: 'listLoginBanners',
  method: 'get',
  path: '/v1/banners/login',
  auth: 'none',
  tag: 'content',
  summary: '登录页配图',
  query: ScreenQuery,
  response: z.array(Banner).meta({ description: '登录页配图，按顺序，最多 10 张' }),
});
