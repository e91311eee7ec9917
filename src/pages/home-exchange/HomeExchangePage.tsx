import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  exchangeMachine,
  selectExchangeView,
  type ExchangeDetail,
  type ExchangeRecord,
  type ExchangeView,
} from '../../../machines/exchange';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListView,
} from '../../../machines/pagedList';
import { api } from '../../api';
import { copyText } from '../../components/exchange/copy';
import { ExchangeRecordDetailView } from './ExchangeRecordDetailView';
import { HomeExchangeView, type RecordFilter } from './HomeExchangeView';

/**
 * Container of `/home/exchange` 兑换记录 (members): the paged records (listExchanges) by state
 * through the paged-list machine; `?id=…` shows one exchange through the exchange machine
 * (getExchange with its history; 刷新状态 follows it).
 */
const recordListMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const filter = input.filter as RecordFilter;
      const data = await api.call('listExchanges', {
        query: { page: input.page, pageSize: input.pageSize, ...(filter === 'all' ? {} : { state: filter }) },
        signal,
      });
      return { list: data.list, total: data.total };
    }),
  },
});

const followMachine = exchangeMachine.provide({
  actors: {
    loadExchange: fromPromise<ExchangeDetail, { exchangeId: number }>(({ input, signal }) =>
      api.call('getExchange', { params: { id: input.exchangeId }, signal }),
    ),
  },
});

export default function HomeExchangePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <RecordDetail key={id} exchangeId={id} />;
  return <RecordList />;
}

function RecordList() {
  const actor = useActorRef(recordListMachine, { input: { filter: 'all' satisfies RecordFilter } });
  const view = useSelector(actor, (s) => selectPagedView<ExchangeRecord, RecordFilter>(s), samePaged);
  return (
    <HomeExchangeView
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
      onCopy={copyText}
    />
  );
}

function RecordDetail({ exchangeId }: { exchangeId: number }) {
  const actor = useActorRef(followMachine, { input: { exchangeId } });
  const view = useSelector(actor, selectExchangeView, sameView);
  return (
    <ExchangeRecordDetailView
      status={view.status}
      exchange={view.exchange}
      error={view.error}
      refreshError={view.refreshError}
      onRefresh={() => actor.send({ type: 'user.refresh' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
      onCopy={copyText}
    />
  );
}

function samePaged(
  a: PagedListView<ExchangeRecord, RecordFilter>,
  b: PagedListView<ExchangeRecord, RecordFilter>,
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

function sameView(a: ExchangeView, b: ExchangeView): boolean {
  return (Object.keys(a) as (keyof ExchangeView)[]).every((k) => a[k] === b[k]);
}
