import { describe, expect, it } from 'vitest';
import { consigneeErrors } from '../../src/components/exchange/ConsigneeForm';

/** The inline fixes of the reward page validate like the server (ID number and real name: tests/unit/rules/identity.test.ts). */

describe('consignee fields', () => {
  it('consignee needs every field and a full region', () => {
    const ok = {
      name: '张三',
      mobile: '13800006601',
      provinceId: 440000,
      cityId: 440300,
      countyId: 440305,
      address: '科技园南区 1 栋',
    };
    expect(consigneeErrors(ok)).toEqual({});
    expect(consigneeErrors({ ...ok, countyId: null })).toEqual({ region: '请选择完整的省、市、区县' });
    expect(consigneeErrors({ ...ok, name: ' ', mobile: '1380000', address: '1' })).toEqual({
      name: '请填写收货人',
      mobile: '请输入 11 位手机号',
      address: '详细地址至少 4 个字',
    });
    expect(consigneeErrors({ ...ok, mobile: '23800006601' })).toEqual({ mobile: '手机号格式不正确，应以 13–19 开头' });
  });
});
