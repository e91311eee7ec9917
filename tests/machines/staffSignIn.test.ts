import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  newPasswordProblem,
  selectStaffSignIn,
  staffSignInMachine,
  type SignInStep,
  type StaffSignInSnapshot,
} from '../../machines/staffSignIn';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the console's sign-in (password → authenticator code, the first sign-in's
 * QR code and new password): every state and transition on some path; after each path the view's
 * props and the calls are checked against an oracle worked out from the events.
 */

const bound: SignInStep = { ticket: 't-bound', totpSetup: null, mustChangePassword: false };
const first: SignInStep = {
  ticket: 't-first',
  totpSetup: { otpauthUri: 'otpauth://totp/weidou:xiaolin?secret=ABC', secret: 'ABC' },
  mustChangePassword: true,
};
const wrong = { code: Code.STAFF_WRONG_CREDENTIALS, msg: '登录名或密码错误' };
const locked = { code: Code.STAFF_LOCKED, msg: '错误次数过多，账号已锁定 15 分钟', data: { retryAfter: 600 } };
const ticketGone = { code: Code.STAFF_TICKET_INVALID, msg: '登录已超时，请重新输入登录名和密码' };
const badCode = { code: Code.TOTP_WRONG, msg: '动态验证码错误或已使用过，请等下一个验证码' };
const session = { token: 'staff-token', staff: { login: 'demo.admin' } };

const input = (field: string, value: string): ModelEvent => ({ type: 'user.input', field, value });
const NEW = 'weidou-new-2031';

const events: ModelEvent[] = [
  input('login', 'Demo.Admin'),
  input('password', 'weidou-admin-2030'),
  input('code', '123456'),
  input('newPassword', NEW),
  input('newPassword', 'short'),
  input('confirm', NEW),
  { type: 'user.submit' },
  { type: 'user.back' },
  ...answers('signIn', [bound, first], [wrong, locked]),
  ...answers('verify', [session], [ticketGone, badCode, locked]),
];

/** A vertex is what the guards and the view read: which fields pass, which step, whether an error shows. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as StaffSignInSnapshot).context;
  return JSON.stringify([
    s.value,
    c.login !== '',
    c.password !== '',
    c.code !== '',
    c.newPassword === NEW ? 'ok' : c.newPassword ? 'weak' : '',
    c.confirm === c.newPassword,
    c.step?.ticket ?? null,
    c.error !== null,
  ]);
};

const lockedMsg = '错误次数过多，账号已锁定，请 10 分钟后再试';

function oracle(steps: Path['steps']) {
  const c = { login: '', password: '', code: '', newPassword: '', confirm: '' };
  let state: 'password' | 'checking' | 'code' | 'verifying' | 'signedIn' = 'password';
  let step: SignInStep | null = null;
  let error: string | null = null;
  const signInCalls: unknown[] = [];
  const verifyCalls: unknown[] = [];
  let signedIn: unknown = null;
  const clearCode = () => Object.assign(c, { code: '', newPassword: '', confirm: '' });
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.input':
        if (state === 'password' || state === 'code') {
          (c as Record<string, string>)[event.field as string] = event.value as string;
          error = null;
        }
        break;
      case 'user.submit':
        if (state === 'password' && c.login && c.password) {
          state = 'checking';
          signInCalls.push({ login: c.login.toLowerCase(), password: c.password });
        } else if (
          state === 'code' &&
          /^\d{6}$/.test(c.code) &&
          (!step!.mustChangePassword || (newPasswordProblem(c.newPassword) === null && c.newPassword === c.confirm))
        ) {
          state = 'verifying';
          verifyCalls.push({
            ticket: step!.ticket,
            code: c.code,
            ...(step!.mustChangePassword ? { newPassword: c.newPassword } : {}),
          });
        }
        break;
      case 'user.back':
        if (state === 'code') {
          state = 'password';
          c.password = '';
          clearCode();
          step = null;
          error = null;
        }
        break;
      case 'xstate.done.actor.signIn':
        state = 'code';
        step = event.output as SignInStep;
        clearCode();
        error = null;
        break;
      case 'xstate.error.actor.signIn': {
        state = 'password';
        const e = event.error as { code: number; msg: string };
        error = e.code === Code.STAFF_LOCKED ? lockedMsg : e.msg;
        break;
      }
      case 'xstate.done.actor.verify':
        state = 'signedIn';
        signedIn = event.output;
        break;
      case 'xstate.error.actor.verify': {
        const e = event.error as { code: number; msg: string };
        error = e.code === Code.STAFF_LOCKED ? lockedMsg : e.msg;
        if (e.code === Code.STAFF_TICKET_INVALID || e.code === Code.STAFF_LOCKED) {
          state = 'password';
          c.password = '';
          clearCode();
          step = null;
        } else {
          state = 'code';
          c.code = '';
        }
        break;
      }
    }
  }
  return { c, state, step, error, signInCalls, verifyCalls, signedIn };
}

describePathTests({
  name: 'staffSignIn machine',
  machine: staffSignInMachine,
  plans: [{ events }],
  serializeState,
  label: (e) =>
    e.type.startsWith('xstate.error') ? String((e as unknown as { error: { code: number } }).error.code) : undefined,
  endStates: ['password', 'checking', 'code', 'verifying', 'signedIn'],
  async test({ path, stubs, drive }) {
    let signedIn: unknown = null;
    const actor = await drive(
      staffSignInMachine.provide({
        actors: stubs.actors(['signIn', 'verify']),
        actions: { signedIn: (_, params) => void (signedIn = params) },
      }),
    );
    const snapshot = actor.getSnapshot() as StaffSignInSnapshot;
    const want = oracle(path.steps);
    expect(snapshot.value).toBe(want.state);
    const view = selectStaffSignIn(snapshot);
    expect(view).toMatchObject({
      step: want.state === 'checking' ? 'password' : want.state === 'verifying' ? 'code' : want.state,
      busy: want.state === 'checking' || want.state === 'verifying',
      ...want.c,
      totpSetup: want.step?.totpSetup ?? null,
      mustChangePassword: want.step?.mustChangePassword ?? false,
      error: want.error,
    });
    expect(stubs.inputs.signIn ?? []).toEqual(want.signInCalls);
    expect(stubs.inputs.verify ?? []).toEqual(want.verifyCalls);
    expect(signedIn).toEqual(want.signedIn);
  },
});
