/**
 * How identity values are shown back to members: masked. (The checks of an ID number are the
 * contract's, openapi/rules/identity.ts, shared with the client.)
 */

/** `110101199003071234` → `110***********1234` (first 3, last 4). */
export function maskIdNumber(id: string): string {
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

/** `张三` → `张*`, `欧阳娜娜` → `欧***`. Works on code points, not UTF-16 units. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}
