import {
  assign,
  fromPromise,
  sendParent,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate';
import { isUncertain, newRequestKey } from './shared';

/**
 * Submit once, retry on a lost answer: the child machine of every flow that sends a call the server
 * must apply once (a redemption, a spin, a draw, a new ticket, reply, topic or application). It owns
 * the request key and the send count; the parent owns what the answer means.
 *
 * The rule: a key is made when an attempt starts and kept until the server gave a definite answer.
 * An answer that may not have arrived (`isUncertain`: no answer, 5xx, unreadable) keeps the key and
 * the request, so a retry re-sends both as they were and the server acts at most once. A definite
 * refusal drops the key and is never re-sent by itself: only the member starts a new attempt.
 *
 * States
 * - `idle`        no attempt. `submit { request }` → `submitting` with a new key.
 * - `submitting`  actor `send` with `{ ...request, requestKey }` (the parent's own implementation of
 *                 the call, see `submitOnceInput`). Done → `done`; a definite refusal → `refused`;
 *                 an uncertain failure → `uncertain`.
 * - `done`, `refused`  the key is dropped; `submit { request }` starts a new attempt.
 * - `uncertain`   the key is held. `retry` re-sends the same request with the same key;
 *                 `submit { request }` sends the request given with the SAME key and counts from one
 *                 again (the parent keeps the content as it was, or means it to be the same
 *                 attempt); `forget` → `idle`
 *                 (the member moved on: a new attempt will get a new key).
 *
 * The parent is told each outcome (action `report`, a `sendParent`): `submit.done { output }`,
 * `submit.refused { error }`, `submit.uncertain { error }`.
 */

export type SubmitOnceEvent = { type: 'submit'; request: object } | { type: 'retry' } | { type: 'forget' };

/** What the parent is told. */
export type SubmitOnceReport =
  | { type: 'submit.done'; output: unknown }
  | { type: 'submit.refused'; error: unknown }
  | { type: 'submit.uncertain'; error: unknown };

export interface SubmitOnceInput {
  /** The call: promise logic taking `{ ...request, requestKey }`. */
  send?: AnyActorLogic;
}

export interface SubmitOnceContext {
  send: AnyActorLogic;
  /** The key of the attempt held; null when none is. */
  requestKey: string | null;
  /** The request of the attempt held (what a retry re-sends). */
  request: object | null;
  /** Sends with the current key (1 = first send; more = retries of the same attempt). */
  sends: number;
}

const notGiven = fromPromise<never>(async () => {
  throw new Error('submitOnceMachine: no `send` was given');
});

export const submitOnceMachine = setup({
  types: {} as {
    context: SubmitOnceContext;
    events:
      | SubmitOnceEvent
      | { type: 'xstate.done.actor.send'; output: unknown }
      | { type: 'xstate.error.actor.send'; error: unknown };
    input: SubmitOnceInput;
  },
  actions: {
    /** A new attempt: a new key, the request as given, no send yet. */
    newAttempt: assign(({ event }) => ({
      requestKey: newRequestKey(),
      request: (event as Extract<SubmitOnceEvent, { type: 'submit' }>).request,
      sends: 0,
    })),
    dropKey: assign({ requestKey: null, request: null }),
    report: sendParent((_, report: SubmitOnceReport) => report),
    /** Spawn the parent's call with the held key; one more send of this attempt. */
    send: assign(({ context, spawn }) => {
      // The logic comes from the parent at run time, so `spawn` cannot know its type here.
      const spawnSend = spawn as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => unknown;
      spawnSend(context.send, { id: 'send', input: { ...context.request, requestKey: context.requestKey } });
      return { sends: context.sends + 1 };
    }),
  },
  guards: {
    uncertain: ({ event }) => isUncertain((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'submitOnce',
  context: ({ input }) => ({ send: input.send ?? notGiven, requestKey: null, request: null, sends: 0 }),
  initial: 'idle',
  states: {
    idle: { on: { submit: { target: 'submitting', actions: 'newAttempt' } } },
    submitting: {
      entry: 'send',
      on: {
        'xstate.done.actor.send': {
          target: 'done',
          actions: { type: 'report', params: ({ event }) => ({ type: 'submit.done', output: event.output }) },
        },
        'xstate.error.actor.send': [
          {
            guard: 'uncertain',
            target: 'uncertain',
            actions: { type: 'report', params: ({ event }) => ({ type: 'submit.uncertain', error: event.error }) },
          },
          {
            target: 'refused',
            actions: { type: 'report', params: ({ event }) => ({ type: 'submit.refused', error: event.error }) },
          },
        ],
      },
    },
    done: {
      entry: 'dropKey',
      on: { submit: { target: 'submitting', actions: 'newAttempt' } },
    },
    refused: {
      entry: 'dropKey',
      on: { submit: { target: 'submitting', actions: 'newAttempt' } },
    },
    uncertain: {
      on: {
        retry: { target: 'submitting' },
        submit: { target: 'submitting', actions: assign({ request: ({ event }) => event.request, sends: 0 }) },
        forget: { target: 'idle', actions: 'dropKey' },
      },
    },
  },
});

export type SubmitOnceSnapshot = SnapshotFrom<typeof submitOnceMachine>;

/**
 * The child's input: the parent's own implementation of its actor `src` — the one the app or a test
 * provided with `machine.provide({ actors })` — so the parent keeps declaring its call (`redeem`,
 * `spin`, …) and the child sends through it. Outside a running actor (the path planner) there is
 * none, and the child is never started there.
 */
export function submitOnceInput(parent: AnyActorRef, src: string): SubmitOnceInput {
  const actors = (parent as { logic?: { implementations?: { actors?: Record<string, unknown> } } }).logic
    ?.implementations?.actors;
  const send = actors?.[src] as AnyActorLogic | undefined;
  return send ? { send } : {};
}

/** What a view may say of the attempt: whether a lost one is held, and how often it was re-sent. */
export function attemptOf(child: AnyActorRef | undefined): { pending: boolean; retries: number } {
  const c = (child?.getSnapshot() as SubmitOnceSnapshot | undefined)?.context;
  return { pending: Boolean(c?.requestKey), retries: Math.max(0, (c?.sends ?? 0) - 1) };
}
