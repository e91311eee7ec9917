import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  createQrPoller,
  isInviteCodeOk,
  isLoginPassword,
  isNewPassword,
  loginMachine,
  selectLoginView,
  type BindTicket,
  type LoginActorInput,
  type LoginInput,
  type LoginResult,
  type LoginSnapshot,
  type QrTicket,
} from '../../machines/login';
import { isCode, isMobile } from '../../openapi/rules/mobile';
import { smsCodeMachine } from '../../machines/smsCode';
import { answers, Stubs, describePathTests, flush, type ModelEvent, type Path, type PathPlan } from './model';

/**
 * Model-based test of the login machine (DESIGN §6) in each of its modes, then the countdown
 * (fake timers), QR polling cleanup and the input rules.
 */

const MOBILE = '13812345678';
const result: LoginResult = {
  token: 't',
  refreshToken: 'r',
  expired: 1,
  member: { id: 1, memberCode: 'M1', nickname: '小明', avatar: null, mobile: '138****5678', registeredAt: 1 },
  isNew: false,
  focus: null,
};
const qr: QrTicket = { ticket: 'qr-1', url: 'https://example.com/qr/qr-1', expiredAt: 2, pollInterval: 2000 };
const bindTicket: BindTicket = {
  status: 'bind',
  bindTicket: 'bt-1',
  platform: 1,
  nickname: '微信用户',
  avatar: null,
  expiredAt: 3,
};
const apiError = { code: 1001, msg: '验证码错误' };
/** LOGIN_LOCKED with its wait (2 s keeps the paths short). */
const lockedError = { code: 1107, msg: '登录失败次数过多，请 1 分钟后再试', data: { retryAfter: 2 } };

const typing: ModelEvent[] = [
  { type: 'user.input', field: 'mobile', value: MOBILE },
  { type: 'user.input', field: 'mobile', value: '138' },
  { type: 'user.input', field: 'code', value: '123456' },
];
/** The code button is the `smsCode` child (its own paths: smsCode.test.ts); here it is only asked. */
const codeEvents: ModelEvent[] = [{ type: 'user.requestCode' }, { type: 'user.submit' }];

const models: PathPlan<LoginInput>[] = [
  {
    name: 'login',
    input: { mode: 'login', resendSeconds: 2 },
    events: [
      ...typing,
      // SMS login registers a new number (登录即注册): it needs the agreement ticked.
      { type: 'user.agree', agreed: true },
      { type: 'user.input', field: 'password', value: 'secret-1' },
      ...codeEvents,
      { type: 'user.switchMethod', method: 'sms' },
      { type: 'user.switchMethod', method: 'password' },
      { type: 'user.switchMethod', method: 'qrcode' },
      { type: 'user.refreshQr' },
      { type: 'qr.status', status: 'waiting', login: null },
      { type: 'qr.status', status: 'scanned', login: null },
      { type: 'qr.status', status: 'confirmed', login: result },
      { type: 'qr.status', status: 'refused', login: null },
      { type: 'qr.status', status: 'expired', login: null },
      ...answers('login', [result], [apiError]),
      ...answers('fetchQr', [qr], [{ code: 500, msg: '' }]),
    ],
  },
  // The other first tabs: only the initial choice differs.
  { name: 'login, password first', input: { mode: 'login', method: 'password' }, events: [] },
  {
    name: 'login, password locked',
    input: { mode: 'login', method: 'password' },
    events: [
      { type: 'user.input', field: 'mobile', value: MOBILE },
      { type: 'user.input', field: 'password', value: 'secret-1' },
      { type: 'user.submit' },
      { type: 'lock.tick' },
      { type: 'user.switchMethod', method: 'sms' },
      { type: 'user.switchMethod', method: 'qrcode' },
      ...answers('login', [], [apiError, lockedError]),
    ],
  },
  { name: 'login, QR first', input: { mode: 'login', method: 'qrcode' }, events: [] },
  {
    name: 'register',
    input: { mode: 'register', resendSeconds: 2 },
    events: [
      ...typing,
      ...codeEvents,
      { type: 'user.agree', agreed: true },
      { type: 'user.input', field: 'inviteCode', value: 'A1' },
      ...answers('register', [{ ...result, isNew: true }], [apiError]),
    ],
  },
  {
    name: 'reset',
    input: { mode: 'reset', resendSeconds: 1 },
    events: [
      ...typing,
      ...codeEvents,
      { type: 'user.input', field: 'password', value: 'newpass12' },
      { type: 'user.input', field: 'passwordConfirm', value: 'newpass12' },
      ...answers('resetPassword', [{}], [apiError]),
    ],
  },
  {
    name: 'social callback',
    input: { mode: 'callback', resendSeconds: 1, callback: { platform: 'wechat', code: 'c', state: 's' } },
    events: [
      ...typing,
      ...codeEvents,
      { type: 'user.chooseBind', choice: 'register' },
      { type: 'user.chooseBind', choice: 'bind' },
      { type: 'user.agree', agreed: true },
      ...answers(
        'exchangeCallback',
        [{ ...result, status: 'login' }, bindTicket],
        [{ code: 1003, msg: '授权已过期，请重新登录' }],
      ),
      ...answers('bind', [result], [apiError]),
    ],
  },
];

