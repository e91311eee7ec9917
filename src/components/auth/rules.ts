import { useCallback, useState } from 'react';

/**
 * Inline messages of the account forms (zh-CN). Whether a value is acceptable is the login
 * machine's business (its exported predicates back its guards); this only says what to show.
 * A mobile number's message says what is wrong with it: `mobileMessage` (openapi/rules/mobile.ts).
 */
export const FIELD_MESSAGE = {
  code: '请输入 6 位验证码',
  password: '密码需 8–20 位，包含字母和数字',
  passwordMismatch: '两次输入的密码不一致',
  inviteCode: '邀请码为 4–32 位',
  consent: '请先阅读并同意用户协议和隐私政策',
} as const;

/**
 * Which fields the member has left at least once: their inline errors show from then on
 * (not while the first characters are being typed).
 */
export function useTouched<F extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const touch = useCallback((field: F) => {
    setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
  }, []);
  /** The message when `field` was left with a non-empty value that `ok` refuses; else null. */
  const error = useCallback(
    (field: F, value: string, ok: (v: string) => boolean, message: string) =>
      touched.has(field) && value !== '' && !ok(value) ? message : null,
    [touched],
  );
  return { touch, error };
}

/** True from the first render where `condition` held (e.g. "a code was sent": 重新获取 instead of 获取验证码). */
export function useEverTrue(condition: boolean): boolean {
  const [ever, setEver] = useState(condition);
  if (condition && !ever) setEver(true);
  return ever || condition;
}

/** Where to go after login (the `redirect` parameter when it is safe, else /home): the guard's rule. */
export { safeRedirect } from '../../routing/guards';
