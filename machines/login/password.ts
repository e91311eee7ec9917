import { formTab } from './submit';

/**
 * Login by password: mobile + password.
 * - `editing`     `user.submit` when both are valid
 * - `submitting`  actor `login` ({ method: 'password', mobile, password }) → `#succeeded` |
 *                 `locked` (LOGIN_LOCKED with `retryAfter`) | editing + `error` (a wrong password
 *                 says the tries left from the third: the server's message)
 * - `locked`      (#passwordLocked) no submit; `lockSeconds` counts the server's wait down (actor
 *                 `lockTicker`, `lock.tick` every second) → editing at 0. Typing another mobile goes
 *                 back to editing; `user.switchMethod` (短信登录, the mobile kept) is offered.
 */
export const passwordLogin = formTab('password', 'passwordLoginReady');
