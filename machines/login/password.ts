import { formTab } from './submit';

/**
 * Login by password: mobile + password.
 * - `editing`     `user.submit` when both are valid
 * - `submitting`  actor `login` ({ method: 'password', mobile, password }) → `#succeeded` | editing + `error`
 */
export const passwordLogin = formTab('password', 'passwordLoginReady');
