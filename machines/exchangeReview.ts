import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { Code } from '../openapi/codes';
import { ExchangeState } from '../openapi/enums';
import { Reason, TotpCode } from '../openapi/rules/staff';
import type {
  BulkApproveResult,
  ReviewDecision,
  ReviewItem,
  ReviewQueuePage,
  ReviewRow,
} from '../openapi/schemas/adminExchange';
import { codeOf, errorMessage, notProvided } from './shared';

/**
 * The console's exchange review (兑换审核): the queue of pending exchanges (oldest first, paged),
 * one exchange opened with its member's risk signals, and the decisions — approve, reject with a
 * reason, approve the checked low-risk rows at once with a fresh authenticator code. Two staff
 * deciding one exchange at once: the second is refused with ALREADY_DECIDED; the flow says so and
 * asks the queue and the exchange again (no error page).
 *
 * Three parallel regions:
 *
 * - `queue`   `loading` (actor `loadQueue` { page }) → `ready` / `failed` (`user.retry` → loading).
 *             `user.page { page }` and the internal `queue.reload` load again (the old page stays
 *             on screen meanwhile). A new page clears the checked rows.
 * - `item`    `none`; `user.select { id }` → `loading` (actor `loadItem` { id }) → `shown` / `failed`;
 *             `user.close` → none; `item.reload` loads the open exchange again.
 * - `move`    `idle`:
 *               `user.approve` (the open exchange, while it is pending) → `approving` (actor
 *               `approve` { id });
 *               `user.reject` → `rejecting.editing` (`user.input { field: reason }`; `user.submit`
 *               with a reason of 2+ characters → `rejecting.sending`, actor `reject` { id, reason };
 *               `user.cancel` → idle);
 *               `user.bulk` with rows checked → `bulk.editing` (`user.input { field: code }`;
 *               `user.submit` with 6 digits → `bulk.sending`, actor `bulkApprove` { ids, totp };
 *               `user.cancel` → idle).
 *             A decision's answer sets `notice` and reloads the queue and the open exchange. A refusal
 *             with ALREADY_DECIDED is the `conflict` notice (and the same reloads); any other refusal of
 *             approve is the `refused` notice; of a dialog's call, its `error` (a wrong code clears the
 *             code). `user.check { id, checked }` / `user.checkAllLow` / `user.clearChecks` pick rows
 *             for bulk approval: only rows the server rates low, at most 50. `user.dismiss` clears the notice.
 *
 * Tags: `busy` (approving, rejecting.sending, bulk.sending).
 */

export type ReviewQueue = z.output<typeof ReviewQueuePage>;
export type ReviewQueueRow = z.output<typeof ReviewRow>;
export type ReviewExchange = z.output<typeof ReviewItem>;
export type ReviewDecisionResult = z.output<typeof ReviewDecision>;
export type BulkApproveOutcome = z.output<typeof BulkApproveResult>;

export const REVIEW_PAGE_SIZE = 20;
/** The most exchanges one bulk approval takes (the contract's limit). */
export const BULK_MAX = 50;
const PENDING = ExchangeState.values.PENDING_REVIEW;

/**
 * What the last decision came to. `createdAt` (of each exchange, as last read) lets the view name
 * an exchange by its number after it left the queue.
 */
export type ReviewNotice =
  | { kind: 'approved'; decision: ReviewDecisionResult; createdAt: number | null }
  | { kind: 'rejected'; decision: ReviewDecisionResult; createdAt: number | null }
  | { kind: 'bulk'; result: BulkApproveOutcome; createdAt: Record<number, number> }
  | { kind: 'conflict'; id: number; createdAt: number | null }
  | { kind: 'refused'; id: number; message: string; createdAt: number | null };

