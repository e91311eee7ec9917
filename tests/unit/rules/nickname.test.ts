import { describe, expect, it } from 'vitest';
import { nicknameError, nicknameKey, nicknameProblem, reservedWordIn } from '../../../openapi/rules/nickname';

/** The nickname rule the server and the personal centre's form share (openapi/rules/nickname.ts). */
describe('nickname rule', () => {
  it.each(['小豆', 'Bean', '豆子_2026', 'a-b', '一二三四五六七八九十一二三四五六', '𠀀𠀁'])('accepts %s', (name) => {
    expect(nicknameProblem(name)).toBeNull();
    expect(nicknameError(`  ${name} `)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['豆', 'short'],
    ['一二三四五六七八九十一二三四五六七', 'long'],
    ['小 豆', 'chars'],
    ['小豆\u200b', 'chars'],
    ['小豆\u0000', 'chars'],
    ['小\ufeff豆', 'chars'],
    ['小豆!', 'chars'],
    ['ｂｅａｎ', 'chars'],
    ['--', 'symbols'],
    ['_-_', 'symbols'],
  ])('refuses %j as %s', (name, problem) => {
    expect(nicknameProblem(name)).toBe(problem);
  });

  it('counts characters, not UTF-16 units: 16 characters outside the BMP are fine', () => {
    expect(nicknameProblem('𠀀'.repeat(16))).toBeNull();
    expect(nicknameProblem('𠀀'.repeat(17))).toBe('long');
  });

  it('finds reserved words in any case and through separators, and names them', () => {
    expect(nicknameKey('A_d-M.i n')).toBe('admin');
    expect(reservedWordIn('Ad_Min007')).toBe('admin');
    expect(reservedWordIn('微-豆小助手')).toBe('微豆');
    expect(reservedWordIn('客_服小王')).toBe('客服');
    expect(reservedWordIn('小橙子')).toBeNull();
    expect(nicknameError('官方小豆')).toBe('昵称不能包含“官方”，请换一个');
    expect(nicknameProblem('SYSTEM')).toBe('reserved');
  });
});
