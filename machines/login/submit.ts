import { assign } from 'xstate';
import { loginSetup } from './setup';
import type { LoginActorInput, LoginContext, LoginMethod } from './types';

/** Where a login form lands: logged in, with the result saved and handed to the session. */
export const succeeded = loginSetup.createStateConfig({
  id: 'succeeded',
  tags: ['succeeded'],
  entry: { type: 'completeLogin', params: ({ context }) => context.result! },
});

type ReadyGuard = 'smsLoginReady' | 'passwordLoginReady' | 'registerReady' | 'resetReady' | 'bindReady';

/** A form's submit: `user.submit` → `target` once the mode's fields are valid. */
export const submitWhen = (guard: ReadyGuard, target = 'submitting') => ({ 'user.submit': { guard, target } });

const loginInput = (context: LoginContext, method: 'sms' | 'password'): LoginActorInput =>
  method === 'sms'
    ? { method, mobile: context.mobile, code: context.code, agreement: context.agreed, taskHashId: context.taskHashId }
    : { method, mobile: context.mobile, password: context.password, taskHashId: context.taskHashId };

const tabIds: Record<LoginMethod, string> = { sms: 'loginSms', password: 'loginPassword', qrcode: 'loginQrcode' };

/** `user.switchMethod` to another login tab. */
export const switchTo = (...methods: LoginMethod[]) =>
  methods.map((method) => ({
    guard: { type: 'toMethod' as const, params: { method } },
    target: `#${tabIds[method]}`,
  }));

/**
 * A login tab with a form (SMS or password): `editing` → `submitting` (actor `login`) →
 * `#succeeded` | back to `editing` with the message; the other tabs are a switch away.
 * The password tab also has `locked` (see password.ts): a LOGIN_LOCKED refusal counts its wait down.
 */
export const formTab = (method: 'sms' | 'password', guard: 'smsLoginReady' | 'passwordLoginReady') => {
  const otherTabs = switchTo(...(['sms', 'password', 'qrcode'] as const).filter((m) => m !== method));
  const lockable = method === 'password';
  return loginSetup.createStateConfig({
    id: tabIds[method],
    entry: assign({ method, error: null }),
    initial: 'editing',
    states: {
      editing: {
        id: `${method}Editing`,
        on: { ...submitWhen(guard), 'user.switchMethod': otherTabs },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'login',
          src: 'login',
          input: ({ context }) => loginInput(context, method),
          onDone: { target: '#succeeded', actions: 'keepResult' },
          onError: [
            ...(lockable ? [{ guard: 'lockedOut' as const, target: 'locked', actions: 'keepLock' as const }] : []),
            { target: 'editing', actions: 'keepError' },
          ],
        },
      },
      ...(lockable && {
        locked: {
          id: 'passwordLocked',
          tags: ['locked'],
          invoke: { id: 'lockTicker', src: 'lockTicker' },
          exit: assign({ lockSeconds: 0 }),
          on: {
            'lock.tick': [
              { guard: 'moreLockTicks', actions: assign({ lockSeconds: ({ context }) => context.lockSeconds - 1 }) },
              { target: 'editing' },
            ],
            // Another number may not be locked: back to the form (the server says if it is).
            'user.input': { guard: 'editsMobile', target: 'editing', actions: 'setField' },
            'user.switchMethod': otherTabs,
          },
        },
      }),
    },
  });
};
