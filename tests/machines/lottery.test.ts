import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  lotteryMachine,
  selectLotteryView,
  type LotteryContext,
  type LotteryFlowView,
  type LotterySnapshot,
  type LotteryStep,
  type SpinOutcome,
  type SpinRequest,
  type SpinsLeft,
} from '../../machines/lottery';
import { Code } from '../../openapi/codes';
import type { LotterySource } from '../../openapi/rules/lottery';
import { describePathTests, submitAnswers, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the lucky wheel's flow (idle → spinning → revealing → result; network error
 * retried with the same key; refusals; out of spins): every state and transition on some path;
 * a new spin may start from a finished one; after each path the view is checked against an oracle worked out from the events alone, and so
 * are the spins asked for (a retry re-sends the same key and seed, a new spin makes new ones).
 */

const oneFree: SpinsLeft = { free: 1, points: 0, benefit: 0 };
const won: SpinOutcome = {
  spin: {
    id: 5,
    outcome: 'prize',
    drawnPrizeId: 2,
    prizeName: '88 微豆',
    points: 88,
    exchangeId: null,
    rewardType: null,
  },
  left: { free: 0, points: 10, benefit: 0 },
};
const noSpins = { code: Code.LOTTERY_NO_SPINS, msg: '每日免费的次数已用完' };
const poor = { code: Code.INSUFFICIENT_POINTS, msg: '微豆余额不足' };
const network = { code: 0, msg: '' };
const NETWORK_MSG = '网络错误，请稍后重试';

const events: ModelEvent[] = [
  { type: 'wheel.loaded', left: oneFree },
  { type: 'user.spin', source: 'free' },
  { type: 'user.spin', source: 'points' },
  { type: 'wheel.stopped' },
  { type: 'user.retry' },
  { type: 'user.close' },
  ...submitAnswers([won], [noSpins, poor, network]),
];

interface Oracle {
  view: LotteryFlowView;
  spins: number;
  /** For each spin started: did it re-send the previous key (a retry)? */
  retries: boolean[];
  spun: number;
  /** Reloads of the wheel (balance, spins left) after the server refused a spin. */
  recounts: number;
}

function oracle(steps: Path['steps']): Oracle {
  let step: LotteryStep = 'idle';
  let left: SpinsLeft | null = null;
  let source: LotterySource | null = null;
  let outcome: SpinOutcome | null = null;
  let error: string | null = null;
  let spins = 0;
  let spun = 0;
  let recounts = 0;
  const retries: boolean[] = [];
  for (const { event } of steps) {
    switch (event.type) {
      case 'wheel.loaded':
        left = event.left as SpinsLeft;
        break;
      case 'user.spin':
        if (!['idle', 'result', 'refused', 'outOfSpins'].includes(step)) break;
        error = null;
        source = event.source as LotterySource;
        if (left && left[source] > 0) {
          step = 'spinning';
          outcome = null;
          error = null;
          spins += 1;
          retries.push(false);
        } else step = 'outOfSpins';
        break;
      case 'submit.done':
        outcome = event.output as SpinOutcome;
        left = outcome.left;
        step = 'revealing';
        break;
      case 'submit.refused':
      case 'submit.uncertain': {
        const e = event.error as { code: number; msg: string };
        if (e.code === Code.LOTTERY_NO_SPINS) {
          step = 'outOfSpins';
          recounts += 1;
        } else {
          step = e.code === 0 ? 'networkError' : 'refused';
          error = e.msg || NETWORK_MSG;
          // A refusal (微豆不足 …) re-reads the balance and spins left too.
          if (step === 'refused') recounts += 1;
        }
        break;
      }
      case 'wheel.stopped':
        if (step === 'revealing') {
          step = 'result';
          spun += 1;
        }
        break;
      case 'user.retry':
        if (step === 'networkError') {
          step = 'spinning';
          error = null;
          spins += 1;
          retries.push(true);
        }
        break;
      case 'user.close':
        if (['result', 'networkError', 'refused', 'outOfSpins'].includes(step)) {
          step = 'idle';
          error = null;
        }
        break;
    }
  }
  const busy = step === 'spinning' || step === 'revealing';
  return {
    view: {
      step,
      source,
      outcome,
      error,
      busy,
      canSpin: ['idle', 'result', 'refused', 'outOfSpins'].includes(step),
      canRetry: step === 'networkError',
      canClose: ['result', 'networkError', 'refused', 'outOfSpins'].includes(step),
    },
    spins,
    retries,
    spun,
    recounts,
  };
}

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as LotteryContext;
  return JSON.stringify({ v: s.value, left: c.left, source: c.source, o: c.outcome?.spin.id, e: c.error });
};

