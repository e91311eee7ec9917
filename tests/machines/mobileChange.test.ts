import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  mobileChangeMachine,
  selectMobileChangeView,
  type ChangeMobileInput,
  type MobileChangeSnapshot,
  type MobileChangeStep,
} from '../../machines/mobileChange';
import { smsCodeMachine, type SendCodeOutput, type SmsCodeRequest } from '../../machines/smsCode';
import { Code } from '../../openapi/codes';
import { isCode, isMobile } from '../../openapi/rules/mobile';
import { answers, describePathTests, type ModelEvent, type Path, type Stubs } from './model';

/**
 * Model-based test of 更换手机号 (verify the old number → enter the new one → done, or the first
 * bind straight to the new number): every state and transition on some path; after each path the
 * panel's props, the requests (which code went where, which ticket was sent) and the refreshes are
 * checked against an oracle worked out from the events alone. The code buttons are `smsCode`
 * children (their own paths: smsCode.test.ts); here a send is only asked for.
 */

const NEW = '13912345678';
const ticket = { verifyTicket: 'vt-1' };
const changed = { mobile: '139****5678' };
const wrongCode = { code: Code.CODE_INVALID, msg: '验证码错误或已失效' };
const ticketGone = { code: Code.VERIFY_TICKET_INVALID, msg: '原手机号验证已失效，请重新验证原手机号' };
const taken = { code: Code.MOBILE_REGISTERED, msg: '该手机号已绑定其他账号' };

const events: ModelEvent[] = [
  { type: 'user.start', hasMobile: true },
  { type: 'user.start', hasMobile: false },
  { type: 'user.input', field: 'code', value: '123456' },
  { type: 'user.input', field: 'code', value: '12' },
  { type: 'user.input', field: 'mobile', value: NEW },
  { type: 'user.input', field: 'mobile', value: '139' },
  { type: 'user.requestCode' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  ...answers('checkOld', [ticket], [wrongCode]),
  ...answers('changeMobile', [changed], [ticketGone, taken]),
];

/** Vertices by what guards and the view can tell apart; raw strings would only multiply them. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as MobileChangeSnapshot).context;
  return JSON.stringify([
    s.value,
    c.hadMobile,
    isCode(c.code),
    isMobile(c.mobile),
    c.verifyTicket !== null,
    c.newMobile !== null,
  ]);
};

/** Independent oracle of the panel and the requests along a path. */
function oracle(steps: Path['steps']) {
  let step: MobileChangeStep = 'idle';
  let had = true;
  let code = '';
  let mobile = '';
  let verifyTicket: string | null = null;
  let newMobile: string | null = null;
  let error: string | null = null;
  // The live button has a send in flight (the stub never answers on these paths).
  let sending = false;
  const sends: SmsCodeRequest[] = [];
  const checks: { code: string }[] = [];
  const changes: ChangeMobileInput[] = [];
  const refreshed: { mobile: string }[] = [];
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { code: number; msg: string } };
    switch (e.type) {
      case 'user.start':
        if (step !== 'idle') break;
        had = e.hasMobile as boolean;
        code = mobile = '';
        verifyTicket = newMobile = error = null;
        sending = false;
        step = had ? 'verifyOld' : 'enterNew';
        break;
      case 'user.input': {
        const ok = (step === 'verifyOld' && e.field === 'code') || step === 'enterNew';
        if (!ok) break;
        if (e.field === 'code') code = e.value as string;
        else mobile = e.value as string;
        error = null;
        break;
      }
      case 'user.requestCode':
        if (sending) break;
        if (step === 'verifyOld') {
          sends.push({ scene: 'change_mobile' });
        } else if (step === 'enterNew' && isMobile(mobile)) {
          sends.push({ scene: 'new_mobile', mobile, ...(verifyTicket ? { verifyTicket } : {}) });
        } else break;
        error = null;
        sending = true;
        break;
      case 'user.submit':
        if (step === 'verifyOld' && isCode(code)) {
          step = 'checkingOld';
          checks.push({ code });
        } else if (step === 'enterNew' && isMobile(mobile) && isCode(code)) {
          step = 'submitting';
          changes.push({ mobile, code, verifyTicket });
        }
        break;
      case 'user.cancel':
        if (step === 'verifyOld' || step === 'enterNew') step = 'idle';
        break;
      case 'user.close':
        if (step === 'done') step = 'idle';
        break;
      case 'xstate.done.actor.checkOld':
        step = 'enterNew';
        verifyTicket = (e.output as typeof ticket).verifyTicket;
        code = '';
        error = null;
        sending = false;
        break;
      case 'xstate.error.actor.checkOld':
        step = 'verifyOld';
        error = e.error!.msg;
        break;
      case 'xstate.done.actor.changeMobile':
        step = 'done';
        newMobile = (e.output as typeof changed).mobile;
        error = null;
        refreshed.push(e.output as typeof changed);
        break;
      case 'xstate.error.actor.changeMobile':
        error = e.error!.msg;
        if (e.error!.code === Code.VERIFY_TICKET_INVALID) {
          step = 'verifyOld';
          verifyTicket = null;
          code = '';
          sending = false;
        } else step = 'enterNew';
        break;
    }
  }
  const editing = step === 'verifyOld' || step === 'enterNew';
  return {
    view: {
      step,
      firstBind: !had,
      code,
      mobile,
      newMobile,
      error,
      busy: step === 'checkingOld' || step === 'submitting',
      countdown: 0,
      sendingCode: sending,
      codeSent: false,
      codeSentTo: null,
      canRequestCode: !sending && (step === 'verifyOld' || (step === 'enterNew' && isMobile(mobile))),
      canSubmit: (step === 'verifyOld' && isCode(code)) || (step === 'enterNew' && isMobile(mobile) && isCode(code)),
      canCancel: editing,
      canClose: step === 'done',
    },
    sends,
    checks,
    changes,
    refreshed,
  };
}

