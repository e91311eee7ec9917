import { formTab } from './submit';

/**
 * Login by SMS code: mobile + code (the code button is the `smsCode` child).
 * - `editing` (#smsEditing)  `user.submit` when both are valid
 * - `submitting`             actor `login` ({ method: 'sms', mobile, code }) → `#succeeded` | editing + `error`
 */
export const smsLogin = formTab('sms', 'smsLoginReady');
