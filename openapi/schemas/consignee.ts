/**
 * The delivery address (收货地址) and the region hierarchy its picker loads.
 */
import { z } from 'zod';
import { RegionLevel } from '../enums';
import { Id, MAX_ID, Mobile, Timestamp } from './common';
import { enumSchema } from './enum';

const ConsigneeFields = {
  name: z.string().trim().min(1, '请填写收货人').max(20, '收货人姓名最多 20 个字').meta({ description: '收货人姓名' }),
  mobile: Mobile.meta({ description: '收货人手机号' }),
  provinceId: Id.meta({ description: '省级行政区（GB/T 2260 行政区划代码，如 440000）' }),
  cityId: Id.meta({ description: '地级市（GB/T 2260 代码，如 440300；直辖市为 110100 等）' }),
  countyId: Id.meta({ description: '区县（GB/T 2260 代码，如 440305）；须属于所选城市' }),
  address: z
    .string()
    .trim()
    .min(4, '详细地址至少 4 个字')
    .max(120, '详细地址最多 120 个字')
    .meta({ description: '详细地址（街道、门牌号）' }),
};

export const Consignee = z
  .object({
    ...ConsigneeFields,
    regionName: z.string().meta({ description: '省市区名称，如“广东省 深圳市 南山区”' }),
    updatedAt: Timestamp.meta({ description: '最近修改时间' }),
  })
  .meta({ id: 'Consignee', description: '收货地址' });

export const ConsigneeBody = z.object(ConsigneeFields).meta({ id: 'ConsigneeBody', description: '保存收货地址' });

export const RegionQuery = z.object({
  parentId: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_ID)
    .default(0)
    .meta({ description: '上级地区代码；0（默认）返回省级行政区，省代码返回其城市，城市代码返回其区县' }),
});

export const Region = z
  .object({
    id: Id.meta({ description: '地区代码（GB/T 2260 行政区划代码，6 位，如 440305）' }),
    name: z.string().meta({ description: '地区名称' }),
    level: enumSchema(RegionLevel).meta({ description: '层级：1 省；2 市；3 区县（目前只到区县，不含乡镇）' }),
    leaf: z.boolean().meta({ description: '是否没有下级' }),
  })
  .meta({ id: 'Region', description: '地区（地址选择器用；未知的上级代码返回空数组）' });