/** Vertices by what a view can show; raw strings would only multiply them. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as LoginSnapshot).context;
  return JSON.stringify([
    s.value,
    isMobile(c.mobile),
    isCode(c.code),
    c.password !== '',
    c.password === c.passwordConfirm,
    c.agreed,
    c.inviteCode,
    c.ticks,
    c.bindChoice,
    c.lockSeconds,
  ]);
};

/** Independent oracle of the fields, the countdown and the last error along a path. */
function oracle(input: LoginInput, steps: Path['steps']) {
  const f = {
    mobile: '',
    code: '',
    password: '',
    passwordConfirm: '',
    inviteCode: input.inviteCode ?? '',
    agreed: false,
  };
  // No send completes on these paths (the child's own test covers its countdown).
  const ticks = 0;
  let error: string | null = null;
  let bindChoice: 'bind' | 'register' = 'bind';
  let completed = 0;
  // The password lock's seconds: set by LOGIN_LOCKED on the password form, then ticked down.
  let lock = 0;
  steps.forEach(({ event }, i) => {
    const before = i > 0 ? JSON.stringify(steps[i - 1]!.state.value) : '';
    const wasLocked = before.includes('"password":"locked"');
    switch (event.type) {
      case 'user.input':
        f[event.field as 'mobile'] = event.value as string;
        error = null;
        if (wasLocked && event.field === 'mobile') lock = 0;
        break;
      case 'lock.tick':
        lock -= 1;
        break;
      case 'user.agree':
        f.agreed = event.agreed as boolean;
        error = null;
        break;
      case 'user.chooseBind':
        bindChoice = event.choice as 'bind';
        error = null;
        break;
      case 'user.switchMethod':
        error = null;
        lock = 0;
        break;
      case 'user.refreshQr':
      case 'user.requestCode':
        error = null;
        break;
      case 'xstate.done.actor.login':
      case 'xstate.done.actor.register':
      case 'xstate.done.actor.bind':
        completed++;
        break;
      case 'xstate.done.actor.exchangeCallback':
        if ((event.output as { status: string }).status === 'login') completed++;
        break;
      case 'qr.status':
        if (event.status === 'confirmed') completed++;
        break;
      default:
        if (event.error === lockedError && before.includes('"password":"submitting"')) {
          lock = lockedError.data.retryAfter;
          error = null;
        } else if (event.type.startsWith('xstate.error.actor.'))
          error = (event.error as { msg: string }).msg || '网络错误，请稍后重试';
    }
  });
  return { f, ticks, error, bindChoice, completed, lock };
}

function provideStubs(stubs: Stubs, completeLogin: (r: LoginResult) => void) {
  return loginMachine.provide({
    actors: {
      smsCode: smsCodeMachine.provide({
        actors: stubs.actors(['sendCode'], ['ticker']),
      }),
      ...stubs.actors(
        ['login', 'register', 'resetPassword', 'fetchQr', 'exchangeCallback', 'bind'],
        ['pollQr', 'lockTicker'],
      ),
    },
    actions: { completeLogin: (_, r) => completeLogin(r) },
  });
}

