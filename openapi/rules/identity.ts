/**
 * The fields of real-name verification, checked the same way by the server (every submission)
 * and by the exchange page (before it spends an SMS code): the real name and the resident
 * identity card number.
 *
 * ID numbers (居民身份证号码, GB 11643-1999): 6-digit address code, 8-digit birth date, 3-digit
 * sequence, 1 check character (ISO 7064 MOD 11-2, `X` for 10).
 * The address code is checked only for its province part: old county codes stay valid on cards
 * issued before a re-division, so they cannot be checked against today's GB/T 2260 list.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** Province-level prefixes that appear on resident ID cards (mainland, Taiwan, HK, Macau). */
const PROVINCE_PREFIXES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83,
]);

type IdNumberProblem = 'format' | 'region' | 'birth_date' | 'checksum';

export const ID_PROBLEM_MESSAGES: Record<IdNumberProblem, string> = {
  format: '请输入 18 位身份证号（末位可以是 X）',
  region: '身份证号前两位不是有效的省份代码，请核对',
  birth_date: '身份证号中的出生日期不正确，请核对',
  checksum: '身份证号校验位不正确，请核对是否输错',
};

/** The check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Trims and upper-cases the check character; does not validate. */
export function normalizeIdNumber(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * The first problem of a normalised 18-character number, or null when it is well-formed.
 * `today` (YYYY-MM-DD, Beijing) bounds the birth date.
 */
export function idNumberProblem(id: string, today: string): IdNumberProblem | null {
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  if (!PROVINCE_PREFIXES.has(Number(id.slice(0, 2)))) return 'region';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  const iso = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!real || y < 1900 || iso > today) return 'birth_date';
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return 'checksum';
  return null;
}

/** Beijing date `YYYY-MM-DD` of an instant. */
function beijingDay(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The zh-CN problem with a typed ID number (as a form field shows it), or null when it is well-formed. */
export function idNumberError(raw: string, now: number = Date.now()): string | null {
  const id = normalizeIdNumber(raw);
  if (!id) return '请输入身份证号';
  const problem = idNumberProblem(id, beijingDay(now));
  return problem && ID_PROBLEM_MESSAGES[problem];
}

/** A real name as on the ID card: Han characters or letters, with the middle dot of minority names. */
export const REAL_NAME = {
  min: 2,
  max: 32,
  pattern: /^[\u3400-\u9fff\u00b7\u30fb·A-Za-z ]+$/,
  messages: { short: '请输入真实姓名', long: '姓名太长了', chars: '姓名只能包含汉字、字母和间隔号' },
} as const;

/** The zh-CN problem with a typed real name, or null when it is acceptable. */
export function realNameError(raw: string): string | null {
  const name = raw.trim();
  if (name.length < REAL_NAME.min) return REAL_NAME.messages.short;
  if (name.length > REAL_NAME.max) return REAL_NAME.messages.long;
  if (!REAL_NAME.pattern.test(name)) return REAL_NAME.messages.chars;
  return null;
}

/** Name + ID checks that did not match (不一致 or 查无记录) a member may have per Beijing day. */
export const ID_VERIFY_DAILY_TRIES = 3;

/** The zh-CN words of a refused check: what went wrong, then what is left today. */
export function idTriesLeftText(triesLeft: number): string {
  return triesLeft > 0 ? `今天还可尝试 ${triesLeft} 次` : '今天的次数已用完，明天再试';
}
