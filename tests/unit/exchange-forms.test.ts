import { describe, expect, it } from 'vitest';
import { consigneeErrors } from '../../src/components/exchange/ConsigneeForm';
import { idCheckChar, idNumberError, realNameError } from '../../src/components/exchange/idNumber';
import { checkCharOf, idNumberProblem } from '../../server/modules/identity/idcard';

/**
 * The inline fixes of the reward page validate like the server: the client's ID-number check
 * agrees with server/modules/identity/idcard.ts on valid numbers and on every kind of mistake.
 */

const NOW = Date.UTC(2026, 10, 22, 4); // 2026-11-22 12:00 Beijing
const TODAY = '2026-11-22';

function withCheck(first17: string) {
  return first17 + checkCharOf(first17);
}

describe('ID number (client = server)', () => {
  const samples = [
    withCheck('11010119900307123'),
    withCheck('44030519851231002'),
    withCheck('65010120000229001'), // leap day
    withCheck('11010120260101001'), // born this year
    '110101199003071235', // wrong check char
    '1101011990030712', // too short
    '11010119900307123Y', // bad last char
    withCheck('99010119900307123'), // no such province
    withCheck('11010119900230123'), // 30 February
    withCheck('11010118990101123'), // before 1900
    withCheck('11010120261123123'), // tomorrow (Beijing)
    withCheck('11010120261122123'), // today
  ];

  it.each(samples)('%s', (id) => {
    const server = idNumberProblem(id, TODAY);
    const client = idNumberError(id, NOW);
    expect(client === null).toBe(server === null);
  });

  it('accepts a lower-case x and surrounding spaces like the server normalises them', () => {
    let n = 0;
    let first17 = '11010119900307000';
    while (checkCharOf(first17) !== 'X') first17 = `110101199003070${String(++n).padStart(2, '0')}`;
    expect(idNumberError(` ${first17}x `, NOW)).toBeNull();
    expect(idNumberProblem(`${first17}X`, TODAY)).toBeNull();
  });

  it('computes the same check characters', () => {
    for (let i = 0; i < 200; i++) {
      const first17 = `4403051990${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(i).padStart(3, '0')}`;
      expect(idCheckChar(first17)).toBe(checkCharOf(first17));
    }
  });

  it('says what is wrong in zh-CN', () => {
    expect(idNumberError('', NOW)).toBe('请输入身份证号');
    expect(idNumberError('110101199003071235', NOW)).toBe('身份证号校验位不正确，请核对是否输错');
    expect(idNumberError(withCheck('11010119900230123'), NOW)).toBe('身份证号中的出生日期不正确，请核对');
  });
});

describe('real name and consignee fields', () => {
  it('real name follows the contract', () => {
    expect(realNameError('张三')).toBeNull();
    expect(realNameError('买买提·艾力')).toBeNull();
    expect(realNameError('张')).toBe('请输入真实姓名');
    expect(realNameError('张3')).toBe('姓名只能包含汉字、字母和间隔号');
  });

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
  });
});
