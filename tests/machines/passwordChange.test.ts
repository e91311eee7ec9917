import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  passwordChangeMachine,
  selectPasswordChangeView,
  type ChangePasswordInput,
  type PasswordChangeSnapshot,
  type PasswordChangeStep,
  type PasswordMethod,
} from '../../machines/passwordChange';
import { isLoginPassword, isNewPassword } from '../../machines/shared';
import { smsCodeMachine, type SmsCodeRequest } from '../../machines/smsCode';
import { Code } from '../../openapi/codes';
import { isCode } from '../../openapi/rules/mobile';
import { answers, describePathTests, flush, type ModelEvent, type Path, type PathPlan, type Stubs } from './model';

/**
 * Model-based test of 设置 / 修改登录密码 (choose the old password or an SMS code → submit →
 * done): every state and transition on some path, for a member with a password and a mobile, one
 * without a password, and one without a mobile; after each path the panel's props, the requests
 * (the code checked, what the change sent: the old password or the ticket) and the refreshes are
 * checked against an oracle worked out from the events alone.
 */

const wrongOld = { code: Code.OLD_PASSWORD_WRONG, msg: '原密码错误' };
const ticketGone = { code: Code.VERIFY_TICKET_INVALID, msg: '短信验证已失效，请重新获取验证码' };
const wrongCode = { code: Code.CODE_INVALID, msg: '验证码错误或已失效' };

const typing: ModelEvent[] = [
  { type: 'user.input', field: 'password', value: 'bean2030' },
  { type: 'user.input', field: 'confirm', value: 'bean2030' },
  { type: 'user.input', field: 'confirm', value: 'bean2031' },
];
const common: ModelEvent[] = [
  ...typing,
  { type: 'user.requestCode' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  ...answers('verifyCode', [{ verifyTicket: 'vt-1' }], [wrongCode]),
  ...answers('changePassword', [{ ok: true }], [wrongOld, ticketGone]),
];

type Facts = { hasPassword: boolean; hasMobile: boolean };

const plans: PathPlan<undefined>[] = [
  {
    name: 'a password and a mobile',
    events: [
      { type: 'user.start', hasPassword: true, hasMobile: true },
      { type: 'user.switchMethod', method: 'sms' },
      { type: 'user.switchMethod', method: 'old' },
      { type: 'user.input', field: 'oldPassword', value: 'old-pass' },
      { type: 'user.input', field: 'code', value: '123456' },
      ...common,
    ],
  },
  {
    name: 'no password yet',
    events: [
      { type: 'user.start', hasPassword: false, hasMobile: true },
      { type: 'user.switchMethod', method: 'old' },
      { type: 'user.input', field: 'code', value: '123456' },
      ...common,
    ],
  },
  {
    name: 'no mobile',
    events: [
      { type: 'user.start', hasPassword: true, hasMobile: false },
      { type: 'user.start', hasPassword: false, hasMobile: false },
      { type: 'user.switchMethod', method: 'sms' },
      { type: 'user.input', field: 'oldPassword', value: 'old-pass' },
      ...common,
    ],
  },
];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as PasswordChangeSnapshot).context;
  return JSON.stringify([
    s.value,
    c.hasPassword,
    c.hasMobile,
    c.method,
    c.oldPassword !== '',
    isCode(c.code),
    isNewPassword(c.password),
    c.password === c.confirm,
    c.verifyTicket !== null,
  ]);
};

