import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { Code } from '../openapi/codes';
import { adjustmentAmountProblem, TotpCode } from '../openapi/rules/staff';
import type { Adjustment } from '../openapi/schemas/adminMembers';
import { codeOf, errorMessage, isUncertain, notProvided } from './shared';

/**
 * 调整微豆 on one member (the console's member actions): credit or debit an amount of 微豆 through
 * the ledger, with the reason the member reads in 微豆明细 and a fresh authenticator code. Within
 * the four-eyes threshold (a site setting) the server applies it at once; above it, the request
 * waits for a second finance or admin account (the 微豆调整复核 page, machines/adjustmentDecision.ts).
 *
 * States
 * - `idle`              the dialog is closed. `user.open { balance }` → `editing` with an empty form
 *                       and the member's balance as the page last read it.
 * - `editing`           `user.input { field: direction | amount | reason | code, value }`;
 *                       `user.submit` when the form passes (`formProblem` null: a whole number of 微豆
 *                       within adjustmentAmountProblem (openapi/rules/staff.ts), a debit no larger than the balance, a
 *                       reason of 2+ characters, a 6-digit code) → `submitting`; `user.cancel` → `idle`.
 * - `submitting`        actor `request` ({ memberId, amount (signed), reason, totp } → the adjustment).
 *                       Done, applied → `applied`; done, pending → `awaitingApproval`; either runs the
 *                       provided action `changed` (the page reads the member again). A refusal (below
 *                       zero, a wrong or used code, a reason the server refuses…) → `editing` with its
 *                       zh-CN message and the code cleared (a code is good once). No answer (network,
 *                       server error) → `uncertain`: the adjustment may have been made, so the dialog
 *                       does not offer to send it again (the request carries no key the server could
 *                       recognise a second time); `changed` runs so the page shows what happened.
 * - `applied`           the balance changed; `user.close` → `idle`.
 * - `awaitingApproval`  above the threshold: waits for a second account; `user.close` → `idle`.
 * - `uncertain`         the answer was lost; `user.close` → `idle`.
 *
 * Tags: `busy` (submitting), `open` (every state but idle).
 */

export type AdjustmentData = z.output<typeof Adjustment>;
export type AdjustDirection = 'credit' | 'debit';
export type AdjustField = 'direction' | 'amount' | 'reason' | 'code';

export interface AdjustRequest {
  memberId: number;
  /** Signed: positive adds, negative takes away. */
  amount: number;
  reason: string;
  totp: string;
}

export interface BalanceAdjustmentContext {
  memberId: number;
  /** The member's balance when the dialog opened. */
  balance: number;
  direction: AdjustDirection;
  /** The amount as typed (digits). */
  amount: string;
  reason: string;
  code: string;
  error: string | null;
  result: AdjustmentData | null;
}

