import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { TotpCode } from '../openapi/rules/staff';
import type { AdjustmentData } from './balanceAdjustment';
import { codeOf, errorMessage, notProvided } from './shared';

/**
 * The second pair of eyes on a 微豆 adjustment above the four-eyes threshold (微豆调整复核): approve
 * it (the ledger is written) or reject it, each with a reason and a fresh authenticator code. The
 * requester may not decide their own request; of two approvers at once, one decides.
 *
 * Input: `{ me }`, the signed-in staff member's login.
 *
 * States
 * - `idle`        the list. `user.decide { kind: approve | reject, adjustment }` → `confirming`, unless the
 *                 adjustment is the staff member's own (the page says why it cannot be decided here).
 * - `confirming`  `user.input { field: reason | code, value }`; `user.submit` with a reason of 2+
 *                 characters and a 6-digit code → `deciding`; `user.cancel` → `idle`.
 * - `deciding`    actor `decide` ({ kind, id, reason, totp } → the adjustment). Done → `idle` with the
 *                 notice of what was done, and the provided action `decided` (the page reads its list
 *                 again). Another approver decided first (ALREADY_DECIDED) or it is gone (NOT_FOUND) →
 *                 `idle` with that notice, and `decided` too. Any other refusal (a wrong or used code,
 *                 the requester's own — FOUR_EYES_SELF —, a balance that no longer covers a debit, no
 *                 answer) → `confirming` with its zh-CN message and the code cleared; trying again is
 *                 safe, since a decided adjustment is never decided twice.
 *
 * Tags: `busy` (deciding).
 */

export type DecisionKind = 'approve' | 'reject';

export interface DecideRequest {
  kind: DecisionKind;
  id: number;
  reason: string;
  totp: string;
}

/** What the page says after a decision, until the next one starts. */
export type DecisionNotice =
  | { kind: 'approved' | 'rejected'; adjustment: AdjustmentData }
  | { kind: 'taken'; adjustment: AdjustmentData; message: string };

export interface AdjustmentDecisionContext {
  me: string;
  kind: DecisionKind;
  adjustment: AdjustmentData | null;
  reason: string;
  code: string;
  error: string | null;
  notice: DecisionNotice | null;
}

export type AdjustmentDecisionEvent =
  | { type: 'user.decide'; kind: DecisionKind; adjustment: AdjustmentData }
  | { type: 'user.input'; field: 'reason' | 'code'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' };

/** Whether a staff member may decide this adjustment: someone else's, still pending. */
export const mayDecide = (adjustment: AdjustmentData, me: string) =>
  adjustment.state === 'pending' && adjustment.requestedBy !== me;

const takenFirst = (error: unknown) => codeOf(error) === Code.ALREADY_DECIDED || codeOf(error) === Code.NOT_FOUND;

const TAKEN_MSG = '这一项已被其他同事处理，列表已刷新';

export const adjustmentDecisionMachine = setup({
  types: {} as {
    context: AdjustmentDecisionContext;
    events: AdjustmentDecisionEvent;
    input: { me: string };
    tags: 'busy';
  },
  actors: {
    decide: fromPromise<AdjustmentData, DecideRequest>(notProvided('adjustmentDecisionMachine', 'decide')),
  },
  guards: {
    mayDecide: ({ context, event }) => event.type === 'user.decide' && mayDecide(event.adjustment, context.me),
    ready: ({ context }) => context.reason.trim().length >= 2 && TotpCode.safeParse(context.code).success,
    takenFirst: ({ event }) => takenFirst((event as { error?: unknown }).error),
  },
  actions: {
    /** The list changed: the page reads it again (provided). */
    decided: () => undefined,
  },
}).createMachine({
  id: 'adjustmentDecision',
  context: ({ input }) => ({
    me: input.me,
    kind: 'approve',
    adjustment: null,
    reason: '',
    code: '',
    error: null,
    notice: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.decide': {
          guard: 'mayDecide',
          target: 'confirming',
          actions: assign(({ event }) => ({
            kind: event.kind,
            adjustment: event.adjustment,
            reason: '',
            code: '',
            error: null,
            notice: null,
          })),
        },
      },
    },
    confirming: {
      on: {
        'user.input': {
          actions: assign(({ event }) => ({
            [event.field]: event.field === 'code' ? event.value.replace(/\D/g, '') : event.value,
            error: null,
          })),
        },
        'user.submit': { guard: 'ready', target: 'deciding' },
        'user.cancel': { target: 'idle', actions: assign({ adjustment: null, error: null }) },
      },
    },
    deciding: {
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.adjustment!.id,
          reason: context.reason.trim(),
          totp: context.code,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              notice: {
                kind: context.kind === 'approve' ? ('approved' as const) : ('rejected' as const),
                adjustment: event.output,
              },
              adjustment: null,
            })),
            'decided',
          ],
        },
        onError: [
          {
            guard: 'takenFirst',
            target: 'idle',
            actions: [
              assign(({ context }) => ({
                notice: { kind: 'taken' as const, adjustment: context.adjustment!, message: TAKEN_MSG },
                adjustment: null,
              })),
              'decided',
            ],
          },
          { target: 'confirming', actions: assign(({ event }) => ({ error: errorMessage(event.error), code: '' })) },
        ],
      },
    },
  },
});

export type AdjustmentDecisionSnapshot = SnapshotFrom<typeof adjustmentDecisionMachine>;

/** What the review page's view needs from the machine. */
export interface AdjustmentDecisionViewState {
  /** The adjustment being decided (its dialog open), or null. */
  deciding: {
    kind: DecisionKind;
    adjustment: AdjustmentData;
    reason: string;
    code: string;
    busy: boolean;
    canSubmit: boolean;
    error: string | null;
  } | null;
  notice: DecisionNotice | null;
}

export function selectAdjustmentDecision(snapshot: AdjustmentDecisionSnapshot): AdjustmentDecisionViewState {
  const c = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    deciding:
      snapshot.matches('idle') || !c.adjustment
        ? null
        : {
            kind: c.kind,
            adjustment: c.adjustment,
            reason: c.reason,
            code: c.code,
            busy,
            canSubmit: !busy && snapshot.can({ type: 'user.submit' }),
            error: c.error,
          },
    notice: c.notice,
  };
}
