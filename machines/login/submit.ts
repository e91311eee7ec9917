import type { LoginActorInput, LoginContext } from './types';
import { loginSetup } from './setup';

/** Where a login form lands: logged in, with the result saved and handed to the session. */
export const succeeded = loginSetup.createStateConfig({
  id: 'succeeded',
  tags: ['succeeded'],
  entry: { type: 'completeLogin', params: ({ context }) => context.result! },
});

const loginInput = (context: LoginContext, method: 'sms' | 'password'): LoginActorInput =>
  method === 'sms'
    ? { method, mobile: context.mobile, code: context.code, taskHashId: context.taskHashId }
    : { method, mobile: context.mobile, password: context.password, taskHashId: context.taskHashId };

/** A login tab's submit in flight: actor `login` → `#succeeded` | back to `editing` with the message. */
export const submittingLogin = (method: 'sms' | 'password') =>
  loginSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'login',
      src: 'login',
      input: ({ context }) => loginInput(context, method),
      onDone: { target: '#succeeded', actions: 'keepResult' },
      onError: { target: 'editing', actions: 'keepError' },
    },
  });

/** The first tab's other two tabs: `user.switchMethod` to either leaves this one. */
export const switchTo = (...methods: ('sms' | 'password' | 'qrcode')[]) =>
  methods.map((method) => ({
    guard: { type: 'toMethod' as const, params: { method } },
    target: method === 'sms' ? '#loginSms' : method === 'password' ? '#loginPassword' : '#loginQrcode',
  }));
