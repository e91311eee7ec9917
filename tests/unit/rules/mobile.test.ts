import { describe, expect, it } from 'vitest';
import { isCode, isMobile, MOBILE_RE, mobileMessage, SMS_CODE_RE } from '../../../openapi/rules/mobile';
import { Mobile } from '../../../openapi/schemas/common';

describe('mobile number', () => {
  it('the contract takes 11 digits starting with 1', () => {
    for (const ok of ['13800138000', '19912345678', '12000000000']) expect(MOBILE_RE.test(ok), ok).toBe(true);
    for (const bad of ['1380013800', '138001380000', '23800138000', '1380013800a', ' 13800138000'])
      expect(MOBILE_RE.test(bad), bad).toBe(false);
    expect(Mobile.safeParse('13800138000').success).toBe(true);
    expect(Mobile.safeParse('1380013800').error?.issues[0]?.message).toBe('请输入 11 位手机号');
  });

  it('the sign-in forms also want a second digit of 3–9', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('12000000000')).toBe(false);
    expect(isMobile('1380013800')).toBe(false);
  });

  it('a refused number is told what is wrong: its length, or a prefix no carrier issues', () => {
    for (const short of ['', '138', '1380013800', '138001380000'])
      expect(mobileMessage(short), short).toBe('请输入 11 位手机号');
    for (const prefix of ['23800138000', '12000000000', '10086100861'])
      expect(mobileMessage(prefix), prefix).toBe('手机号格式不正确，应以 13–19 开头');
    // The contract says the same to the server's callers.
    expect(Mobile.safeParse('23800138000').error?.issues[0]?.message).toBe('手机号格式不正确，应以 13–19 开头');
  });
});

describe('SMS code', () => {
  it('is 6 digits', () => {
    expect(isCode('123456')).toBe(true);
    expect(SMS_CODE_RE.test('000000')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '']) expect(isCode(bad), bad).toBe(false);
  });
});
