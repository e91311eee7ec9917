import { assign, fromPromise, raise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import type { LotterySource } from '../openapi/rules/lottery';
import { codeOf, errorMessage, newRequestKey, notProvided } from './shared';
import { submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

/**
 * The lucky wheel (幸运大转盘, `/lottery`): a spin is decided on the server; the wheel only turns
 * to what the server answered.
 *
 * States
 * - `idle`         `wheel.loaded { left }` keeps the spins left by source. `user.spin { source }` →
 *                  `spinning`, a new spin with a new member seed, when that source has a spin left,
 *                  else → `outOfSpins`. Entering it forgets a lost spin.
 * - `spinning`     the `submitOnce` child (machines/submitOnce.ts) sends actor `spin` (POST
 *                  /v1/lottery/spin) with its request key and the seed. `submit.done` → `revealing`
 *                  (the result kept); the server says
 *                  there is no spin of that source left → `outOfSpins`, action `recount` (the page's
 *                  spins left were stale, e.g. spent in another tab: the app reloads the wheel); an answer that may not have
 *                  arrived (`submit.uncertain`) → `networkError` (the child keeps key and seed); any other
 *                  refusal (微豆不足, 转盘未开放) → `refused` with its message, action `recount` too:
 *                  the balance and spins the page showed were stale (spent elsewhere), so the app
 *                  re-reads them and the member sees what they really have next to the refusal.
 * - `revealing`    the wheel turns to the drawn prize. `wheel.stopped` (the animation ended, or at
 *                  once with reduced motion) → `result`, action `spun`: the page reloads the wheel and
 *                  the records only now, so neither tells the result before the wheel does.
 * - `result`       the outcome shown (a prize, "谢谢参与", or the drawn prize had none left).
 *                  `user.close` → `idle`; `user.spin` starts the next spin as from `idle`.
 * - `networkError` `user.retry` → `spinning`, the child re-sending the SAME key and seed (the server spins at most
 *                  once); `user.close` → `idle` (a spin that did go through shows in the records).
 * - `refused`, `outOfSpins`  `user.close` → `idle`; `user.spin` as from `result`.
 *
 * Tags: `busy` (spinning, revealing). Actor (the app provides it): `spin` input `SpinRequest` → `SpinOutcome`.
 */

export interface SpinsLeft {
  free: number;
  points: number;
  benefit: number;
}

export interface SpinRequest {
  source: LotterySource;
  requestKey: string;
  memberSeed: string;
}

/** What `spin` resolves (the contract's LotterySpinResult, as far as the wheel needs). */
export interface SpinOutcome {
  spin: {
    id: number;
    outcome: 'prize' | 'none' | 'out_of_stock';
    drawnPrizeId: number;
    prizeName: string;
    points: number | null;
    /** The exchange order a coupon or physical prize made (兑换记录), and its reward type (2 virtual, 3 physical). */
    exchangeId: number | null;
    rewardType: number | null;
  };
  left: SpinsLeft;
}

export type LotteryEvent =
  | { type: 'wheel.loaded'; left: SpinsLeft | null }
  | { type: 'user.spin'; source: LotterySource }
  | { type: 'wheel.stopped' }
  | { type: 'user.retry' }
  | { type: 'user.close' }
  | SubmitOnceReport;

export interface LotteryContext {
  left: SpinsLeft | null;
  /** The source of the spin in progress or last tried. */
  source: LotterySource | null;
  outcome: SpinOutcome | null;
  error: string | null;
}

const empty: LotteryContext = { left: null, source: null, outcome: null, error: null };

export const lotteryMachine = setup({
  types: {} as { context: LotteryContext; events: LotteryEvent; tags: 'busy' },
  actors: {
    spin: fromPromise<SpinOutcome, SpinRequest>(notProvided('lotteryMachine', 'spin')),
    submitOnce: submitOnceMachine,
  },
  guards: {
    hasSpin: ({ context, event }) => {
      const source = (event as { source?: LotterySource }).source;
      return Boolean(source && context.left && context.left[source] > 0);
    },
    noSpins: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.LOTTERY_NO_SPINS,
  },
  actions: {
    /** A new spin of the event's source: a new member seed (the child makes its key). */
    newSpin: sendTo('submitOnce', ({ event }) => ({
      type: 'submit' as const,
      request: { source: (event as Extract<LotteryEvent, { type: 'user.spin' }>).source, memberSeed: newRequestKey() },
    })),
    noteSource: assign({ source: ({ event }) => (event as Extract<LotteryEvent, { type: 'user.spin' }>).source }),
    /** From a finished spin a new one starts as from idle. */
    spinAgain: raise(({ event }) => event as LotteryEvent),
    /** The app reloads the wheel and the records (provided with `machine.provide`). */
    spun: () => {},
    /**
     * The server refused a spin the page offered (no spin left, 微豆不足, …): the app reloads the
     * wheel, re-reading the spins left and the balance (provided too).
     */
    recount: () => {},
  },
}).createMachine({
  id: 'lottery',
  context: empty,
  initial: 'idle',
  invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'spin') },
  on: { 'wheel.loaded': { actions: assign({ left: ({ event }) => event.left }) } },
  states: {
    idle: {
      entry: [assign({ error: null }), sendTo('submitOnce', { type: 'forget' as const })],
      on: {
        'user.spin': [
          {
            guard: 'hasSpin',
            target: '#lottery.spinning',
            actions: ['noteSource', assign({ outcome: null }), 'newSpin'],
          },
          { target: '#lottery.outOfSpins', actions: 'noteSource' },
        ],
      },
    },
    spinning: {
      tags: ['busy'],
      entry: assign({ error: null }),
      on: {
        'submit.done': {
          target: 'revealing',
          actions: assign(({ event }) => {
            const outcome = event.output as SpinOutcome;
            return { outcome, left: outcome.left };
          }),
        },
        'submit.refused': [
          { guard: 'noSpins', target: 'outOfSpins', actions: 'recount' },
          { target: 'refused', actions: [assign({ error: ({ event }) => errorMessage(event.error) }), 'recount'] },
        ],
        'submit.uncertain': {
          target: 'networkError',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    revealing: { tags: ['busy'], on: { 'wheel.stopped': { target: 'result', actions: 'spun' } } },
    result: {
      on: {
        'user.close': { target: 'idle' },
        'user.spin': { target: 'idle', actions: 'spinAgain' },
      },
    },
    networkError: {
      on: {
        'user.retry': { target: 'spinning', actions: sendTo('submitOnce', { type: 'retry' as const }) },
        'user.close': { target: 'idle' },
      },
    },
    refused: {
      on: {
        'user.close': { target: 'idle' },
        'user.spin': { target: 'idle', actions: 'spinAgain' },
      },
    },
    outOfSpins: {
      on: {
        'user.close': { target: 'idle' },
        'user.spin': { target: 'idle', actions: 'spinAgain' },
      },
    },
  },
});

export type LotterySnapshot = SnapshotFrom<typeof lotteryMachine>;
export type LotteryActor = ActorRefFrom<typeof lotteryMachine>;
export type LotteryStep = 'idle' | 'spinning' | 'revealing' | 'result' | 'networkError' | 'refused' | 'outOfSpins';

/** Plain props of the wheel's flow. */
export interface LotteryFlowView {
  step: LotteryStep;
  /** The source of the spin in progress or last tried. */
  source: LotterySource | null;
  outcome: SpinOutcome | null;
  error: string | null;
  busy: boolean;
  canSpin: boolean;
  canRetry: boolean;
  canClose: boolean;
}

export function selectLotteryView(snapshot: LotterySnapshot): LotteryFlowView {
  const c = snapshot.context;
  return {
    step: snapshot.value as LotteryStep,
    source: c.source,
    outcome: c.outcome,
    error: c.error,
    busy: snapshot.hasTag('busy'),
    canSpin: ['idle', 'result', 'refused', 'outOfSpins'].includes(snapshot.value as string),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canClose: snapshot.can({ type: 'user.close' }),
  };
}
