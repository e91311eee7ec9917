import { assign, fromPromise, raise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { codeOf, errorMessage, newRequestKey, notProvided } from './shared';
import { submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

/**
 * A seasonal campaign's draw (`/campaigns/:slug`, `/christmas`): the server decides; the page shows what it answered,
 * "谢谢参与" included.
 *
 * States
 * - `idle`         `campaign.loaded { left }` keeps the chances left (null: a visitor or not loaded).
 *                  `user.draw` → `drawing`, a new draw with a new member seed, unless no chance is
 *                  known to be left (then → `noChances`); chances not known yet (the page's load has
 *                  not reached the machine) leave it to the server. Entering it forgets a lost draw.
 * - `drawing`      the `submitOnce` child (machines/submitOnce.ts) sends actor `draw` (POST
 *                  /v1/campaigns/{slug}/draw) with its request key. `submit.done` → `result` (action
 *                  `drawn`: the page reloads the campaign and my chances); refused: no chance is left
 *                  → `noChances`, anything else (活动不在进行中…) → `refused` with its message; an
 *                  answer that may not have arrived (`submit.uncertain`) → `networkError`.
 * - `result`       the outcome. `user.close` → `idle`; `user.draw` starts the next draw as from `idle`.
 * - `networkError` `user.retry` → `drawing`, the child re-sending the SAME key and seed (the server
 *                  draws at most once); `user.close` → `idle`.
 * - `refused`, `noChances`  `user.close` → `idle`; `user.draw` as from `result`.
 *
 * Tag: `busy` (drawing). Actor (the app provides it): `draw` input `DrawRequest` → `DrawOutcome`.
 */

export interface DrawRequest {
  requestKey: string;
  memberSeed: string;
}

/** What `draw` resolves (the contract's CampaignDrawResult, as far as the flow needs). */
export interface DrawOutcome {
  draw: { id: number; outcome: 'prize' | 'none' | 'out_of_stock'; prizeName: string; points: number | null };
  chances: { left: number };
}

export type CampaignDrawEvent =
  | { type: 'campaign.loaded'; left: number | null }
  | { type: 'user.draw' }
  | { type: 'user.retry' }
  | { type: 'user.close' }
  | SubmitOnceReport;

export interface CampaignDrawContext {
  left: number | null;
  outcome: DrawOutcome | null;
  error: string | null;
}

const empty: CampaignDrawContext = { left: null, outcome: null, error: null };

export const campaignDrawMachine = setup({
  types: {} as { context: CampaignDrawContext; events: CampaignDrawEvent; tags: 'busy' },
  actors: {
    draw: fromPromise<DrawOutcome, DrawRequest>(notProvided('campaignDrawMachine', 'draw')),
    submitOnce: submitOnceMachine,
  },
  guards: {
    mayHaveChance: ({ context }) => context.left === null || context.left > 0,
    noChances: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.CAMPAIGN_NO_CHANCES,
  },
  actions: {
    /** A new draw: a new member seed (the child makes its key). */
    newDraw: sendTo('submitOnce', () => ({ type: 'submit' as const, request: { memberSeed: newRequestKey() } })),
    drawAgain: raise({ type: 'user.draw' }),
    /** The app reloads the campaign (provided with `machine.provide`). */
    drawn: () => {},
  },
}).createMachine({
  id: 'campaignDraw',
  context: empty,
  initial: 'idle',
  invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'draw') },
  on: { 'campaign.loaded': { actions: assign({ left: ({ event }) => event.left }) } },
  states: {
    idle: {
      entry: [assign({ error: null }), sendTo('submitOnce', { type: 'forget' as const })],
      on: {
        'user.draw': [
          { guard: 'mayHaveChance', target: '#campaignDraw.drawing', actions: [assign({ outcome: null }), 'newDraw'] },
          { target: '#campaignDraw.noChances' },
        ],
      },
    },
    drawing: {
      tags: ['busy'],
      entry: assign({ error: null }),
      on: {
        'submit.done': {
          target: 'result',
          actions: [
            assign(({ event }) => {
              const outcome = event.output as DrawOutcome;
              return { outcome, left: outcome.chances.left };
            }),
            'drawn',
          ],
        },
        'submit.refused': [
          { guard: 'noChances', target: 'noChances', actions: assign({ left: 0 }) },
          { target: 'refused', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
        'submit.uncertain': {
          target: 'networkError',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    result: {
      on: { 'user.close': { target: 'idle' }, 'user.draw': { target: 'idle', actions: 'drawAgain' } },
    },
    networkError: {
      on: {
        'user.retry': { target: 'drawing', actions: sendTo('submitOnce', { type: 'retry' as const }) },
        'user.close': { target: 'idle' },
      },
    },
    refused: {
      on: { 'user.close': { target: 'idle' }, 'user.draw': { target: 'idle', actions: 'drawAgain' } },
    },
    noChances: {
      on: { 'user.close': { target: 'idle' }, 'user.draw': { target: 'idle', actions: 'drawAgain' } },
    },
  },
});

export type CampaignDrawSnapshot = SnapshotFrom<typeof campaignDrawMachine>;
export type CampaignDrawActor = ActorRefFrom<typeof campaignDrawMachine>;
export type CampaignDrawStep = 'idle' | 'drawing' | 'result' | 'networkError' | 'refused' | 'noChances';

/** Plain props of the draw flow. */
export interface CampaignDrawView {
  step: CampaignDrawStep;
  outcome: DrawOutcome | null;
  error: string | null;
  busy: boolean;
  canDraw: boolean;
  canRetry: boolean;
  canClose: boolean;
}

export function selectCampaignDrawView(snapshot: CampaignDrawSnapshot): CampaignDrawView {
  const c = snapshot.context;
  return {
    step: snapshot.value as CampaignDrawStep,
    outcome: c.outcome,
    error: c.error,
    busy: snapshot.hasTag('busy'),
    canDraw: ['idle', 'result', 'refused', 'noChances'].includes(snapshot.value as string),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canClose: snapshot.can({ type: 'user.close' }),
  };
}
