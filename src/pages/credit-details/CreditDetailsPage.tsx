import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListView,
} from '../../../machines/pagedList';
import { CreditSource } from '../../../openapi/enums';
import { api } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { CreditDetailsView, type CreditDetailsFilter, type CreditRow } from './CreditDetailsView';

/**
 * Container of `/home/creditDetails` 权益值明细: the current value (getCredit) and the paged
 * history through the generic paged-list machine — listCredits (全部 / 获得 / 消耗), or
 * listInviteCredits for 邀请所得 — both shaped into one row type.
 */
const creditListMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const filter = input.filter as CreditDetailsFilter;
      const paging = { page: input.page, pageSize: input.pageSize };
      if (filter === 'invite') {
        const data = await api.call('listInviteCredits', { query: paging, signal });
        const list: CreditRow[] = data.list.map((r) => ({
          id: r.id,
          change: r.change,
          title: r.reason,
          detail: `好友 ${r.invitee}`,
          balance: null,
          avatar: r.inviteeAvatar,
          who: r.invitee,
          createdAt: r.createdAt,
        }));
        return { list, total: data.total };
      }
      const data = await api.call('listCredits', {
        query: { ...paging, ...(filter === 'all' ? {} : { direction: filter }) },
        signal,
      });
      const list: CreditRow[] = data.list.map((r) => ({
        id: r.id,
        change: r.change,
        title: CreditSource.labels[r.source] ?? '其他',
        detail: r.reason,
        balance: r.balance,
        createdAt: r.createdAt,
      }));
      return { list, total: data.total };
    }),
  },
});

export default function CreditDetailsPage() {
  const actor = useActorRef(creditListMachine, { input: { filter: 'all' satisfies CreditDetailsFilter } });
  const view = useSelector(actor, (s) => selectPagedView<CreditRow, CreditDetailsFilter>(s), sameView);
  const summary = useLoad((signal) => api.call('getCredit', { signal }));

  return (
    <CreditDetailsView
      value={summary.data?.value ?? null}
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

function sameView(
  a: PagedListView<CreditRow, CreditDetailsFilter>,
  b: PagedListView<CreditRow, CreditDetailsFilter>,
): boolean {
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
