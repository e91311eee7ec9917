import { assign } from 'xstate';
import { loginSetup } from './setup';
import { submittingLogin, switchTo } from './submit';

/**
 * Login by password: mobile + password.
 * - `editing`     `user.submit` when both are valid
 * - `submitting`  actor `login` ({ method: 'password', mobile, password }) → `#succeeded` | editing + `error`
 */
export const passwordLogin = loginSetup.createStateConfig({
  id: 'loginPassword',
  entry: assign({ method: 'password', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.submit': { guard: 'passwordLoginReady', target: 'submitting' },
        'user.switchMethod': switchTo('sms', 'qrcode'),
      },
    },
    submitting: submittingLogin('password'),
  },
});