export type BalanceAdjustmentEvent =
  | { type: 'user.open'; balance: number }
  | { type: 'user.input'; field: AdjustField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

export const REASON_MIN = 2;

/** The amount typed as a whole number of 微豆, or null. */
const amountOf = (typed: string): number | null => (/^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : null);

/** The signed amount of the form, or null when the amount is not a whole number. */
export function signedAmount(c: Pick<BalanceAdjustmentContext, 'direction' | 'amount'>): number | null {
  const n = amountOf(c.amount);
  return n === null ? null : c.direction === 'debit' ? -n : n;
}

/**
 * What stops the amount, in the staff's words, or null when it passes (nothing typed yet is not a
 * problem to show, but the form does not pass either).
 */
export function amountProblem(c: Pick<BalanceAdjustmentContext, 'direction' | 'amount' | 'balance'>): string | null {
  if (c.amount.trim() === '') return null;
  const n = signedAmount(c);
  if (n === null) return '请输入整数数量的微豆';
  const problem = adjustmentAmountProblem(n);
  if (problem) return problem;
  if (n < 0 && -n > c.balance) return `扣减后余额会低于 0：会员当前余额 ${c.balance.toLocaleString('zh-CN')} 微豆`;
  return null;
}

/** Whether the whole form may be sent. */
export function formReady(c: BalanceAdjustmentContext): boolean {
  return (
    c.amount.trim() !== '' &&
    amountProblem(c) === null &&
    c.reason.trim().length >= REASON_MIN &&
    TotpCode.safeParse(c.code).success
  );
}

/** What a refusal says to the staff member; a debit the balance cannot cover says so plainly. */
export function adjustRefusal(error: unknown): string {
  if (codeOf(error) === Code.INSUFFICIENT_POINTS) return '会员微豆余额不足，扣减后会低于 0，未做调整';
  return errorMessage(error);
}

const emptyForm = {
  direction: 'credit' as AdjustDirection,
  amount: '',
  reason: '',
  code: '',
  error: null,
  result: null,
};

export const balanceAdjustmentMachine = setup({
  types: {} as {
    context: BalanceAdjustmentContext;
    events: BalanceAdjustmentEvent;
    input: { memberId: number; balance: number };
    tags: 'busy' | 'open';
  },
  actors: {
    request: fromPromise<AdjustmentData, AdjustRequest>(notProvided('balanceAdjustmentMachine', 'request')),
  },
  guards: {
    ready: ({ context }) => formReady(context),
    applied: ({ event }) => (event as { output?: AdjustmentData }).output?.state === 'applied',
    uncertain: ({ event }) => isUncertain((event as { error?: unknown }).error),
  },
  actions: {
    /** The member changed (or may have): the page reads it again (provided). */
    changed: () => undefined,
    input: assign(({ event }) => {
      if (event.type !== 'user.input') return {};
      const value =
        event.field === 'direction'
          ? event.value === 'debit'
            ? 'debit'
            : 'credit'
          : event.field === 'amount' || event.field === 'code'
            ? event.value.replace(/\D/g, '')
            : event.value;
      return { [event.field]: value, error: null };
    }),
  },
}).createMachine({
  id: 'balanceAdjustment',
  context: ({ input }) => ({ memberId: input.memberId, balance: input.balance, ...emptyForm }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.open': {
          target: 'editing',
          actions: assign(({ event }) => ({ balance: event.balance, ...emptyForm })),
        },
      },
    },
    editing: {
      tags: ['open'],
      on: {
        'user.input': { actions: 'input' },
        'user.submit': { guard: 'ready', target: 'submitting' },
        'user.cancel': { target: 'idle' },
      },
    },
    submitting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({
          memberId: context.memberId,
          amount: signedAmount(context)!,
          reason: context.reason.trim(),
          totp: context.code,
        }),
        onDone: [
          {
            guard: 'applied',
            target: 'applied',
            actions: [assign(({ event }) => ({ result: event.output })), 'changed'],
          },
          { target: 'awaitingApproval', actions: [assign(({ event }) => ({ result: event.output })), 'changed'] },
        ],
        onError: [
          { guard: 'uncertain', target: 'uncertain', actions: 'changed' },
          { target: 'editing', actions: assign(({ event }) => ({ error: adjustRefusal(event.error), code: '' })) },
        ],
      },
    },
    applied: { tags: ['open'], on: { 'user.close': { target: 'idle' } } },
    awaitingApproval: { tags: ['open'], on: { 'user.close': { target: 'idle' } } },
    uncertain: { tags: ['open'], on: { 'user.close': { target: 'idle' } } },
  },
});

export type BalanceAdjustmentSnapshot = SnapshotFrom<typeof balanceAdjustmentMachine>;
export type AdjustStep = 'closed' | 'editing' | 'applied' | 'awaitingApproval' | 'uncertain';

/** What the dialog's view needs from the machine. */
export interface BalanceAdjustmentViewState {
  step: AdjustStep;
  busy: boolean;
  balance: number;
  direction: AdjustDirection;
  amount: string;
  reason: string;
  code: string;
  /** The amount's problem as typed (null: none, or nothing typed). */
  amountProblem: string | null;
  /** The balance after the change, when the amount passes. */
  balanceAfter: number | null;
  canSubmit: boolean;
  error: string | null;
  result: AdjustmentData | null;
}

export function selectBalanceAdjustment(snapshot: BalanceAdjustmentSnapshot): BalanceAdjustmentViewState {
  const c = snapshot.context;
  const step: AdjustStep = snapshot.matches('idle')
    ? 'closed'
    : snapshot.matches('applied')
      ? 'applied'
      : snapshot.matches('awaitingApproval')
        ? 'awaitingApproval'
        : snapshot.matches('uncertain')
          ? 'uncertain'
          : 'editing';
  const problem = amountProblem(c);
  const signed = signedAmount(c);
  const busy = snapshot.hasTag('busy');
  return {
    step,
    busy,
    balance: c.balance,
    direction: c.direction,
    amount: c.amount,
    reason: c.reason,
    code: c.code,
    amountProblem: problem,
    balanceAfter: signed !== null && signed !== 0 && problem === null ? c.balance + signed : null,
    canSubmit: !busy && snapshot.can({ type: 'user.submit' }),
    error: c.error,
    result: c.result,
  };
}
