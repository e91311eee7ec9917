import { loginSetup } from './setup';
import { submitWhen } from './submit';

/**
 * Registration: mobile + code (+ optional password, invite code) + agreement.
 * - `editing`     `user.submit` when the fields are valid and the agreement is ticked
 * - `submitting`  actor `register` → `#succeeded` | editing + `error`
 */
export const register = loginSetup.createStateConfig({
  initial: 'editing',
  states: {
    editing: { id: 'registerEditing', on: submitWhen('registerReady') },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          mobile: context.mobile,
          code: context.code,
          password: context.password || null,
          inviteCode: context.inviteCode.trim() || null,
          taskHashId: context.taskHashId,
        }),
        onDone: { target: '#succeeded', actions: 'keepResult' },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
  },
});
