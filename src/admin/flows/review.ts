import { fromPromise } from 'xstate';
import {
  exchangeReviewMachine,
  REVIEW_PAGE_SIZE,
  type BulkApproveOutcome,
  type BulkInput,
  type RejectInput,
  type ReviewDecisionResult,
  type ReviewExchange,
  type ReviewQueue,
} from '../../../machines/exchangeReview';
import { quietConsoleApi } from '../api';

/**
 * The review machine's calls. Quiet: the page shows every failure itself — the queue's error
 * state, the open exchange's, a decision's notice, a dialog's message — so no toast says it twice.
 * Not given a signal: a decision the page left settles harmlessly.
 */
export const consoleReviewMachine = exchangeReviewMachine.provide({
  actors: {
    loadQueue: fromPromise<ReviewQueue, { page: number }>(({ input, signal }) =>
      quietConsoleApi.call('listReviewQueue', { query: { page: input.page, pageSize: REVIEW_PAGE_SIZE }, signal }),
    ),
    loadItem: fromPromise<ReviewExchange, { id: number }>(({ input, signal }) =>
      quietConsoleApi.call('getReviewItem', { params: { id: input.id }, signal }),
    ),
    approve: fromPromise<ReviewDecisionResult, { id: number }>(({ input }) =>
      quietConsoleApi.call('approveExchange', { params: { id: input.id } }),
    ),
    reject: fromPromise<ReviewDecisionResult, RejectInput>(({ input }) =>
      quietConsoleApi.call('rejectExchange', { params: { id: input.id }, body: { reason: input.reason } }),
    ),
    bulkApprove: fromPromise<BulkApproveOutcome, BulkInput>(({ input }) =>
      quietConsoleApi.call('bulkApproveExchanges', { body: input }),
    ),
  },
});
