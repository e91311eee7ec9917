/**
 * Client-only input rules: the machines' guards (views ask `state.can`, never these).
 * The mobile and code patterns are also the server's; they live here until the contract holds them.
 */

export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const CODE_RE = /^\d{6}$/;
/** A new password: 8–20 printable characters with at least one letter and one digit. */
export const NEW_PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const isMobile = (v: string) => MOBILE_RE.test(v);
export const isCode = (v: string) => CODE_RE.test(v);
export const isNewPassword = (v: string) => NEW_PASSWORD_RE.test(v);
/** A login password: anything from 1 to 64 characters (the contract's bounds). */
export const isLoginPassword = (v: string) => v.length >= 1 && v.length <= 64;
/** An invite code is optional; when given, 4–32 characters. */
export const isInviteCodeOk = (v: string) => v.trim() === '' || (v.trim().length >= 4 && v.trim().length <= 32);
