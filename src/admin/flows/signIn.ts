import { fromPromise } from 'xstate';
import { staffSignInMachine, type SignInStep, type VerifyInput } from '../../../machines/staffSignIn';
import { quietConsoleApi } from '../api';

/**
 * The sign-in machine's calls. Quiet: the form shows each refusal itself (one place per error).
 * Not given a signal: a sign-in step the page left settles harmlessly.
 */
export const consoleSignInMachine = staffSignInMachine.provide({
  actors: {
    signIn: fromPromise<SignInStep, { login: string; password: string }>(({ input }) =>
      quietConsoleApi.call('staffSignIn', { body: input }),
    ),
    verify: fromPromise<unknown, VerifyInput>(({ input }) =>
      quietConsoleApi.call('staffSignInVerify', { body: input }),
    ),
  },
});
