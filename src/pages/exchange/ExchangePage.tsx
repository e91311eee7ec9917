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
import { useSessionView } from '../../flows/session';
import { ExchangeView, type RewardItem, type RewardTab } from './ExchangeView';

/**
 * Container of `/exchange` 兑换中心 (public): the catalogue (listRewards) by type through the
 * paged-list machine, and the member's balance (getPoints) when logged in.
 */
const rewardListMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const tab = input.filter as RewardTab;
      const data = await api.call('listRewards', {
        query: { page: input.page, pageSize: input.pageSize, ...(tab === 'all' ? {} : { type: tab }) },
        signal,
      });
      return { list: data.list, total: data.total };
    }),
  },
});

export default function ExchangePage() {
  const { loggedIn } = useSessionView();
  const actor = useActorRef(rewardListMachine, { input: { filter: 'all' satisfies RewardTab, pageSize: 24 } });
  const view = useSelector(actor, (s) => selectPagedView<RewardItem, RewardTab>(s), sameView);
  const [balance, setBalance] = useState<number | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    api
      .call('getPoints', { signal: controller.signal })
      .then((p) => setBalance(p.balance))
      .catch(() => setBalance(null));
    return () => controller.abort();
  }, [loggedIn]);

  return (
    <ExchangeView
      loggedIn={loggedIn}
      balance={loggedIn ? balance : null}
      tab={view.filter}
      status={view.status}
      items={view.items}
      hasMore={view.hasMore}
      error={view.error}
      moreError={view.moreError}
      onTab={(tab) => {
        if (tab !== view.filter) actor.send({ type: 'user.filter', filter: tab });
      }}
      onLoadMore={() => actor.send({ type: 'user.loadMore' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}

function sameView(a: PagedListView<RewardItem, RewardTab>, b: PagedListView<RewardItem, RewardTab>): boolean {
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
