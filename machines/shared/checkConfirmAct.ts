import { assign, type AnyEventObject, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { codeOf, errorMessage } from './errors';

/**
 * The shape a benefit flow shares (claiming with credit, using a card on a task): `idle` →
 * `checking` → `confirming` → acting → done | `refused` | `failed`, where a retry re-checks and never
 * replays the act blindly. Each flow keeps its own machine file and names its act and its done
 * state; these are the parts that are the same in both.
 *
 * Tags: `busy` (checking, acting), `open` (every state but idle: the dialog shows).
 */

export type FlowTag = 'busy' | 'open';

/** A flow's steps (its state values), given its act's state and its done state. */
export type FlowStep<TActing extends string, TDone extends string> =
  'idle' | 'checking' | 'confirming' | TActing | 'refused' | TDone | 'failed';

/** The members' events every check → confirm → act flow answers besides its start. */
export type FlowEvent =
  { type: 'user.confirm' } | { type: 'user.cancel' } | { type: 'user.close' } | { type: 'user.retry' };

/** Tells a refusal (one of `codes`: "not now") from a failure (network, server). */
export const refusalOf =
  (codes: readonly number[]) =>
  (error: unknown): boolean => {
    const code = codeOf(error);
    return code !== undefined && codes.includes(code);
  };

const errorOf = (event: AnyEventObject): unknown => (event as { error?: unknown }).error;

/** The guard `refusal` of an act's error, from the flow's refusal test. */
export const refusalGuard =
  (isRefusal: (error: unknown) => boolean) =>
  ({ event }: { event: AnyEventObject }): boolean =>
    isRefusal(errorOf(event));

/**
 * The error transitions, typed for a flow's context and events: `toFailed` (an actor error that
 * is a failure: `error` holds its message) and `refusedOrFailed` (an act's error: a refusal, guard
 * `refusal`, → `refused` with the server's reason; else `failed`).
 */
export function errorTransitions<
  TContext extends { reason: string | null; error: string | null },
  TEvent extends EventObject,
>() {
  const toFailed = {
    target: 'failed',
    actions: assign<TContext, AnyEventObject, undefined, TEvent, never>(
      ({ event }) => ({ error: errorMessage(errorOf(event)) }) as Partial<TContext>,
    ),
  } as const;
  const refusedOrFailed = [
    {
      guard: 'refusal',
      target: 'refused',
      actions: assign<TContext, AnyEventObject, undefined, TEvent, never>(
        ({ event }) => ({ reason: errorMessage(errorOf(event)) }) as Partial<TContext>,
      ),
    },
    toFailed,
  ] as const;
  return { toFailed, refusedOrFailed };
}

/** `confirming` (→ the act on `user.confirm`, → idle on cancel) and the three ends. */
export function confirmAndEnds<TActing extends string, TDone extends string>(acting: TActing, done: TDone) {
  const closes = { tags: ['open'], on: { 'user.close': { target: 'idle' } } } as const;
  return {
    confirming: {
      tags: ['open'],
      on: { 'user.confirm': { target: acting }, 'user.cancel': { target: 'idle' } },
    },
    refused: closes,
    failed: { tags: ['open'], on: { 'user.retry': { target: 'checking' }, 'user.close': { target: 'idle' } } },
    ...({ [done]: closes } as Record<TDone, typeof closes>),
  } as const;
}

/** What the dialog may do now, as both flows' views show it. */
export interface FlowControls {
  busy: boolean;
  canConfirm: boolean;
  canCancel: boolean;
  canRetry: boolean;
  canClose: boolean;
}

/** The view's parts every such flow has: its step, the refusal's reason, the failure's message. */
export interface FlowView<TStep extends string> extends FlowControls {
  step: TStep;
  reason: string | null;
  error: string | null;
}

export function flowView<TStep extends string>(snapshot: AnyMachineSnapshot): FlowView<TStep> {
  const { reason, error } = snapshot.context as { reason: string | null; error: string | null };
  return {
    step: snapshot.value as TStep,
    reason,
    error,
    busy: snapshot.hasTag('busy'),
    canConfirm: snapshot.can({ type: 'user.confirm' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canClose: snapshot.can({ type: 'user.close' }),
  };
}
