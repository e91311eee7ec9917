import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { StaffPassword, TotpCode } from '../openapi/rules/staff';
import { codeOf, errorMessage, notProvided } from './shared';

/**
 * Staff sign-in to the operations console: login name and password → authenticator code. The
 * first sign-in (and the first after a reset) also binds the authenticator (the QR code of
 * `otpauthUri`, and the secret to type in by hand) and sets a new password (StaffPassword of
 * openapi/rules/staff.ts, typed twice).
 *
 * States
 * - `password`   `user.input { field: login | password }`; `user.submit` when both are filled → `checking`.
 * - `checking`   actor `signIn` ({ login, password } → { ticket, totpSetup, mustChangePassword }).
 *                Done → `code`. Error → `password` with the message: wrong credentials as the
 *                server says, a locked account with the minutes left (`data.retryAfter`, seconds).
 * - `code`       `user.input { field: code | newPassword | confirm }`; `user.submit` when the code is
 *                6 digits and (when a new password is asked) it passes the rule and both are alike →
 *                `verifying`; `user.back` → `password` (password cleared).
 * - `verifying`  actor `verify` ({ ticket, code, newPassword? } → the session). Done → `signedIn`,
 *                action `signedIn` (the app stores the token and goes on). Error: the ticket ran out
 *                or was used (STAFF_TICKET_INVALID) or the account locked → `password` with the
 *                message; a wrong or used code (and anything else) → `code`, the code cleared.
 * - `signedIn`   final.
 *
 * Tags: `busy` (checking, verifying).
 */

export interface TotpSetup {
  otpauthUri: string;
  secret: string;
}

export interface SignInStep {
  ticket: string;
  totpSetup: TotpSetup | null;
  mustChangePassword: boolean;
}

export type StaffSignInField = 'login' | 'password' | 'code' | 'newPassword' | 'confirm';

export interface StaffSignInContext {
  login: string;
  password: string;
  code: string;
  newPassword: string;
  confirm: string;
  step: SignInStep | null;
  error: string | null;
}

export type StaffSignInEvent =
  { type: 'user.input'; field: StaffSignInField; value: string } | { type: 'user.submit' } | { type: 'user.back' };

export interface VerifyInput {
  ticket: string;
  code: string;
  newPassword?: string;
}

/** The rule's first message for a new password, or null when it passes. */
export function newPasswordProblem(password: string): string | null {
  const parsed = StaffPassword.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '密码不符合要求');
}

export const isTotpCode = (code: string) => TotpCode.safeParse(code).success;

/** What a refusal says; a lock says how many minutes are left. */
function refusal(error: unknown): string {
  if (codeOf(error) === Code.STAFF_LOCKED) {
    const seconds = (error as { data?: { retryAfter?: unknown } }).data?.retryAfter;
    if (typeof seconds === 'number' && seconds > 0)
      return `错误次数过多，账号已锁定，请 ${Math.ceil(seconds / 60)} 分钟后再试`;
  }
  return errorMessage(error);
}

const backToPassword = (error: unknown) =>
  codeOf(error) === Code.STAFF_TICKET_INVALID || codeOf(error) === Code.STAFF_LOCKED;

const blank = { code: '', newPassword: '', confirm: '' };

export const staffSignInMachine = setup({
  types: {} as {
    context: StaffSignInContext;
    events: StaffSignInEvent;
    tags: 'busy';
  },
  actors: {
    signIn: fromPromise<SignInStep, { login: string; password: string }>(notProvided('staffSignInMachine', 'signIn')),
    verify: fromPromise<unknown, VerifyInput>(notProvided('staffSignInMachine', 'verify')),
  },
  guards: {
    credentialsFilled: ({ context }) => context.login.trim() !== '' && context.password !== '',
    codeReady: ({ context }) =>
      isTotpCode(context.code) &&
      (!context.step?.mustChangePassword ||
        (newPasswordProblem(context.newPassword) === null && context.newPassword === context.confirm)),
    backToPassword: ({ event }) => backToPassword((event as { error?: unknown }).error),
  },
  actions: {
    /** The app stores the session and goes where the staff member was going (provided). */
    signedIn: (_, _session: unknown) => undefined,
    input: assign(({ event }) => (event.type === 'user.input' ? { [event.field]: event.value, error: null } : {})),
  },
}).createMachine({
  id: 'staffSignIn',
  context: { login: '', password: '', ...blank, step: null, error: null },
  initial: 'password',
  states: {
    password: {
      on: {
        'user.input': { actions: 'input' },
        'user.submit': { guard: 'credentialsFilled', target: 'checking' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ login: context.login.trim().toLowerCase(), password: context.password }),
        onDone: { target: 'code', actions: assign(({ event }) => ({ step: event.output, ...blank, error: null })) },
        onError: { target: 'password', actions: assign(({ event }) => ({ error: refusal(event.error) })) },
      },
    },
    code: {
      on: {
        'user.input': { actions: 'input' },
        'user.submit': { guard: 'codeReady', target: 'verifying' },
        'user.back': { target: 'password', actions: assign({ password: '', step: null, error: null, ...blank }) },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({
          ticket: context.step!.ticket,
          code: context.code.trim(),
          ...(context.step!.mustChangePassword ? { newPassword: context.newPassword } : {}),
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'signedIn', params: ({ event }: { event: { output: unknown } }) => event.output },
        },
        onError: [
          {
            guard: 'backToPassword',
            target: 'password',
            actions: assign(({ event }) => ({ error: refusal(event.error), password: '', step: null, ...blank })),
          },
          { target: 'code', actions: assign(({ event }) => ({ error: refusal(event.error), code: '' })) },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});

export type StaffSignInSnapshot = SnapshotFrom<typeof staffSignInMachine>;
export type StaffSignInStepName = 'password' | 'code' | 'signedIn';

/** What the sign-in view needs from the machine. */
export interface StaffSignInViewState {
  step: StaffSignInStepName;
  busy: boolean;
  login: string;
  password: string;
  code: string;
  newPassword: string;
  confirm: string;
  totpSetup: TotpSetup | null;
  mustChangePassword: boolean;
  /** The rule's message for the new password typed so far (null while empty or when it passes). */
  newPasswordProblem: string | null;
  /** The two new passwords differ (once the second is typed). */
  confirmMismatch: boolean;
  canSubmit: boolean;
  error: string | null;
}

export function selectStaffSignIn(snapshot: StaffSignInSnapshot): StaffSignInViewState {
  const c = snapshot.context;
  const step: StaffSignInStepName = snapshot.matches('signedIn')
    ? 'signedIn'
    : snapshot.matches('code') || snapshot.matches('verifying')
      ? 'code'
      : 'password';
  const busy = snapshot.hasTag('busy');
  const mustChangePassword = c.step?.mustChangePassword ?? false;
  return {
    step,
    busy,
    login: c.login,
    password: c.password,
    code: c.code,
    newPassword: c.newPassword,
    confirm: c.confirm,
    totpSetup: c.step?.totpSetup ?? null,
    mustChangePassword,
    newPasswordProblem: mustChangePassword && c.newPassword ? newPasswordProblem(c.newPassword) : null,
    confirmMismatch: mustChangePassword && c.confirm !== '' && c.confirm !== c.newPassword,
    canSubmit: !busy && snapshot.can({ type: 'user.submit' }),
    error: c.error,
  };
}
