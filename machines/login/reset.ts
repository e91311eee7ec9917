import { loginSetup } from './setup';
import { submitWhen } from './submit';

/**
 * Forgot password: mobile + code + new password (twice).
 * - `editing`     `user.submit` when valid and both passwords agree
 * - `submitting`  actor `resetPassword` → `done` | editing + `error`
 * - `done`        the password is reset; every old token is revoked; the member logs in again
 */
export const reset = loginSetup.createStateConfig({
  initial: 'editing',
  states: {
    editing: { id: 'resetEditing', on: submitWhen('resetReady') },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ mobile: context.mobile, code: context.code, password: context.password }),
        onDone: { target: 'done' },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    done: {},
  },
});
