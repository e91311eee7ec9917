import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  emailBindMachine,
  selectEmailBindView,
  type EmailBindSnapshot,
  type EmailBindStep,
} from '../../machines/emailBind';
import { smsCodeMachine, type SendCodeOutput, type SmsCodeRequest } from '../../machines/smsCode';
import { Code } from '../../openapi/codes';
import { isEmail } from '../../openapi/rules/email';
import { isCode } from '../../openapi/rules/mobile';
import { answers, describePathTests, flush, type ModelEvent, type Path, type Stubs } from './model';

/**
 * Model-based test of 绑定邮箱 (send a code to the address → submit → done): every state and
 * transition on some path; after each path the panel's props, the requests and the refreshes are
 * checked against an oracle worked out from the events alone.
 */

const EMAIL = 'bean@example.com';
const bound = { email: 'be***@example.com' };
const taken = { code: Code.EMAIL_TAKEN, msg: '该邮箱已绑定其他账号' };

const events: ModelEvent[] = [
  { type: 'user.start' },
  { type: 'user.input', field: 'email', value: EMAIL },
  { type: 'user.input', field: 'email', value: 'bean@' },
  { type: 'user.input', field: 'code', value: '123456' },
  { type: 'user.input', field: 'code', value: '12' },
  { type: 'user.requestCode' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  ...answers('bindEmail', [bound], [taken]),
];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as EmailBindSnapshot).context;
  return JSON.stringify([s.value, isEmail(c.email), isCode(c.code), c.boundEmail !== null]);
};

function oracle(steps: Path['steps']) {
  let step: EmailBindStep = 'idle';
  let email = '';
  let code = '';
  let boundEmail: string | null = null;
  let error: string | null = null;
  let sending = false;
  const sends: SmsCodeRequest[] = [];
  const binds: { email: string; code: string }[] = [];
  let refreshed = 0;
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { msg: string } };
    switch (e.type) {
      case 'user.start':
        if (step !== 'idle') break;
        email = code = '';
        boundEmail = error = null;
        sending = false;
        step = 'editing';
        break;
      case 'user.input':
        if (step !== 'editing') break;
        if (e.field === 'email') email = e.value as string;
        else code = e.value as string;
        error = null;
        break;
      case 'user.requestCode':
        if (step !== 'editing' || sending || !isEmail(email)) break;
        sends.push({ scene: 'email_bind', email });
        sending = true;
        error = null;
        break;
      case 'user.submit':
        if (step !== 'editing' || !isEmail(email) || !isCode(code)) break;
        step = 'submitting';
        binds.push({ email, code });
        break;
      case 'user.cancel':
        if (step === 'editing') step = 'idle';
        break;
      case 'user.close':
        if (step === 'done') step = 'idle';
        break;
      case 'xstate.done.actor.bindEmail':
        step = 'done';
        boundEmail = (e.output as typeof bound).email;
        error = null;
        refreshed += 1;
        break;
      case 'xstate.error.actor.bindEmail':
        step = 'editing';
        error = e.error!.msg;
        break;
    }
  }
  return {
    view: {
      step,
      email,
      code,
      boundEmail,
      error,
      busy: step === 'submitting',
      countdown: 0,
      sendingCode: sending,
      codeSent: false,
      codeSentTo: null,
      canRequestCode: step === 'editing' && !sending && isEmail(email),
      canSubmit: step === 'editing' && isEmail(email) && isCode(code),
      canCancel: step === 'editing',
      canClose: step === 'done',
    },
    sends,
    binds,
    refreshed,
  };
}

function provideStubs(stubs: Stubs, onChanged: () => void) {
  return emailBindMachine.provide({
    actors: {
      smsCode: smsCodeMachine.provide({ actors: stubs.actors(['sendCode'], ['ticker']) }),
      ...stubs.actors(['bindEmail']),
    },
    actions: { changed: onChanged },
  });
}

describePathTests({
  name: 'emailBind machine',
  machine: emailBindMachine,
  plans: [{ events, input: { resendSeconds: 2 } }],
  serializeState,
  fromCallback: { 'timer.tick': 'ticker' },
  endStates: ['idle', 'done'],
  async test({ path, stubs, drive }) {
    let refreshed = 0;
    const actor = await drive(provideStubs(stubs, () => void (refreshed += 1)));
    const want = oracle(path.steps);
    expect(selectEmailBindView(actor.getSnapshot() as EmailBindSnapshot)).toEqual(want.view);
    expect(stubs.inputs.sendCode ?? []).toEqual(want.sends);
    expect(stubs.inputs.bindEmail ?? []).toEqual(want.binds);
    expect(refreshed).toBe(want.refreshed);
  },
});

describe('emailBind rules', () => {
  it('the code goes to the address as typed without its spaces, and says where it went', async () => {
    const sent: SmsCodeRequest[] = [];
    const actor = createActor(
      emailBindMachine.provide({
        actors: {
          smsCode: smsCodeMachine.provide({
            actors: {
              sendCode: fromPromise<SendCodeOutput, SmsCodeRequest>(async ({ input }) => {
                sent.push(input);
                return { resendAfter: 60, to: 'be***@example.com' };
              }),
            },
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.input', field: 'email', value: ` ${EMAIL} ` });
    actor.send({ type: 'user.requestCode' });
    await flush();
    expect(sent).toEqual([{ scene: 'email_bind', email: EMAIL }]);
    expect(selectEmailBindView(actor.getSnapshot())).toMatchObject({
      countdown: 60,
      codeSent: true,
      codeSentTo: 'be***@example.com',
      canRequestCode: false,
    });
    actor.stop();
  });
});