export interface ExchangeReviewContext {
  page: number;
  queue: ReviewQueue | null;
  queueError: string | null;
  /** The exchange opened beside the queue. */
  selectedId: number | null;
  item: ReviewExchange | null;
  itemError: string | null;
  /** Low-risk rows checked for bulk approval. */
  checked: number[];
  /** The exchange being approved, or the one the reject dialog is about. */
  target: number | null;
  reason: string;
  code: string;
  /** The open dialog's refusal. */
  error: string | null;
  notice: ReviewNotice | null;
  /**
   * Exchanges this page saw decided (by this staff member, or by someone else first): never
   * decided again from here, even before the reads asked again have answered.
   */
  decided: number[];
}

export type ExchangeReviewEvent =
  | { type: 'user.page'; page: number }
  | { type: 'user.retry' }
  | { type: 'user.select'; id: number }
  | { type: 'user.close' }
  | { type: 'user.check'; id: number; checked: boolean }
  | { type: 'user.checkAllLow' }
  | { type: 'user.clearChecks' }
  | { type: 'user.approve' }
  | { type: 'user.reject' }
  | { type: 'user.bulk' }
  | { type: 'user.input'; field: 'reason' | 'code'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.dismiss' }
  | { type: 'queue.reload' }
  | { type: 'item.reload' };

export interface RejectInput {
  id: number;
  reason: string;
}
export interface BulkInput {
  ids: number[];
  totp: string;
}

const isConflict = (error: unknown) => codeOf(error) === Code.ALREADY_DECIDED;
const isLow = (row: ReviewQueueRow) => row.risk.level === 'low' && row.state === PENDING;
const lowRows = (c: ExchangeReviewContext) => (c.queue?.list ?? []).filter(isLow);

/** The open exchange's state as last read: the item when it is this one, else its queue row. */
function openState(c: ExchangeReviewContext): number | null {
  if (c.selectedId === null) return null;
  if (c.item?.id === c.selectedId) return c.item.state;
  return c.queue?.list.find((r) => r.id === c.selectedId)?.state ?? null;
}

/**
 * What the page knows at once after a decision: the decided exchanges leave the queue and the
 * checked rows, and the open one shows its new state when the answer gave it (`state` null: decided
 * by someone else, state unknown until the exchange is read again).
 */
function settle(c: ExchangeReviewContext, outcomes: readonly { id: number; state: number | null }[]) {
  const ids = new Set(outcomes.map((o) => o.id));
  const kept = c.queue ? c.queue.list.filter((r) => !ids.has(r.id)) : null;
  const now = outcomes.find((o) => o.id === c.item?.id)?.state ?? null;
  return {
    queue:
      c.queue && kept
        ? { ...c.queue, list: kept, total: Math.max(0, c.queue.total - (c.queue.list.length - kept.length)) }
        : c.queue,
    item: c.item && now !== null ? { ...c.item, state: now as ReviewExchange['state'] } : c.item,
    checked: c.checked.filter((id) => !ids.has(id)),
    decided: [...new Set([...c.decided, ...ids])],
  };
}

/** When an exchange was made, from the open item or the queue (null when neither holds it). */
function createdAtOf(c: ExchangeReviewContext, id: number): number | null {
  if (c.item?.id === id) return c.item.createdAt;
  return c.queue?.list.find((r) => r.id === id)?.createdAt ?? null;
}

const reloadBoth = ['reloadQueue', 'reloadItem'] as const;

export const exchangeReviewMachine = setup({
  types: {} as {
    context: ExchangeReviewContext;
    events: ExchangeReviewEvent;
    tags: 'busy';
  },
  actors: {
    loadQueue: fromPromise<ReviewQueue, { page: number }>(notProvided('exchangeReviewMachine', 'loadQueue')),
    loadItem: fromPromise<ReviewExchange, { id: number }>(notProvided('exchangeReviewMachine', 'loadItem')),
    approve: fromPromise<ReviewDecisionResult, { id: number }>(notProvided('exchangeReviewMachine', 'approve')),
    reject: fromPromise<ReviewDecisionResult, RejectInput>(notProvided('exchangeReviewMachine', 'reject')),
    bulkApprove: fromPromise<BulkApproveOutcome, BulkInput>(notProvided('exchangeReviewMachine', 'bulkApprove')),
  },
  guards: {
    anotherPage: ({ context, event }) => event.type === 'user.page' && event.page >= 1 && event.page !== context.page,
    canDecide: ({ context }) => openState(context) === PENDING && !context.decided.includes(context.selectedId!),
    checkable: ({ context, event }) => {
      if (event.type !== 'user.check') return false;
      if (!event.checked) return context.checked.includes(event.id);
      const row = context.queue?.list.find((r) => r.id === event.id);
      return !!row && isLow(row) && !context.checked.includes(event.id) && context.checked.length < BULK_MAX;
    },
    someLowUnchecked: ({ context }) => lowRows(context).some((r) => !context.checked.includes(r.id)),
    someChecked: ({ context }) => context.checked.length > 0,
    reasonReady: ({ context }) => Reason.safeParse(context.reason).success,
    codeReady: ({ context }) => TotpCode.safeParse(context.code).success,
    conflict: ({ event }) => isConflict((event as { error?: unknown }).error),
    hasOpen: ({ context }) => context.selectedId !== null,
  },
  actions: {
    input: assign(({ event }) =>
      event.type === 'user.input'
        ? { [event.field]: event.field === 'code' ? event.value.trim() : event.value, error: null }
        : {},
    ),
    closeDialog: assign({ target: null, reason: '', code: '', error: null }),
    /** After a decision, or a refusal saying someone else decided: the queue and the open exchange again. */
    reloadQueue: raise({ type: 'queue.reload' }),
    reloadItem: raise({ type: 'item.reload' }),
  },
}).createMachine({
  id: 'exchangeReview',
  type: 'parallel',
  context: {
    page: 1,
    queue: null,
    queueError: null,
    selectedId: null,
    item: null,
    itemError: null,
    checked: [],
    target: null,
    reason: '',
    code: '',
    error: null,
    notice: null,
    decided: [],
  },
  on: {
    'user.dismiss': { actions: assign({ notice: null }) },
    'user.check': {
      guard: 'checkable',
      actions: assign({
        checked: ({ context, event }) =>
          event.checked ? [...context.checked, event.id] : context.checked.filter((id) => id !== event.id),
      }),
    },
    'user.checkAllLow': {
      guard: 'someLowUnchecked',
      actions: assign({
        checked: ({ context }) =>
          [...new Set([...context.checked, ...lowRows(context).map((r) => r.id)])].slice(0, BULK_MAX),
      }),
    },
    'user.clearChecks': { guard: 'someChecked', actions: assign({ checked: [] }) },
  },
  states: {
    queue: {
      initial: 'loading',
      on: {
        'user.page': {
          guard: 'anotherPage',
          target: '.loading',
          actions: assign({ page: ({ event }) => event.page, checked: [] }),
        },
        'queue.reload': { target: '.loading' },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadQueue',
            src: 'loadQueue',
            input: ({ context }) => ({ page: context.page }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                const ids = new Set(event.output.list.filter(isLow).map((r) => r.id));
                // Rows decided meanwhile leave the queue, and leave the checked rows with it.
                return {
                  queue: event.output,
                  queueError: null,
                  checked: context.checked.filter((id) => ids.has(id)),
                };
              }),
            },
            onError: { target: 'failed', actions: assign(({ event }) => ({ queueError: errorMessage(event.error) })) },
          },
        },
        ready: {},
        failed: { on: { 'user.retry': 'loading' } },
      },
    },
    item: {
      initial: 'none',
      on: {
        'user.select': {
          target: '.loading',
          actions: assign(({ context, event }) => ({
            selectedId: event.id,
            item: context.item?.id === event.id ? context.item : null,
            itemError: null,
          })),
        },
        'user.close': { target: '.none', actions: assign({ selectedId: null, item: null, itemError: null }) },
        'item.reload': { guard: 'hasOpen', target: '.loading' },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            id: 'loadItem',
            src: 'loadItem',
            input: ({ context }) => ({ id: context.selectedId! }),
            onDone: { target: 'shown', actions: assign(({ event }) => ({ item: event.output, itemError: null })) },
            onError: { target: 'failed', actions: assign(({ event }) => ({ itemError: errorMessage(event.error) })) },
          },
        },
        shown: {},
        failed: {},
      },
    },
    move: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.approve': {
              guard: 'canDecide',
              target: 'approving',
              actions: assign(({ context }) => ({ target: context.selectedId, notice: null })),
            },
            'user.reject': {
              guard: 'canDecide',
              target: 'rejecting',
              actions: assign(({ context }) => ({ target: context.selectedId, reason: '', error: null, notice: null })),
            },
            'user.bulk': {
              guard: 'someChecked',
              target: 'bulk',
              actions: assign({ code: '', error: null, notice: null }),
            },
          },
        },
        approving: {
          tags: ['busy'],
          invoke: {
            id: 'approve',
            src: 'approve',
            input: ({ context }) => ({ id: context.target! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  notice: {
                    kind: 'approved' as const,
                    decision: event.output,
                    createdAt: createdAtOf(context, context.target!),
                  },
                  target: null,
                  ...settle(context, [event.output]),
                })),
                ...reloadBoth,
              ],
            },
            onError: [
              {
                guard: 'conflict',
                target: 'idle',
                actions: [
                  assign(({ context }) => ({
                    notice: {
                      kind: 'conflict' as const,
                      id: context.target!,
                      createdAt: createdAtOf(context, context.target!),
                    },
                    target: null,
                    ...settle(context, [{ id: context.target!, state: null }]),
                  })),
                  ...reloadBoth,
                ],
              },
              {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  notice: {
                    kind: 'refused' as const,
                    id: context.target!,
                    message: errorMessage(event.error),
                    createdAt: createdAtOf(context, context.target!),
                  },
                  target: null,
                })),
              },
            ],
          },
        },
        rejecting: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'user.input': { guard: ({ event }) => event.field === 'reason', actions: 'input' },
                'user.submit': { guard: 'reasonReady', target: 'sending' },
                'user.cancel': { target: '#exchangeReview.move.idle', actions: 'closeDialog' },
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'reject',
                src: 'reject',
                input: ({ context }) => ({ id: context.target!, reason: context.reason.trim() }),
                onDone: {
                  target: '#exchangeReview.move.idle',
                  actions: [
                    assign(({ context, event }) => ({
                      notice: {
                        kind: 'rejected' as const,
                        decision: event.output,
                        createdAt: createdAtOf(context, context.target!),
                      },
                      ...settle(context, [event.output]),
                    })),
                    'closeDialog',
                    ...reloadBoth,
                  ],
                },
                onError: [
                  {
                    guard: 'conflict',
                    target: '#exchangeReview.move.idle',
                    actions: [
                      assign(({ context }) => ({
                        notice: {
                          kind: 'conflict' as const,
                          id: context.target!,
                          createdAt: createdAtOf(context, context.target!),
                        },
                        ...settle(context, [{ id: context.target!, state: null }]),
                      })),
                      'closeDialog',
                      ...reloadBoth,
                    ],
                  },
                  { target: 'editing', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
                ],
              },
            },
          },
        },
        bulk: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'user.input': { guard: ({ event }) => event.field === 'code', actions: 'input' },
                'user.submit': { guard: 'codeReady', target: 'sending' },
                'user.cancel': { target: '#exchangeReview.move.idle', actions: 'closeDialog' },
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'bulkApprove',
                src: 'bulkApprove',
                input: ({ context }) => ({ ids: [...context.checked], totp: context.code }),
                onDone: {
                  target: '#exchangeReview.move.idle',
                  actions: [
                    assign(({ context, event }) => ({
                      notice: {
                        kind: 'bulk' as const,
                        result: event.output,
                        createdAt: Object.fromEntries(
                          context.checked.flatMap((id) => {
                            const at = createdAtOf(context, id);
                            return at === null ? [] : [[id, at]];
                          }),
                        ),
                      },
                      ...settle(context, event.output.approved),
                      checked: [],
                    })),
                    'closeDialog',
                    ...reloadBoth,
                  ],
                },
                // A wrong or used code (or anything else): the dialog says so; a code is used once.
                onError: {
                  target: 'editing',
                  actions: assign(({ event }) => ({ error: errorMessage(event.error), code: '' })),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ExchangeReviewSnapshot = SnapshotFrom<typeof exchangeReviewMachine>;

/** What the review view needs from the machine. */
export interface ExchangeReviewViewState {
  status: 'loading' | 'ready' | 'error';
  /** The queue is being asked again while the last answer stays on screen. */
  refreshing: boolean;
  rows: ReviewQueueRow[];
  total: number;
  page: number;
  pageCount: number;
  queueError: string | null;
  selectedId: number | null;
  /** The open exchange's row (from the queue, or from the item once read). */
  selected: ReviewQueueRow | null;
  item: ReviewExchange | null;
  itemStatus: 'none' | 'loading' | 'shown' | 'failed';
  itemError: string | null;
  checked: number[];
  canApprove: boolean;
  canReject: boolean;
  canBulk: boolean;
  canCheckAllLow: boolean;
  /** The exchange being approved (null when none is). */
  approving: number | null;
  dialog:
    | { kind: 'reject'; id: number; reason: string; busy: boolean; error: string | null; canSubmit: boolean }
    | { kind: 'bulk'; ids: number[]; code: string; busy: boolean; error: string | null; canSubmit: boolean }
    | null;
  notice: ReviewNotice | null;
}

export function selectExchangeReview(snapshot: ExchangeReviewSnapshot): ExchangeReviewViewState {
  const c = snapshot.context;
  const queueLoading = snapshot.matches({ queue: 'loading' });
  const status = c.queue ? 'ready' : snapshot.matches({ queue: 'failed' }) ? 'error' : 'loading';
  const total = c.queue?.total ?? 0;
  const pageSize = c.queue?.pageSize ?? REVIEW_PAGE_SIZE;
  const selected =
    c.selectedId === null
      ? null
      : ((c.item?.id === c.selectedId ? c.item : c.queue?.list.find((r) => r.id === c.selectedId)) ?? null);
  const itemStatus = snapshot.matches({ item: 'loading' })
    ? 'loading'
    : snapshot.matches({ item: 'shown' })
      ? 'shown'
      : snapshot.matches({ item: 'failed' })
        ? 'failed'
        : 'none';
  const rejecting = snapshot.matches({ move: 'rejecting' });
  const bulk = snapshot.matches({ move: 'bulk' });
  const sending = snapshot.hasTag('busy');
  return {
    status,
    refreshing: queueLoading && c.queue !== null,
    rows: c.queue?.list ?? [],
    total,
    page: c.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    queueError: c.queueError,
    selectedId: c.selectedId,
    selected,
    item: c.item?.id === c.selectedId ? c.item : null,
    itemStatus,
    itemError: c.itemError,
    checked: c.checked,
    canApprove: snapshot.can({ type: 'user.approve' }),
    canReject: snapshot.can({ type: 'user.reject' }),
    canBulk: snapshot.can({ type: 'user.bulk' }),
    canCheckAllLow: snapshot.can({ type: 'user.checkAllLow' }),
    approving: snapshot.matches({ move: 'approving' }) ? c.target : null,
    dialog: rejecting
      ? {
          kind: 'reject',
          id: c.target!,
          reason: c.reason,
          busy: sending,
          error: c.error,
          canSubmit: !sending && snapshot.can({ type: 'user.submit' }),
        }
      : bulk
        ? {
            kind: 'bulk',
            ids: c.checked,
            code: c.code,
            busy: sending,
            error: c.error,
            canSubmit: !sending && snapshot.can({ type: 'user.submit' }),
          }
        : null,
    notice: c.notice,
  };
}
