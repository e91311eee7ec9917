/**
 * Client-only input rules: the machines' guards (views ask `state.can`, never these). The mobile
 * and code formats are the server's too, so they are the contract's (openapi/rules/mobile.ts).
 */
export { isCode, isMobile } from '../../openapi/rules/mobile';

/** A new password: 8–20 printable characters with at least one letter and one digit. */
export const NEW_PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const isNewPassword = (v: string) => NEW_PASSWORD_RE.test(v);
/** A login password: anything from 1 to 64 characters (the contract's bounds). */
export const isLoginPassword = (v: string) => v.length >= 1 && v.length <= 64;
/** An invite code is optional; when given, 4–32 characters. */
export const isInviteCodeOk = (v: string) => v.trim() === '' || (v.trim().length >= 4 && v.trim().length <= 32);
