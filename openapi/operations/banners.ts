/** Banners. */
import { z } from 'zod';
import { op } from '../op';
import { Banner, BannerQuery } from '../schemas/banners';

export const listBanners = op({
  id: 'listBanners',
  method: 'get',
  path: '/v1/banners',
  auth: 'none',
  tag: 'content',
  summary: '轮播图',
  query: BannerQuery,
  response: z.array(Banner).meta({ description: '轮播图，按顺序' }),
});

export const listLoginBanners = op({
  id: 'listLoginBanners',
  method: 'get',
  path: '/v1/banners/login',
  auth: 'none',
  tag: 'content',
  summary: '登录页配图',
  response: z.array(Banner).meta({ description: '登录页配图，按顺序' }),
});
