/** The delivery address and its region picker. */
import { z } from 'zod';
import { op } from '../op';
import { Consignee, ConsigneeBody, Region, RegionQuery } from '../schemas/consignee';

export const getConsignee = op({
  id: 'getConsignee',
  method: 'get',
  path: '/v1/users/consignee',
  auth: 'member',
  tag: 'user',
  summary: '收货地址；未填写时 data 为 null',
  response: Consignee.nullable().meta({ description: '收货地址；未填写时为 null' }),
});

export const saveConsignee = op({
  id: 'saveConsignee',
  method: 'post',
  path: '/v1/users/consignee',
  auth: 'member',
  tag: 'user',
  summary: '保存收货地址',
  body: ConsigneeBody,
  response: Consignee,
});

export const listRegions = op({
  id: 'listRegions',
  method: 'get',
  path: '/v1/jd/cities',
  auth: 'none',
  tag: 'content',
  summary: '省 / 市 / 区县（地址选择器逐级加载；GB/T 2260 行政区划代码）',
  query: RegionQuery,
  response: z.array(Region).meta({ description: '下级地区列表' }),
});
