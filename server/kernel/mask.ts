/** Masking for what a member may see of other people's (or their own stored) contact data. */

export function maskMobile(mobile: string | null): string | null {
  return mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : null;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 1) return '***';
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}

/** 张三丰 → 张*丰, 小明 → 小*, 微豆用户1234 → 微***4. */
export function maskNickname(nickname: string): string {
  const chars = [...nickname];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  if (chars.length === 3) return `${chars[0]}*${chars[2]}`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
