import { assign } from 'xstate';
import { loginSetup } from './setup';
import { submittingLogin, switchTo } from './submit';

/**
 * Login by SMS code: mobile + code (the code button is the `smsCode` child).
 * - `editing`     `user.submit` when both are valid
 * - `submitting`  actor `login` ({ method: 'sms', mobile, code }) → `#succeeded` | editing + `error`
 */
export const smsLogin = loginSetup.createStateConfig({
  id: 'loginSms',
  entry: assign({ method: 'sms', error: null }),
  initial: 'editing',
  states: {
    editing: {
      id: 'smsEditing',
      on: {
        'user.submit': { guard: 'smsLoginReady', target: 'submitting' },
        'user.switchMethod': switchTo('password', 'qrcode'),
      },
    },
    submitting: submittingLogin('sms'),
  },
});