function oracle(steps: Path['steps']) {
  let step: PasswordChangeStep = 'idle';
  let facts: Facts = { hasPassword: false, hasMobile: false };
  let method: PasswordMethod = 'sms';
  const f = { oldPassword: '', code: '', password: '', confirm: '' };
  let verifyTicket: string | null = null;
  let error: string | null = null;
  let sending = false;
  const sends: SmsCodeRequest[] = [];
  const verifies: { code: string }[] = [];
  const changes: ChangePasswordInput[] = [];
  let refreshed = 0;
  const ready = () =>
    isNewPassword(f.password) &&
    f.password === f.confirm &&
    (method === 'old' ? isLoginPassword(f.oldPassword) : verifyTicket !== null || isCode(f.code));
  const submit = () => {
    step = 'submitting';
    changes.push(
      method === 'sms'
        ? { password: f.password, verifyTicket: verifyTicket! }
        : { password: f.password, oldPassword: f.oldPassword },
    );
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { code: number; msg: string } };
    switch (e.type) {
      case 'user.start':
        if (step !== 'idle') break;
        facts = { hasPassword: e.hasPassword as boolean, hasMobile: e.hasMobile as boolean };
        if (!facts.hasPassword && !facts.hasMobile) break;
        Object.assign(f, { oldPassword: '', code: '', password: '', confirm: '' });
        verifyTicket = error = null;
        sending = false;
        method = facts.hasPassword ? 'old' : 'sms';
        step = 'editing';
        break;
      case 'user.switchMethod': {
        const to = e.method as PasswordMethod;
        if (step !== 'editing' || to === method) break;
        if (to === 'old' ? !facts.hasPassword : !facts.hasMobile) break;
        method = to;
        error = null;
        break;
      }
      case 'user.input':
        if (step !== 'editing') break;
        f[e.field as keyof typeof f] = e.value as string;
        if (e.field === 'code') verifyTicket = null;
        error = null;
        break;
      case 'user.requestCode':
        if (step !== 'editing' || method !== 'sms' || sending) break;
        sends.push({ scene: 'change_password' });
        sending = true;
        error = null;
        break;
      case 'user.submit':
        if (step !== 'editing' || !ready()) break;
        if (method === 'sms' && verifyTicket === null) {
          step = 'verifying';
          verifies.push({ code: f.code });
        } else submit();
        break;
      case 'user.cancel':
        if (step === 'editing') step = 'idle';
        break;
      case 'user.close':
        if (step === 'done') step = 'idle';
        break;
      case 'xstate.done.actor.verifyCode':
        verifyTicket = (e.output as { verifyTicket: string }).verifyTicket;
        submit();
        break;
      case 'xstate.error.actor.verifyCode':
        step = 'editing';
        error = e.error!.msg;
        break;
      case 'xstate.done.actor.changePassword':
        step = 'done';
        error = null;
        refreshed += 1;
        break;
      case 'xstate.error.actor.changePassword':
        step = 'editing';
        error = e.error!.msg;
        if (e.error!.code === Code.VERIFY_TICKET_INVALID) {
          verifyTicket = null;
          f.code = '';
        }
        break;
    }
  }
  const other = method === 'old' ? 'sms' : 'old';
  // `submit()` moves the step too, out of the flow analysis' sight.
  step = step as PasswordChangeStep;
  return {
    view: {
      step,
      firstPassword: !facts.hasPassword,
      method,
      canSwitchMethod: step === 'editing' && (other === 'old' ? facts.hasPassword : facts.hasMobile),
      ...f,
      error,
      busy: step === 'verifying' || step === 'submitting',
      countdown: 0,
      sendingCode: sending,
      codeSent: false,
      codeSentTo: null,
      canRequestCode: step === 'editing' && method === 'sms' && !sending,
      canSubmit: step === 'editing' && ready(),
      canCancel: step === 'editing',
      canClose: step === 'done',
    },
    sends,
    verifies,
    changes,
    refreshed,
  };
}

function provideStubs(stubs: Stubs, onChanged: () => void) {
  return passwordChangeMachine.provide({
    actors: {
      smsCode: smsCodeMachine.provide({ actors: stubs.actors(['sendCode'], ['ticker']) }),
      ...stubs.actors(['verifyCode', 'changePassword']),
    },
    actions: { changed: onChanged },
  });
}

describePathTests({
  name: 'passwordChange machine',
  machine: passwordChangeMachine,
  plans,
  serializeState,
  fromCallback: { 'timer.tick': 'ticker' },
  endStates: ['idle', 'done'],
  async test({ path, stubs, drive }) {
    let refreshed = 0;
    const actor = await drive(provideStubs(stubs, () => void (refreshed += 1)));
    const snapshot = actor.getSnapshot() as PasswordChangeSnapshot;
    const want = oracle(path.steps);
    const view = selectPasswordChangeView(snapshot);
    // The view's firstPassword only means something once started.
    expect({ ...view, firstPassword: view.step === 'idle' ? null : view.firstPassword }).toEqual({
      ...want.view,
      firstPassword: want.view.step === 'idle' ? null : want.view.firstPassword,
    });
    expect(stubs.inputs.sendCode ?? []).toEqual(want.sends);
    expect(stubs.inputs.verifyCode ?? []).toEqual(want.verifies);
    expect(stubs.inputs.changePassword ?? []).toEqual(want.changes);
    expect(refreshed).toBe(want.refreshed);
  },
});

describe('passwordChange rules', () => {
  it('a ticket bought is reused by the retry of a failed change; a new code drops it', async () => {
    const verified: string[] = [];
    const sent: ChangePasswordInput[] = [];
    let fail = true;
    const actor = createActor(
      passwordChangeMachine.provide({
        actors: {
          verifyCode: fromPromise(async ({ input }: { input: { code: string } }) => {
            verified.push(input.code);
            return { verifyTicket: `vt-${verified.length}` };
          }),
          changePassword: fromPromise<unknown, ChangePasswordInput>(async ({ input }) => {
            sent.push(input);
            if (fail) throw { code: 0, msg: '' };
            return { ok: true };
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'user.start', hasPassword: false, hasMobile: true });
    for (const [field, value] of [
      ['code', '123456'],
      ['password', 'bean2030'],
      ['confirm', 'bean2030'],
    ] as const)
      actor.send({ type: 'user.input', field, value });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(selectPasswordChangeView(actor.getSnapshot())).toMatchObject({
      step: 'editing',
      error: '网络错误，请稍后重试',
    });
    fail = false;
    actor.send({ type: 'user.submit' });
    await flush();
    expect(verified).toEqual(['123456']);
    expect(sent).toEqual([
      { password: 'bean2030', verifyTicket: 'vt-1' },
      { password: 'bean2030', verifyTicket: 'vt-1' },
    ]);
    expect(selectPasswordChangeView(actor.getSnapshot()).step).toBe('done');
    actor.stop();
  });

  it('without a password and a mobile there is no way to prove it: the panel does not open', () => {
    const actor = createActor(passwordChangeMachine, { input: {} }).start();
    actor.send({ type: 'user.start', hasPassword: false, hasMobile: false });
    expect(selectPasswordChangeView(actor.getSnapshot()).step).toBe('idle');
    actor.stop();
  });
});
