import { assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { codeOf, errorMessage, isUncertain, newRequestKey, notProvided } from './shared';

/**
 * A seasonal campaign's draw (`/campaigns/:slug`, `/christmas`): the server decides; the page shows what it answered,
 * "谢谢参与" included.
 *
 * States
 * - `idle`         `campaign.loaded { left }` keeps the chances left (null: a visitor or not loaded).
 *                  `user.draw` → `drawing` with a new request key and member seed unless no chance
 *                  is known to be left (then → `noChances`); chances not known yet (the page's
 *                  load has not reached the machine) leave it to the server.
 * - `drawing`      actor `draw` (POST /v1/campaigns/{slug}/draw). Done → `result` (action `drawn`:
 *                  the page reloads the campaign and my chances); the server says no chance is left
 *                  → `noChances`; an answer that may not have arrived (network, 5xx) → `networkError`
 *                  (key and seed kept); any other refusal (活动不在进行中…) → `refused` with its message.
 * - `result`       the outcome. `user.close` → `idle`; `user.draw` starts the next draw as from `idle`.
 * - `networkError` `user.retry` → `drawing` with the SAME key and seed (the server draws at most
 *                  once); `user.close` → `idle`.
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
  | { type: 'user.close' };

export interface CampaignDrawContext {
  left: number | null;
  request: DrawRequest | null;
  outcome: DrawOutcome | null;
  error: string | null;
}

const empty: CampaignDrawContext = { left: null, request: null, outcome: null, error: null };

export const campaignDrawMachine = setup({
  types: {} as { context: CampaignDrawContext; events: CampaignDrawEvent; tags: 'busy' },
  actors: {
    draw: fromPromise<DrawOutcome, DrawRequest>(notProvided('campaignDrawMachine', 'draw')),
  },
  guards: {
    mayHaveChance: ({ context }) => context.left === null || context.left > 0,
    noChances: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.CAMPAIGN_NO_CHANCES,
    uncertain: ({ event }) => isUncertain((event as { error?: unknown }).error),
  },
  actions: {
    newDraw: assign({ request: () => ({ requestKey: newRequestKey(), memberSeed: newRequestKey() }), outcome: null }),
    drawAgain: raise({ type: 'user.draw' }),
    /** The app reloads the campaign (provided with `machine.provide`). */
    drawn: () => {},
  },
}).createMachine({
  id: 'campaignDraw',
  context: empty,
  initial: 'idle',
  on: { 'campaign.loaded': { actions: assign({ left: ({ event }) => event.left }) } },
  states: {
    idle: {
      entry: assign({ request: null, error: null }),
      on: {
        'user.draw': [
          { guard: 'mayHaveChance', target: '#campaignDraw.drawing', actions: 'newDraw' },
          { target: '#campaignDraw.noChances' },
        ],
      },
    },
    drawing: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'draw',
        src: 'draw',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'result',
          actions: [
            assign({ outcome: ({ event }) => event.output, left: ({ event }) => event.output.chances.left }),
            'drawn',
          ],
        },
        onError: [
          { guard: 'noChances', target: 'noChances', actions: assign({ left: 0 }) },
          {
            guard: 'uncertain',
            target: 'networkError',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
          { target: 'refused', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    result: {
      on: { 'user.close': { target: 'idle' }, 'user.draw': { target: 'idle', actions: 'drawAgain' } },
    },
    networkError: { on: { 'user.retry': { target: 'drawing' }, 'user.close': { target: 'idle' } } },
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
