import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage, notProvided } from './shared';

/**
 * A small generic paged list (微豆明细 `/home/gold` and other "加载更多" lists).
 *
 * States
 * - `loading`     actor `fetchPage` for page 1 of the current filter. Done with rows → `ready`;
 *                 done with none → `empty`; error → `failed`. `user.filter` restarts it.
 * - `ready`       rows shown; `hasMore` (rows held < total). `user.loadMore` (only when `hasMore`)
 *                 → `loadingMore`. `moreError` holds the message of a failed 加载更多 (the rows stay).
 * - `loadingMore` actor `fetchPage` for the next page. Done → `ready` with the rows appended (and the
 *                 total refreshed); error → `ready` with `moreError`.
 * - `empty`       no rows for this filter.
 * - `failed`      the first page failed: `error`; `user.retry` → `loading`.
 *
 * Events: `user.loadMore`, `user.retry` (failed, empty), `user.filter { filter }` (every state:
 * a new first page for that filter; rows cleared). Tags: `busy` (loading, loadingMore).
 *
 * Actor `fetchPage` (the app provides it): input `{ filter, page, pageSize }` → `{ list, total }`.
 * Items and the filter are `unknown` to the machine; `selectPagedView<T, F>` types them for a view.
 */

export interface PageRequest<F = unknown> {
  filter: F;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface PageResult<T = unknown> {
  list: T[];
  total: number;
}

export interface PagedListInput<F = unknown> {
  filter: F;
  pageSize?: number;
}

export interface PagedListContext {
  filter: unknown;
  pageSize: number;
  items: unknown[];
  total: number;
  /** Pages loaded so far. */
  page: number;
  /** The first page failed. */
  error: string | null;
  /** The last 加载更多 failed. */
  moreError: string | null;
}

export type PagedListEvent =
  { type: 'user.loadMore' } | { type: 'user.retry' } | { type: 'user.filter'; filter: unknown };

const DEFAULT_PAGE_SIZE = 20;

const hasMore = (c: Pick<PagedListContext, 'items' | 'total'>) => c.items.length < c.total;

export const pagedListMachine = setup({
  types: {} as { context: PagedListContext; events: PagedListEvent; input: PagedListInput; tags: 'busy' },
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(notProvided('pagedListMachine', 'fetchPage')),
  },
  guards: {
    hasMore: ({ context }) => hasMore(context),
    hasRows: ({ event }) => ((event as { output?: PageResult }).output?.list.length ?? 0) > 0,
  },
  actions: {
    setFilter: assign(({ event }) => ({
      filter: (event as Extract<PagedListEvent, { type: 'user.filter' }>).filter,
    })),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    filter: input.filter,
    pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    items: [],
    total: 0,
    page: 0,
    error: null,
    moreError: null,
  }),
  initial: 'loading',
  on: {
    'user.filter': { target: '.loading', reenter: true, actions: 'setFilter' },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ items: [], total: 0, page: 0, error: null, moreError: null }),
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ filter: context.filter, page: 1, pageSize: context.pageSize }),
        onDone: [
          {
            guard: 'hasRows',
            target: 'ready',
            actions: assign(({ event }) => ({ items: event.output.list, total: event.output.total, page: 1 })),
          },
          { target: 'empty', actions: assign({ total: 0, page: 1 }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    ready: {
      on: { 'user.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      tags: ['busy'],
      entry: assign({ moreError: null }),
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ filter: context.filter, page: context.page + 1, pageSize: context.pageSize }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            items: [...context.items, ...event.output.list],
            // An empty page means the end, whatever the total said.
            total: event.output.list.length === 0 ? context.items.length : event.output.total,
            page: context.page + 1,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign({ moreError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    empty: {
      on: { 'user.retry': { target: 'loading' } },
    },
    failed: {
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});

export type PagedListSnapshot = SnapshotFrom<typeof pagedListMachine>;
export type PagedListActor = ActorRefFrom<typeof pagedListMachine>;

export type PagedListStatus = 'loading' | 'ready' | 'loadingMore' | 'empty' | 'error';

/** Plain props of a paged list. */
export interface PagedListView<T, F> {
  status: PagedListStatus;
  filter: F;
  items: T[];
  total: number;
  /** More rows than shown: 加载更多 is offered. */
  hasMore: boolean;
  /** `state.can({ type: 'user.loadMore' })`. */
  canLoadMore: boolean;
  /** First-page failure (status `error`). */
  error: string | null;
  /** A failed 加载更多 (status `ready`); the rows stay. */
  moreError: string | null;
}

export function selectPagedView<T, F>(snapshot: PagedListSnapshot): PagedListView<T, F> {
  const c = snapshot.context;
  const value = snapshot.value;
  const status: PagedListStatus = value === 'failed' ? 'error' : value;
  const showsRows = status === 'ready' || status === 'loadingMore';
  return {
    status,
    filter: c.filter as F,
    items: (showsRows ? c.items : []) as T[],
    total: showsRows ? c.total : 0,
    hasMore: showsRows && hasMore(c),
    canLoadMore: snapshot.can({ type: 'user.loadMore' }),
    error: status === 'error' ? c.error : null,
    moreError: status === 'ready' ? c.moreError : null,
  };
}
