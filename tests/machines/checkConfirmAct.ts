import type { FlowStep } from '../../machines/shared';
import type { ModelEvent, Path } from './model';

/**
 * The oracle both benefit flows share (check → confirm → act, machines/shared/checkConfirmAct.ts),
 * worked out from a path's events alone: where the flow is, its reason and error, how often it
 * checked, acted and told the app it was done. Each flow's test adds what it holds besides (the
 * benefit and its check, the card and its effect) through the hooks.
 */

const NETWORK_MSG = '网络错误，请稍后重试';

export interface FlowSpec<TStep extends string> {
  /** The event that starts the flow from idle, the act's actor id, its state and its done state. */
  start: string;
  act: string;
  acting: TStep;
  done: TStep;
  /** The act's error code that is a refusal (any other is a failure). */
  refusal: number;
  /** The flow started: keep its subject (after a reset). */
  started(event: ModelEvent): void;
  /** A check starts: clear what the last one left. */
  checking(): void;
  /** The check answered: allowed, or refused with its reason. */
  checked(output: unknown): { allowed: boolean; reason?: string | null };
  /** The act answered. */
  acted(output: unknown): void;
  /** Back to idle: forget the subject. */
  reset(): void;
}

export interface FlowOracle<TStep extends string> {
  step: FlowStep<TStep, TStep>;
  reason: string | null;
  error: string | null;
  checks: number;
  acts: number;
  dones: number;
  controls: { busy: boolean; canConfirm: boolean; canCancel: boolean; canRetry: boolean; canClose: boolean };
}

export function flowOracle<TStep extends string>(steps: Path['steps'], spec: FlowSpec<TStep>): FlowOracle<TStep> {
  let step: FlowOracle<TStep>['step'] = 'idle';
  let reason: string | null = null;
  let error: string | null = null;
  let checks = 0;
  let acts = 0;
  let dones = 0;
  const startCheck = () => {
    step = 'checking';
    reason = error = null;
    spec.checking();
    checks += 1;
  };
  const reset = () => {
    step = 'idle';
    reason = error = null;
    spec.reset();
  };
  const ended = () => step === 'refused' || step === spec.done || step === 'failed';
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { code: number; msg: string } };
    switch (e.type) {
      case spec.start:
        if (step === 'idle') {
          reset();
          spec.started(e);
          startCheck();
        }
        break;
      case 'user.confirm':
        if (step === 'confirming') {
          step = spec.acting;
          acts += 1;
        }
        break;
      case 'user.cancel':
        if (step === 'confirming') reset();
        break;
      case 'user.close':
        if (ended()) reset();
        break;
      case 'user.retry':
        if (step === 'failed') startCheck();
        break;
      case 'xstate.done.actor.check':
        if (step === 'checking') {
          const c = spec.checked(e.output);
          if (c.allowed) step = 'confirming';
          else {
            step = 'refused';
            reason = c.reason ?? null;
          }
        }
        break;
      case 'xstate.error.actor.check':
        if (step === 'checking') {
          step = 'failed';
          error = e.error!.msg || NETWORK_MSG;
        }
        break;
      case `xstate.done.actor.${spec.act}`:
        if (step === spec.acting) {
          step = spec.done;
          spec.acted(e.output);
          dones += 1;
        }
        break;
      case `xstate.error.actor.${spec.act}`:
        if (step === spec.acting) {
          if (e.error!.code === spec.refusal) {
            step = 'refused';
            reason = e.error!.msg;
          } else {
            step = 'failed';
            error = e.error!.msg || NETWORK_MSG;
          }
        }
        break;
    }
  }
  const s: string = step;
  return {
    step,
    reason,
    error,
    checks,
    acts,
    dones,
    controls: {
      busy: s === 'checking' || s === spec.acting,
      canConfirm: s === 'confirming',
      canCancel: s === 'confirming',
      canRetry: s === 'failed',
      canClose: ended(),
    },
  };
}
