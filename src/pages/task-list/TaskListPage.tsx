import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListView,
} from '../../../machines/pagedList';
import { api } from '../../api';
import { readMakeMoneyStatus, saveMakeMoneyStatus } from '../../components/task/makeMoneyStatus';
import { isModule, isRange, toTaskCardView, type TaskCardData, type TaskCardView } from '../../components/task/model';
import { TaskListView, type TaskFilter } from './TaskListView';

/**
 * Container of `/task` 任务列表: listTasks through the generic paged-list machine. The module
 * comes from `?module=` (links from 任务概况) or else the remembered MAKEMONEYSTATUS; every
 * module chosen is remembered there (it survives logout by design).
 */
const taskListMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const filter = input.filter as TaskFilter;
      const data = await api.call('listTasks', {
        query: {
          page: input.page,
          pageSize: input.pageSize,
          ...(filter.module === null ? {} : { module: filter.module as TaskCardData['module'] }),
          ...(filter.pointsRange === null ? {} : { pointsRange: filter.pointsRange }),
        },
        signal,
      });
      return { list: data.list.map(toTaskCardView), total: data.total };
    }),
  },
});

function initialFilter(search: URLSearchParams): TaskFilter {
  const fromUrl = search.get('module');
  const urlModule = fromUrl === null || fromUrl === '' ? NaN : Number(fromUrl);
  const saved = readMakeMoneyStatus()?.module;
  const module = isModule(urlModule) ? urlModule : isModule(saved) ? saved : null;
  const rangeRaw = Number(search.get('range') ?? NaN);
  return { module, pointsRange: isRange(rangeRaw) ? rangeRaw : null };
}

export default function TaskListPage() {
  const [search, setSearch] = useSearchParams();
  const actor = useActorRef(taskListMachine, { input: { filter: initialFilter(search), pageSize: 10 } });
  const view = useSelector(actor, (s) => selectPagedView<TaskCardView, TaskFilter>(s), sameView);

  // A module given in the URL is also a choice: remember it.
  useEffect(() => {
    saveMakeMoneyStatus({ module: view.filter.module });
  }, [view.filter.module]);

  return (
    <TaskListView
      filter={view.filter}
      status={view.status}
      items={view.items}
      total={view.total}
      hasMore={view.hasMore}
      error={view.error}
      moreError={view.moreError}
      onFilter={(filter) => {
        if (filter.module === view.filter.module && filter.pointsRange === view.filter.pointsRange) return;
        actor.send({ type: 'user.filter', filter });
        if (search.has('module') || search.has('range')) setSearch({}, { replace: true });
      }}
      onLoadMore={() => actor.send({ type: 'user.loadMore' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}

function sameView(a: PagedListView<TaskCardView, TaskFilter>, b: PagedListView<TaskCardView, TaskFilter>): boolean {
  return (
    a.status === b.status &&
    a.filter === b.filter &&
    (a.items === b.items || (a.items.length === 0 && b.items.length === 0)) &&
    a.total === b.total &&
    a.hasMore === b.hasMore &&
    a.error === b.error &&
    a.moreError === b.moreError &&
    a.canLoadMore === b.canLoadMore
  );
}
