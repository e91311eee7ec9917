/**
 * The exchange state machine: the one table of allowed moves (spec §3 ExchangeState). Every change
 * of `exchanges.state` goes through lifecycle.ts, which applies a row of this table with a
 * conditional update (`WHERE state IN from`), so a move that is not here cannot happen.
 *
 *   (redeem) → 0 pending review ─approve→ 2 to be issued ─issue→ 1 issued
 *                    │ reject → 4 rejected       │ fail → 5 issuing failed
 *                    └──────── revoke → 3 revoked ┘
 *
 * Rejected, revoked and issuing failed are terminal and refund: the points come back through the
 * ledger (once, keyed per exchange) and the unit goes back to stock. Issued is terminal: the cash
 * was paid, the parcel shipped or the code shown. Reasons are required where the member is told why.
 */
import { ExchangeState } from '../../../openapi/enums';

export type ExchangeStateValue = (typeof ExchangeState.list)[number];
const S = ExchangeState.values;

export type ExchangeAction = 'approve' | 'reject' | 'issue' | 'fail' | 'revoke';

export interface Transition {
  from: readonly ExchangeStateValue[];
  to: ExchangeStateValue;
  /** Points back through the ledger and the unit back to stock. */
  refund: boolean;
  reasonRequired: boolean;
  /** zh-CN name of the action (refusal messages, CLI output). */
  label: string;
}

export const TRANSITIONS: Readonly<Record<ExchangeAction, Transition>> = {
  approve: { from: [S.PENDING_REVIEW], to: S.TO_BE_ISSUED, refund: false, reasonRequired: false, label: '审核通过' },
  reject: { from: [S.PENDING_REVIEW], to: S.REJECTED, refund: true, reasonRequired: true, label: '驳回' },
  issue: { from: [S.TO_BE_ISSUED], to: S.ISSUED, refund: false, reasonRequired: false, label: '发放' },
  fail: { from: [S.TO_BE_ISSUED], to: S.ISSUING_FAILED, refund: true, reasonRequired: true, label: '标记发放失败' },
  revoke: {
    from: [S.PENDING_REVIEW, S.TO_BE_ISSUED],
    to: S.REVOKED,
    refund: true,
    reasonRequired: true,
    label: '撤销',
  },
};

const EXCHANGE_ACTIONS = Object.keys(TRANSITIONS) as ExchangeAction[];

/** States whose points were refunded and whose unit went back to stock. */
export const REFUNDED_STATES: readonly ExchangeStateValue[] = [S.REVOKED, S.REJECTED, S.ISSUING_FAILED];

/** States that count against per-member limits (everything not refunded). */
export const LIVE_STATES: readonly ExchangeStateValue[] = [S.PENDING_REVIEW, S.TO_BE_ISSUED, S.ISSUED];

export function canApply(action: ExchangeAction, state: number): boolean {
  return (TRANSITIONS[action].from as readonly number[]).includes(state);
}

/** Which actions the state allows (the CLI shows them). */
export function actionsFrom(state: number): ExchangeAction[] {
  return EXCHANGE_ACTIONS.filter((a) => canApply(a, state));
}

export function stateLabel(state: number): string {
  return ExchangeState.labels[state as ExchangeStateValue] ?? String(state);
}
