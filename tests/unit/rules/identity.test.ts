import { describe, expect, it } from 'vitest';
import {
  idCheckChar,
  idNumberError,
  idNumberProblem,
  normalizeIdNumber,
  realNameError,
} from '../../../openapi/rules/identity';
import { IdVerifyBody } from '../../../openapi/schemas/identity';

/** The real-name fields as the server and the exchange page both check them. */

const NOW = Date.UTC(2026, 10, 22, 4); // 2026-11-22 12:00 Beijing
const TODAY = '2026-11-22';

function withCheck(first17: string) {
  return first17 + idCheckChar(first17);
}

describe('ID number', () => {
  it.each([
    [withCheck('11010119900307123'), null],
    [withCheck('44030519851231002'), null],
    [withCheck('65010120000229001'), null], // leap day
    [withCheck('11010120260101001'), null], // born this year
    [withCheck('11010120261122123'), null], // born today
    ['110101199003071235', 'checksum'],
    ['1101011990030712', 'format'], // too short
    ['11010119900307123Y', 'format'], // bad last char
    [withCheck('99010119900307123'), 'region'], // no such province
    [withCheck('11010119900230123'), 'birth_date'], // 30 February
    [withCheck('11010118990101123'), 'birth_date'], // before 1900
    [withCheck('11010120261123123'), 'birth_date'], // tomorrow (Beijing)
  ])('%s → %s', (id, problem) => {
    expect(idNumberProblem(id, TODAY)).toBe(problem);
    expect(idNumberError(id, NOW) === null).toBe(problem === null);
  });

  it('takes a lower-case x and surrounding spaces', () => {
    let n = 0;
    let first17 = '11010119900307000';
    while (idCheckChar(first17) !== 'X') first17 = `110101199003070${String(++n).padStart(2, '0')}`;
    expect(normalizeIdNumber(` ${first17}x `)).toBe(`${first17}X`);
    expect(idNumberError(` ${first17}x `, NOW)).toBeNull();
    expect(idNumberProblem(`${first17}X`, TODAY)).toBeNull();
  });

  it('computes the GB 11643 check character', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(idCheckChar('44052418800101001')).toBe('4');
  });

  it('says what is wrong in zh-CN', () => {
    expect(idNumberError('', NOW)).toBe('请输入身份证号');
    expect(idNumberError('110101199003071235', NOW)).toBe('身份证号校验位不正确，请核对是否输错');
    expect(idNumberError(withCheck('11010119900230123'), NOW)).toBe('身份证号中的出生日期不正确，请核对');
    expect(idNumberError(withCheck('99010119900307123'), NOW)).toBe('身份证号前两位不是有效的省份代码，请核对');
    expect(idNumberError('1234', NOW)).toBe('请输入 18 位身份证号（末位可以是 X）');
  });
});

describe('real name', () => {
  it('takes Han characters, letters and the middle dot', () => {
    expect(realNameError('张三')).toBeNull();
    expect(realNameError('买买提·艾力')).toBeNull();
    expect(realNameError('张')).toBe('请输入真实姓名');
    expect(realNameError('张3')).toBe('姓名只能包含汉字、字母和间隔号');
    expect(realNameError('张'.repeat(33))).toBe('姓名太长了');
  });

  it('is the rule the contract validates submissions with', () => {
    const field = IdVerifyBody.shape.realName;
    for (const name of ['张三', '买买提·艾力', ' 张 ', '张', '张3', '张'.repeat(33)]) {
      const parsed = field.safeParse(name);
      expect(parsed.success ? null : parsed.error.issues[0]!.message, name).toBe(realNameError(name));
    }
  });
});