describePathTests({
  name: 'login machine',
  machine: loginMachine,
  plans: models,
  serializeState,
  fromCallback: { 'qr.status': 'pollQr', 'timer.tick': 'ticker', 'lock.tick': 'lockTicker' },
  async test({ path, input, stubs, drive }) {
    const completeLogin = vi.fn();
    const actor = await drive(provideStubs(stubs, completeLogin));
    const snapshot = actor.getSnapshot() as LoginSnapshot;
    const view = selectLoginView(snapshot);
    const want = oracle(input, path.steps);

    // The fields and the message the view shows.
    expect({ mobile: view.mobile, code: view.code, password: view.password, agreed: view.agreed }).toEqual({
      mobile: want.f.mobile,
      code: want.f.code,
      password: want.f.password,
      agreed: want.f.agreed,
    });
    expect(view.error).toBe(want.error);
    expect(view.bindChoice).toBe(want.bindChoice);
    // The password lock: its countdown, ticked only while locked; nothing sent meanwhile.
    expect(view.lockSeconds).toBe(want.lock);
    expect(view.step === 'locked').toBe(want.lock > 0);
    expect(stubs.isRunning('lockTicker')).toBe(want.lock > 0);
    // No send completes on these paths: nowhere to say a code went.
    expect(view.codeSentTo).toBeNull();
    // The countdown: what the button shows, and the ticker runs only while counting.
    expect(view.countdown).toBe(want.ticks);
    expect(stubs.isRunning('ticker')).toBe(want.ticks > 0);
    // 获取验证码: a valid mobile, a form with a code field, nothing counting or sending.
    const codeForm = ['editing', 'needsBind'].includes(view.step) && !(view.mode === 'login' && view.method !== 'sms');
    expect(view.canRequestCode).toBe(codeForm && isMobile(want.f.mobile) && want.ticks === 0 && !view.sendingCode);
    // The submit button: exactly when the mode's fields are valid, in an editing step.
    const ready =
      view.mode === 'login'
        ? view.method === 'sms'
          ? isMobile(want.f.mobile) && isCode(want.f.code) && want.f.agreed
          : view.method === 'password' && isMobile(want.f.mobile) && isLoginPassword(want.f.password)
        : view.mode === 'register'
          ? isMobile(want.f.mobile) &&
            isCode(want.f.code) &&
            want.f.agreed &&
            isInviteCodeOk(want.f.inviteCode) &&
            (want.f.password === '' || isNewPassword(want.f.password))
          : view.mode === 'reset'
            ? isMobile(want.f.mobile) &&
              isCode(want.f.code) &&
              isNewPassword(want.f.password) &&
              want.f.password === want.f.passwordConfirm
            : isMobile(want.f.mobile) && isCode(want.f.code) && (want.bindChoice === 'bind' || want.f.agreed);
    expect(view.canSubmit).toBe(['editing', 'needsBind'].includes(view.step) && ready);
    // Busy exactly while a request of the form is in flight.
    expect(view.busy).toBe(['submitting', 'qrFetching', 'exchanging', 'binding'].includes(view.step));
    // QR: polling exactly while a code is shown, with its ticket; the URL only then.
    const showing = view.step === 'qrWaiting' || view.step === 'qrScanned';
    expect(stubs.isRunning('pollQr')).toBe(showing);
    expect(view.qrUrl).toBe(showing ? qr.url : null);
    if (showing) expect(stubs.cleanedUp.pollQr ?? 0).toBe((stubs.started.pollQr ?? 1) - 1);
    // Logged in: the result was handed over exactly once.
    expect(completeLogin).toHaveBeenCalledTimes(want.completed);
    expect(view.step === 'succeeded').toBe(want.completed === 1);
    if (view.step === 'succeeded') expect(completeLogin.mock.calls[0]![0]).toMatchObject({ token: 't' });
  },
});

