import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListView,
} from '../../../machines/pagedList';
import { api } from '../../api';
import { GoldView, type GoldFilter, type GoldRecord } from './GoldView';

/**
 * Container of `/home/gold` 微豆明细: the balance (getPoints) and the paged history
 * (listPointsHistory) through the generic paged-list machine (machines/pagedList.ts).
 */
const goldListMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const filter = input.filter as GoldFilter;
      const data = await api.call('listPointsHistory', {
        query: {
          page: input.page,
          pageSize: input.pageSize,
          ...(filter === 'all' ? {} : { direction: filter }),
        },
        signal,
      });
      return { list: data.list, total: data.total };
    }),
  },
});

export default function GoldPage() {
  const actor = useActorRef(goldListMachine, { input: { filter: 'all' satisfies GoldFilter } });
  const view = useSelector(actor, (s) => selectPagedView<GoldRecord, GoldFilter>(s), sameView);
  const [points, setPoints] = useState<{ balance: number; pending: number } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .call('getPoints', { signal: controller.signal })
      .then((p) => setPoints({ balance: p.balance, pending: p.pending }))
      .catch(() => setPoints(null));
    return () => controller.abort();
  }, []);

  return (
    <GoldView
      balance={points?.balance ?? null}
      pending={points?.pending ?? null}
      filter={view.filter}
      status={view.status}
      items={view.items}
      hasMore={view.hasMore}
      error={view.error}
      moreError={view.moreError}
      onFilter={(filter) => {
        if (filter !== view.filter) actor.send({ type: 'user.filter', filter });
      }}
      onLoadMore={() => actor.send({ type: 'user.loadMore' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}

function sameView(a: PagedListView<GoldRecord, GoldFilter>, b: PagedListView<GoldRecord, GoldFilter>): boolean {
  return (
    a.status === b.status &&
    a.filter === b.filter &&
    (a.items === b.items || (a.items.length === 0 && b.items.length === 0)) &&
    a.hasMore === b.hasMore &&
    a.error === b.error &&
    a.moreError === b.moreError &&
    a.canLoadMore === b.canLoadMore
  );
}
