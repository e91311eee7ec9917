import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListView,
} from '../../../machines/pagedList';
import { api } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { toast } from '../../services/toast';
import { HomeInviteView, type Invitee, type InviteeFilter } from './HomeInviteView';

/**
 * Container of `/home/invite` 邀请好友: getInviteInfo (link, code, totals, rules; the link lands
 * on the public `/app/invite?code=…` page) and my invitees (listInvitees) through the paged-list
 * machine, filtered by whether they completed a first valid task.
 */
const inviteeListMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const filter = input.filter as InviteeFilter;
      const data = await api.call('listInvitees', {
        query: {
          page: input.page,
          pageSize: input.pageSize,
          ...(filter === 'all' ? {} : { active: filter === 'active' ? '1' : '0' }),
        },
        signal,
      });
      return { list: data.list, total: data.total };
    }),
  },
});

export default function HomeInvitePage() {
  const info = useLoad((signal) => api.call('getInviteInfo', { signal }));
  const actor = useActorRef(inviteeListMachine, { input: { filter: 'all' satisfies InviteeFilter } });
  const view = useSelector(actor, (s) => selectPagedView<Invitee, InviteeFilter>(s), sameView);
  return (
    <HomeInviteView
      info={{ status: info.status, data: info.data, error: info.error }}
      onRetryInfo={info.reload}
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
      onCopied={(ok) => (ok ? toast.success('已复制，快去分享给好友吧') : toast.error('复制失败，请长按手动复制'))}
    />
  );
}

function sameView(a: PagedListView<Invitee, InviteeFilter>, b: PagedListView<Invitee, InviteeFilter>): boolean {
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
