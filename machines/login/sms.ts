import { formTab } from './submit';

/**
 * Login by SMS code: mobile + code (the code button is the `smsCode` child) + the agreement ticked —
 * a number without an account is registered as it logs in (登录即注册).
 * - `editing` (#smsEditing)  `user.submit` when both are valid and the agreement is ticked
 * - `submitting`             actor `login` ({ method: 'sms', mobile, code }) → `#succeeded` | editing + `error`
 */
export const smsLogin = formTab('sms', 'smsLoginReady');