function provideStubs(stubs: Stubs, onChanged: (c: { mobile: string }) => void) {
  return mobileChangeMachine.provide({
    actors: {
      smsCode: smsCodeMachine.provide({ actors: stubs.actors(['sendCode'], ['ticker']) }),
      ...stubs.actors(['checkOld', 'changeMobile']),
    },
    actions: { changed: (_, c) => onChanged(c) },
  });
}

describePathTests({
  name: 'mobileChange machine',
  machine: mobileChangeMachine,
  plans: [{ events, input: { resendSeconds: 2 } }],
  serializeState,
  fromCallback: { 'timer.tick': 'ticker' },
  endStates: ['idle', 'done'],
  async test({ path, stubs, drive }) {
    const refreshed: { mobile: string }[] = [];
    const actor = await drive(provideStubs(stubs, (c) => refreshed.push(c)));
    const snapshot = actor.getSnapshot() as MobileChangeSnapshot;
    const want = oracle(path.steps);
    expect(selectMobileChangeView(snapshot)).toEqual(want.view);
    expect(stubs.inputs.sendCode ?? []).toEqual(want.sends);
    expect(stubs.inputs.checkOld ?? []).toEqual(want.checks);
    expect(stubs.inputs.changeMobile ?? []).toEqual(want.changes);
    expect(refreshed).toEqual(want.refreshed);
    expect(snapshot.hasTag('open')).toBe(want.view.step !== 'idle');
  },
});

describe('mobileChange rules', () => {
  afterEach(() => vi.useRealTimers());

  it('each step has its own button: the new number gets a fresh countdown, not the old one’s', async () => {
    vi.useFakeTimers();
    const sent: SmsCodeRequest[] = [];
    const machine = mobileChangeMachine.provide({
      actors: {
        smsCode: smsCodeMachine.provide({
          actors: {
            sendCode: fromPromise<SendCodeOutput, SmsCodeRequest>(async ({ input }) => {
              sent.push(input);
              return { resendAfter: 60, to: input.mobile ? '139****5678' : '138****0000' };
            }),
          },
        }),
        checkOld: fromPromise(async () => ticket),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'user.start', hasMobile: true });
    actor.send({ type: 'user.requestCode' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectMobileChangeView(actor.getSnapshot())).toMatchObject({
      step: 'verifyOld',
      countdown: 60,
      codeSent: true,
      codeSentTo: '138****0000',
      canRequestCode: false,
    });
    actor.send({ type: 'user.input', field: 'code', value: '123456' });
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectMobileChangeView(actor.getSnapshot())).toMatchObject({
      step: 'enterNew',
      countdown: 0,
      codeSent: false,
      codeSentTo: null,
      code: '',
    });
    expect(vi.getTimerCount()).toBe(0);
    actor.send({ type: 'user.input', field: 'mobile', value: NEW });
    actor.send({ type: 'user.requestCode' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectMobileChangeView(actor.getSnapshot())).toMatchObject({ countdown: 55, codeSentTo: '139****5678' });
    expect(sent).toEqual([{ scene: 'change_mobile' }, { scene: 'new_mobile', mobile: NEW, verifyTicket: 'vt-1' }]);
    actor.stop();
  });

  it('a failed send shows its message where the form’s refusals go', async () => {
    const machine = mobileChangeMachine.provide({
      actors: {
        smsCode: smsCodeMachine.provide({
          actors: {
            sendCode: fromPromise<SendCodeOutput, SmsCodeRequest>(async () => {
              throw { code: Code.MOBILE_REGISTERED, msg: '该手机号已绑定其他账号' };
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'user.start', hasMobile: false });
    actor.send({ type: 'user.input', field: 'mobile', value: NEW });
    actor.send({ type: 'user.requestCode' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectMobileChangeView(actor.getSnapshot())).toMatchObject({
      step: 'enterNew',
      firstBind: true,
      error: '该手机号已绑定其他账号',
      canRequestCode: true,
    });
    actor.stop();
  });
});
