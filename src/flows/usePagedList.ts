import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListView,
} from '../../machines/pagedList';
import type { PagedListProps } from '../components/ListStates';
import { shallowEqual } from './shallowEqual';

/** Reads one page of a list for a filter (a contract call, shaped into rows). */
export type FetchPage<T, F> = (request: PageRequest<F>, signal: AbortSignal) => Promise<PageResult<T>>;

/**
 * A paged list for a container (machines/pagedList.ts): runs `fetchPage` for the first page of
 * `input.filter`, and returns the list view's props — status, rows, 加载更多 state — with its
 * three handlers. `onFilter` with the filter already shown does nothing (no reload).
 */
export function usePagedList<T, F>(
  fetchPage: FetchPage<T, F>,
  input: { filter: NoInfer<F>; pageSize?: number },
): Required<Pick<PagedListProps<T, F>, 'onFilter' | 'onLoadMore' | 'onRetry'>> & PagedListView<T, F> {
  const machine = useMemo(
    () =>
      pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<PageResult, PageRequest>(({ input: request, signal }) =>
            fetchPage(request as PageRequest<F>, signal),
          ),
        },
      }),
    [fetchPage],
  );
  // The input counts on mount only; later filters come through onFilter.
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, (s) => selectPagedView<T, F>(s), shallowEqual);
  const handlers = useMemo(
    () => ({
      onFilter: (filter: F) => {
        if (!shallowEqual(filter, actor.getSnapshot().context.filter)) actor.send({ type: 'user.filter', filter });
      },
      onLoadMore: () => actor.send({ type: 'user.loadMore' }),
      onRetry: () => actor.send({ type: 'user.retry' }),
    }),
    [actor],
  );
  return { ...view, ...handlers };
}
