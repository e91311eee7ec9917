/**
 * A mainland mobile number and the SMS code sent to it: the formats the server, the contract and
 * the forms share.
 */

/** A mobile number as the contract and the server take it: 11 digits starting with 1. */
export const MOBILE_RE = /^1\d{10}$/;

/** An SMS verification code: 6 digits. */
export const SMS_CODE_RE = /^\d{6}$/;

/**
 * Whether a sign-in form may send a code to this number: stricter than MOBILE_RE (the second
 * digit is 3–9, as carriers issue them), so no SMS is spent on a mistyped number.
 */
export const isMobile = (v: string) => /^1[3-9]\d{9}$/.test(v);

/**
 * What is wrong with a value refused as a mobile number (by MOBILE_RE or `isMobile`), in zh-CN:
 * too short or too long, or 11 digits with a prefix no carrier issues (not 13–19).
 */
export function mobileMessage(v: string): string {
  return /^\d{11}$/.test(v) ? '手机号格式不正确，应以 13–19 开头' : '请输入 11 位手机号';
}

/** Whether a typed SMS code has the right form (6 digits). */
export const isCode = (v: string) => SMS_CODE_RE.test(v);
