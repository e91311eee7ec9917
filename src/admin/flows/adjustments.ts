import { fromPromise } from 'xstate';
import { adjustmentDecisionMachine, type DecideRequest } from '../../../machines/adjustmentDecision';
import type { AdjustmentData } from '../../../machines/balanceAdjustment';
import { consoleApi, quietConsoleApi } from '../api';

/** The most pending requests the review page shows at once (the contract's largest page). */
export const PENDING_PAGE_SIZE = 100;

/** The four-eyes requests still waiting, newest first. */
export const listPendingAdjustments = (signal?: AbortSignal) =>
  consoleApi.call('listAdjustments', {
    query: { state: 'pending', page: 1, pageSize: PENDING_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

/** The review's calls. Quiet: the dialog and the page's notice say each refusal themselves. */
export const consoleDecisionMachine = adjustmentDecisionMachine.provide({
  actors: {
    decide: fromPromise<AdjustmentData, DecideRequest>(({ input: { kind, id, reason, totp } }) =>
      kind === 'approve'
        ? quietConsoleApi.call('approveAdjustment', { params: { id }, body: { reason, totp } })
        : quietConsoleApi.call('rejectAdjustment', { params: { id }, body: { reason, totp } }),
    ),
  },
});