describePathTests({
  name: 'lottery machine',
  machine: lotteryMachine,
  plans: [{ events }],
  serializeState,
  endStates: ['idle', 'spinning', 'revealing', 'result', 'networkError', 'refused', 'outOfSpins'],
  submitOnce: 'spin',
  async test({ path, stubs, drive }) {
    let spun = 0;
    let recounts = 0;
    const actor = await drive(
      lotteryMachine.provide({
        actors: stubs.actors(['spin']),
        actions: { spun: () => void (spun += 1), recount: () => void (recounts += 1) },
      }),
    );
    const want = oracle(path.steps);
    expect(selectLotteryView(actor.getSnapshot() as LotterySnapshot)).toEqual(want.view);
    expect(stubs.started.spin ?? 0).toBe(want.spins);
    expect(spun).toBe(want.spun);
    expect(recounts).toBe(want.recounts);
    const inputs = (stubs.inputs.spin ?? []) as SpinRequest[];
    inputs.forEach((input, i) => {
      expect(input.requestKey).toMatch(/^[0-9a-f]{32}$/);
      expect(input.memberSeed).toMatch(/^[0-9a-f]{32}$/);
      if (i > 0) {
        const same = input.requestKey === inputs[i - 1]!.requestKey && input.memberSeed === inputs[i - 1]!.memberSeed;
        expect(same).toBe(want.retries[i]);
      }
    });
  },
});

describe('lottery rules', () => {
  it('a spin refused for 微豆不足 asks the app to re-read the balance, and the refusal stays shown', async () => {
    let recounts = 0;
    const actor = createActor(
      lotteryMachine.provide({
        actors: {
          spin: fromPromise<SpinOutcome, SpinRequest>(async () => {
            throw poor;
          }),
        },
        actions: { recount: () => void (recounts += 1) },
      }),
    ).start();
    actor.send({ type: 'wheel.loaded', left: { free: 0, points: 10, benefit: 0 } });
    actor.send({ type: 'user.spin', source: 'points' });
    await flush();
    expect(recounts).toBe(1);
    // The re-read wheel arrives while the refusal is shown: it stays shown.
    actor.send({ type: 'wheel.loaded', left: { free: 0, points: 10, benefit: 0 } });
    expect(selectLotteryView(actor.getSnapshot())).toMatchObject({ step: 'refused', error: poor.msg, canSpin: true });
    actor.stop();
  });

  it('a network error retried re-sends the same key and seed; the next spin has new ones', async () => {
    const seen: SpinRequest[] = [];
    let fail = true;
    const actor = createActor(
      lotteryMachine.provide({
        actors: {
          spin: fromPromise<SpinOutcome, SpinRequest>(async ({ input }) => {
            seen.push(input);
            if (fail) throw network;
            return { ...won, left: { free: 1, points: 0, benefit: 0 } };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'wheel.loaded', left: oneFree });
    actor.send({ type: 'user.spin', source: 'free' });
    await flush();
    expect(selectLotteryView(actor.getSnapshot()).step).toBe('networkError');
    fail = false;
    actor.send({ type: 'user.retry' });
    await flush();
    actor.send({ type: 'wheel.stopped' });
    actor.send({ type: 'user.close' });
    actor.send({ type: 'user.spin', source: 'free' });
    await flush();
    expect(seen).toHaveLength(3);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]!.requestKey).not.toBe(seen[0]!.requestKey);
    expect(seen[2]!.memberSeed).not.toBe(seen[0]!.memberSeed);
    actor.stop();
  });
});
