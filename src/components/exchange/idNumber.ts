/**
 * Client-side check of a resident ID number (居民身份证号码, GB 11643-1999), the same rules the
 * server applies (server/modules/identity/idcard.ts): 18 characters, a province prefix, a real
 * birth date not in the future, and the ISO 7064 MOD 11-2 check character. The server checks
 * again; this only saves the member a round trip and an SMS code.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';
const PROVINCE_PREFIXES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83,
]);

export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Beijing date `YYYY-MM-DD` of an instant. */
function beijingDay(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The zh-CN problem with an ID number, or null when it is well-formed. */
export function idNumberError(raw: string, now: number = Date.now()): string | null {
  const id = raw.trim().toUpperCase();
  if (!id) return '请输入身份证号';
  if (!/^\d{17}[\dX]$/.test(id)) return '请输入 18 位身份证号（末位可以是 X）';
  if (!PROVINCE_PREFIXES.has(Number(id.slice(0, 2)))) return '身份证号前两位不是有效的省份代码，请核对';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  const iso = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!real || y < 1900 || iso > beijingDay(now)) return '身份证号中的出生日期不正确，请核对';
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return '身份证号校验位不正确，请核对是否输错';
  return null;
}

/** The same rule as the contract's IdVerifyBody.realName. */
export function realNameError(raw: string): string | null {
  const name = raw.trim();
  if (name.length < 2) return '请输入真实姓名';
  if (name.length > 32) return '姓名太长了';
  if (!/^[\u3400-\u9fff\u00b7\u30fb·A-Za-z ]+$/.test(name)) return '姓名只能包含汉字、字母和间隔号';
  return null;
}
