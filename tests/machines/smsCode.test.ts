import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectSmsCode,
  smsCodeMachine,
  type SendCodeOutput,
  type SmsCodeInput,
  type SmsCodeRequest,
  type SmsCodeSnapshot,
} from '../../machines/smsCode';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the code button (DESIGN §6): every path of send → countdown → resend,
 * with the sender and the ticker stubbed; then the real 1 s ticker under fake timers.
 */

const request = { mobile: '13812345678', scene: 'login' };
const input: SmsCodeInput = { resendSeconds: 2 };
const tooOften = { code: 1002, msg: '发送太频繁' };

const events: ModelEvent[] = [
  { type: 'user.requestCode', request },
  { type: 'timer.tick' },
  ...answers('sendCode', [{ resendAfter: 0, to: '138****5678' }, { resendAfter: 1 }], [tooOften, new Error('offline')]),
];

/** Independent oracle of what the button shows after a path. */
function oracle(steps: Path['steps']) {
  let state: 'idle' | 'sending' | 'countdown' = 'idle';
  let secondsLeft = 0;
  let sent = false;
  let sentTo: string | null = null;
  let error: string | null = null;
  for (const { event } of steps) {
    if (event.type === 'user.requestCode' && state === 'idle') {
      state = 'sending';
      error = null;
    } else if (event.type === 'xstate.done.actor.sendCode') {
      const after = (event.output as { resendAfter: number }).resendAfter;
      secondsLeft = after > 0 ? after : input.resendSeconds!;
      sent = true;
      sentTo = (event.output as { to?: string }).to ?? null;
      state = 'countdown';
    } else if (event.type === 'xstate.error.actor.sendCode') {
      error = (event.error as { msg?: string }).msg || '网络错误，请稍后重试';
      state = 'idle';
    } else if (event.type === 'timer.tick' && state === 'countdown') {
      secondsLeft -= 1;
      if (secondsLeft === 0) state = 'idle';
    }
  }
  return { state, secondsLeft, sent, sentTo, error };
}

describePathTests({
  name: 'smsCode machine',
  machine: smsCodeMachine,
  plans: [{ events, input }],
  fromCallback: { 'timer.tick': 'ticker' },
  async test({ path, stubs, drive }) {
    const actor = await drive(
      smsCodeMachine.provide({
        actors: stubs.actors(['sendCode'], ['ticker']),
      }),
    );
    const want = oracle(path.steps);
    expect(selectSmsCode(actor.getSnapshot() as SmsCodeSnapshot)).toEqual({
      canSend: want.state === 'idle',
      sending: want.state === 'sending',
      secondsLeft: want.state === 'countdown' ? want.secondsLeft : 0,
      sent: want.sent,
      sentTo: want.sentTo,
      error: want.error,
    });
    // The ticker runs exactly while counting down; the request goes to the sender as given.
    expect(stubs.isRunning('ticker')).toBe(want.state === 'countdown');
    if (want.state === 'sending') expect(stubs.pending('sendCode')?.input).toEqual(request);
  },
});

describe('smsCode countdown', () => {
  afterEach(() => vi.useRealTimers());

  const sendingAfter = (resendAfter?: number) =>
    smsCodeMachine.provide({
      actors: { sendCode: fromPromise<SendCodeOutput, SmsCodeRequest>(async () => ({ resendAfter })) },
    });

  it('counts the server’s window down once a second and then allows a resend (real ticker)', async () => {
    vi.useFakeTimers();
    const actor = createActor(sendingAfter(60), { input: {} }).start();
    actor.send({ type: 'user.requestCode', request });
    expect(selectSmsCode(actor.getSnapshot()).sending).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSmsCode(actor.getSnapshot())).toMatchObject({ secondsLeft: 60, canSend: false, sent: true });
    actor.send({ type: 'user.requestCode', request }); // ignored while counting
    await vi.advanceTimersByTimeAsync(59_000);
    expect(selectSmsCode(actor.getSnapshot())).toMatchObject({ secondsLeft: 1, canSend: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectSmsCode(actor.getSnapshot())).toMatchObject({ secondsLeft: 0, canSend: true });
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it('falls back to the input window (default 60 s) when the server names none', async () => {
    vi.useFakeTimers();
    for (const [input, want] of [
      [{}, 60],
      [{ resendSeconds: 3 }, 3],
    ] as const) {
      const actor = createActor(sendingAfter(undefined), { input }).start();
      actor.send({ type: 'user.requestCode', request });
      await vi.advanceTimersByTimeAsync(0);
      expect(selectSmsCode(actor.getSnapshot()).secondsLeft).toBe(want);
      actor.stop();
    }
  });
});
