import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { codeOf, errorMessage, notProvided } from './shared';

/**
 * Applying for a prize trial (`/prize`, one trial's detail): ready → applying → applied, or
 * refused / closed / screenerNeeded.
 *
 * States
 * - `ready`      `user.apply` → `applying`.
 * - `applying`   actor `apply` ({ trialId } → the application). The server applies once per trial
 *                and member, so a resend after a lost answer answers the same application; no
 *                request key is needed. Done → `applied`; 不符合条件 (4402) → `refused` with the
 *                server's reason; 不在申请时间 (4401) → `closed`; 须先完成甄别问卷 (4406: the
 *                screener was not answered, e.g. in another tab the page did not see) →
 *                `screenerNeeded`; any other failure → `failed`.
 * - `failed`     the message; `user.retry` → `applying`.
 * - `applied`, `refused`, `closed`, `screenerNeeded`  final: the page reloads the trial and shows
 *                it (the screener's link, for screenerNeeded).
 *
 * Tags: `busy` (applying).
 */

export interface PrizeApplyInput {
  trialId: number;
}

export interface PrizeApplyContext {
  trialId: number;
  error: string | null;
}

export type PrizeApplyEvent = { type: 'user.apply' } | { type: 'user.retry' };

export const prizeApplyMachine = setup({
  types: {} as {
    context: PrizeApplyContext;
    events: PrizeApplyEvent;
    input: PrizeApplyInput;
    tags: 'busy';
  },
  actors: {
    apply: fromPromise<unknown, PrizeApplyInput>(notProvided('prizeApplyMachine', 'apply')),
  },
  guards: {
    refused: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.PRIZE_NOT_ELIGIBLE,
    closed: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.PRIZE_NOT_OPEN,
    screenerNeeded: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.PRIZE_SCREENER_NEEDED,
  },
  actions: {
    keepError: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'prizeApply',
  context: ({ input }) => ({ trialId: input.trialId, error: null }),
  initial: 'ready',
  states: {
    ready: { on: { 'user.apply': 'applying' } },
    applying: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ trialId: context.trialId }),
        onDone: 'applied',
        onError: [
          { guard: 'refused', target: 'refused', actions: 'keepError' },
          { guard: 'closed', target: 'closed', actions: 'keepError' },
          { guard: 'screenerNeeded', target: 'screenerNeeded', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    failed: { on: { 'user.retry': 'applying' } },
    applied: { type: 'final' },
    refused: { type: 'final' },
    closed: { type: 'final' },
    screenerNeeded: { type: 'final' },
  },
});

export type PrizeApplySnapshot = SnapshotFrom<typeof prizeApplyMachine>;
export type PrizeApplyStep = 'ready' | 'applying' | 'failed' | 'applied' | 'refused' | 'closed' | 'screenerNeeded';

/** What the apply button shows. */
export interface PrizeApplyView {
  step: PrizeApplyStep;
  error: string | null;
  busy: boolean;
  canApply: boolean;
  canRetry: boolean;
}

export function selectPrizeApplyView(s: PrizeApplySnapshot): PrizeApplyView {
  return {
    step: s.value as PrizeApplyStep,
    error: s.context.error,
    busy: s.hasTag('busy'),
    canApply: s.can({ type: 'user.apply' }),
    canRetry: s.can({ type: 'user.retry' }),
  };
}