describe('login rules', () => {
  afterEach(() => vi.useRealTimers());

  it('counts 60 s down after a code is sent and only then re-enables resend (real ticker, fake timers)', async () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const machine = loginMachine.provide({
      actors: {
        smsCode: smsCodeMachine.provide({
          actors: {
            sendCode: fromPromise(async ({ input }) => {
              sent.push(input);
              return { resendAfter: 60, to: '138****5678' };
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: { mode: 'login' } }).start();
    actor.send({ type: 'user.input', field: 'mobile', value: MOBILE });
    expect(selectLoginView(actor.getSnapshot()).canRequestCode).toBe(true);
    actor.send({ type: 'user.requestCode' });
    expect(selectLoginView(actor.getSnapshot()).sendingCode).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ mobile: MOBILE, scene: 'login' }]);
    expect(selectLoginView(actor.getSnapshot())).toMatchObject({
      countdown: 60,
      canRequestCode: false,
      codeSentTo: '138****5678',
    });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(selectLoginView(actor.getSnapshot())).toMatchObject({ countdown: 1, canRequestCode: false });
    actor.send({ type: 'user.requestCode' });
    expect(sent).toHaveLength(1);
    // Switching to password and back does not restart the countdown.
    actor.send({ type: 'user.switchMethod', method: 'password' });
    actor.send({ type: 'user.switchMethod', method: 'sms' });
    expect(selectLoginView(actor.getSnapshot()).countdown).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectLoginView(actor.getSnapshot())).toMatchObject({ countdown: 0, canRequestCode: true });
    expect(actor.getSnapshot().children.smsCode?.getSnapshot().hasTag('canResend')).toBe(true);
    expect(vi.getTimerCount()).toBe(0); // the ticker's interval is cleared
    actor.stop();
  });

  it('a locked password login counts its wait down, then allows a try; 短信登录 keeps the mobile', async () => {
    vi.useFakeTimers();
    const refusals = [
      { ...lockedError, data: { retryAfter: 3 } },
      { ...lockedError, data: { retryAfter: 60 } },
    ];
    const machine = loginMachine.provide({
      actors: {
        login: fromPromise<LoginResult, LoginActorInput>(async () => {
          throw refusals.shift();
        }),
      },
    });
    const actor = createActor(machine, { input: { mode: 'login', method: 'password' } }).start();
    const view = () => selectLoginView(actor.getSnapshot());
    actor.send({ type: 'user.input', field: 'mobile', value: MOBILE });
    actor.send({ type: 'user.input', field: 'password', value: 'secret-1' });
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ step: 'locked', lockSeconds: 3, canSubmit: false, error: null });
    // Typing the password again does not lift the lock; the ticker counts on.
    actor.send({ type: 'user.input', field: 'password', value: 'secret-2' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(view()).toMatchObject({ step: 'locked', lockSeconds: 2, password: 'secret-2', canSubmit: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(view()).toMatchObject({ step: 'editing', lockSeconds: 0, canSubmit: true });
    expect(vi.getTimerCount()).toBe(0);
    // Locked again: 短信登录 leaves the lock with the mobile kept.
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ step: 'locked', lockSeconds: 60 });
    actor.send({ type: 'user.switchMethod', method: 'sms' });
    expect(view()).toMatchObject({
      step: 'editing',
      method: 'sms',
      mobile: MOBILE,
      lockSeconds: 0,
      canRequestCode: true,
    });
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it('SMS login waits for the agreement (登录即注册) and hands the consent to the login call', async () => {
    const calls: LoginActorInput[] = [];
    const machine = loginMachine.provide({
      actors: {
        login: fromPromise<LoginResult, LoginActorInput>(async ({ input }) => {
          calls.push(input);
          return { ...result, isNew: true };
        }),
      },
    });
    const actor = createActor(machine, { input: { mode: 'login', method: 'sms' } }).start();
    const view = () => selectLoginView(actor.getSnapshot());
    actor.send({ type: 'user.input', field: 'mobile', value: MOBILE });
    actor.send({ type: 'user.input', field: 'code', value: '123456' });
    expect(view()).toMatchObject({ agreed: false, canSubmit: false });
    actor.send({ type: 'user.submit' });
    expect(calls).toEqual([]);
    actor.send({ type: 'user.agree', agreed: true });
    expect(view()).toMatchObject({ agreed: true, canSubmit: true });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(calls).toEqual([{ method: 'sms', mobile: MOBILE, code: '123456', agreement: true, taskHashId: null }]);
    expect(view().step).toBe('succeeded');
    // Password login of an existing account needs no tick.
    const pw = createActor(machine, { input: { mode: 'login', method: 'password' } }).start();
    pw.send({ type: 'user.input', field: 'mobile', value: MOBILE });
    pw.send({ type: 'user.input', field: 'password', value: 'secret-1' });
    expect(selectLoginView(pw.getSnapshot()).canSubmit).toBe(true);
    actor.stop();
    pw.stop();
  });

  it('shows a failed send on the form until the member types again', async () => {
    const stubs = new Stubs();
    const actor = createActor(
      provideStubs(stubs, () => {}),
      { input: { mode: 'register' } },
    ).start();
    actor.send({ type: 'user.input', field: 'mobile', value: MOBILE });
    actor.send({ type: 'user.requestCode' });
    expect(stubs.inputs.sendCode).toEqual([{ mobile: MOBILE, scene: 'register' }]);
    expect(selectLoginView(actor.getSnapshot())).toMatchObject({ sendingCode: true, canRequestCode: false });
    stubs.settle('sendCode', { error: { code: 1002, msg: '发送太频繁' } });
    await flush();
    expect(selectLoginView(actor.getSnapshot())).toMatchObject({
      sendingCode: false,
      canRequestCode: true,
      countdown: 0,
      error: '发送太频繁',
    });
    actor.send({ type: 'user.input', field: 'code', value: '1' });
    expect(selectLoginView(actor.getSnapshot()).error).toBeNull();
    actor.stop();
  });

  it('polls the QR ticket every 2 s and stops (timer and request) when the state is left', async () => {
    vi.useFakeTimers();
    const checks: string[] = [];
    const aborted: boolean[] = [];
    let answer: { status: 'waiting' | 'scanned' } = { status: 'waiting' };
    const pollQr = createQrPoller(async (ticket, signal) => {
      checks.push(ticket);
      signal.addEventListener('abort', () => aborted.push(true));
      return answer;
    });
    const machine = loginMachine.provide({
      actors: { fetchQr: fromPromise(async () => qr), pollQr },
    });
    const actor = createActor(machine, { input: { mode: 'login', method: 'qrcode' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectLoginView(actor.getSnapshot()).step).toBe('qrWaiting');
    await vi.advanceTimersByTimeAsync(1999);
    expect(checks).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toEqual(['qr-1']);
    answer = { status: 'scanned' };
    await vi.advanceTimersByTimeAsync(2000);
    expect(selectLoginView(actor.getSnapshot()).step).toBe('qrScanned');
    expect(checks).toHaveLength(2);
    actor.send({ type: 'user.switchMethod', method: 'sms' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checks).toHaveLength(2);
    actor.stop();
  });

  it('an expired QR code offers a refresh that fetches a new ticket', async () => {
    const stubs = new Stubs();
    const actor = createActor(
      provideStubs(stubs, () => {}),
      { input: { mode: 'login', method: 'qrcode' } },
    ).start();
    stubs.settle('fetchQr', { output: qr });
    await flush();
    stubs.sendFrom('pollQr', { type: 'qr.status', status: 'expired' });
    expect(selectLoginView(actor.getSnapshot()).step).toBe('qrExpired');
    expect(stubs.isRunning('pollQr')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.refreshQr' })).toBe(true);
    actor.send({ type: 'user.refreshQr' });
    expect(selectLoginView(actor.getSnapshot()).step).toBe('qrFetching');
    expect(stubs.started.fetchQr).toBe(2);
  });

  it('validates the inputs the guards rely on', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('1381234567')).toBe(false);
    expect(isMobile('23812345678')).toBe(false);
    expect(isCode('123456')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('12345a')).toBe(false);
    expect(isNewPassword('abcd1234')).toBe(true);
    expect(isNewPassword('abcdefgh')).toBe(false);
    expect(isNewPassword('a1')).toBe(false);
    expect(isLoginPassword('')).toBe(false);
    expect(isLoginPassword('x')).toBe(true);
    expect(isInviteCodeOk('')).toBe(true);
    expect(isInviteCodeOk('A1')).toBe(false);
    expect(isInviteCodeOk('INV123')).toBe(true);
  });

  it('sends the code with the scene of the form (bind vs register after a social callback)', async () => {
    const stubs = new Stubs();
    const actor = createActor(
      provideStubs(stubs, () => {}),
      {
        input: { mode: 'callback', callback: { platform: 'qq', code: 'c', state: 's' } },
      },
    ).start();
    expect(stubs.inputs.exchangeCallback).toEqual([{ platform: 'qq', code: 'c', state: 's' }]);
    stubs.settle('exchangeCallback', { output: bindTicket });
    await flush();
    actor.send({ type: 'user.input', field: 'mobile', value: MOBILE });
    actor.send({ type: 'user.requestCode' });
    expect(stubs.inputs.sendCode).toEqual([{ mobile: MOBILE, scene: 'bind' }]);
    actor.send({ type: 'user.chooseBind', choice: 'register' });
    actor.send({ type: 'user.input', field: 'code', value: '123456' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false); // agreement first
    actor.send({ type: 'user.agree', agreed: true });
    actor.send({ type: 'user.submit' });
    expect(stubs.inputs.bind).toEqual([
      { choice: 'register', bindTicket: 'bt-1', mobile: MOBILE, code: '123456', inviteCode: null },
    ]);
  });
});
