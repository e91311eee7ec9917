/**
 * A member's nickname, checked the same way by the server (every change) and by the personal
 * centre's form (before it is sent): 2–16 characters of Han, letters, digits, `_` and `-`, not
 * only symbols, and none of the reserved words a member could use to pass as the site.
 */

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;

/** Han (any CJK block), ASCII letters and digits, `_` and `-`; no spaces, controls or invisible characters. */
const ALLOWED = /^[\p{Script=Han}A-Za-z0-9_-]+$/u;
const HAS_WORD = /[\p{Script=Han}A-Za-z0-9]/u;

/**
 * Words no nickname may contain (checked case-insensitively, with `_`, `-`, spaces and dots taken
 * out, full-width letters folded): the site's own names and the roles of its staff.
 * 微豆 / 微豆调研 / weidou are the product's name.
 */
export const RESERVED_NICKNAME_WORDS: readonly string[] = [
  '官方',
  '客服',
  '管理员',
  '系统',
  '运营',
  '版主',
  '站长',
  '微豆',
  '微豆调研',
  'weidou',
  'admin',
  'administrator',
  'system',
  'official',
  'kefu',
  'guanfang',
];

/** The form a nickname is compared in: NFKC (full-width → ASCII), lower case, no separators. */
export function nicknameKey(raw: string): string {
  return raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.·•]+/gu, '');
}

/** The reserved word a nickname contains, or null. */
export function reservedWordIn(raw: string): string | null {
  const key = nicknameKey(raw);
  return RESERVED_NICKNAME_WORDS.find((w) => key.includes(w)) ?? null;
}

export type NicknameProblem = 'empty' | 'short' | 'long' | 'chars' | 'symbols' | 'reserved';

export const NICKNAME_MESSAGES: Record<NicknameProblem, string> = {
  empty: '请输入昵称',
  short: `昵称至少 ${NICKNAME_MIN} 个字`,
  long: `昵称最多 ${NICKNAME_MAX} 个字`,
  chars: '昵称只能包含汉字、字母、数字、下划线和短横线',
  symbols: '昵称不能只有符号',
  reserved: '昵称不能包含“官方”“客服”“管理员”等保留词，请换一个',
};

/** The first problem with a typed nickname (trimmed first), or null when it may be saved. */
export function nicknameProblem(raw: string): NicknameProblem | null {
  const name = raw.trim();
  const length = [...name].length;
  if (length === 0) return 'empty';
  if (!ALLOWED.test(name)) return 'chars';
  if (length < NICKNAME_MIN) return 'short';
  if (length > NICKNAME_MAX) return 'long';
  if (!HAS_WORD.test(name)) return 'symbols';
  if (reservedWordIn(name)) return 'reserved';
  return null;
}

/** The zh-CN message for a typed nickname (naming the reserved word it contains), or null when it may be saved. */
export function nicknameError(raw: string): string | null {
  const problem = nicknameProblem(raw);
  if (problem === 'reserved') return `昵称不能包含“${reservedWordIn(raw)}”，请换一个`;
  return problem && NICKNAME_MESSAGES[problem];
}
