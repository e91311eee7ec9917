import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { quietApi } from '../../api';
import { readMakeMoneyStatus, saveMakeMoneyStatus } from '../../components/task/makeMoneyStatus';
import { isModule, isRange, toTaskCardView, type TaskCardData, type TaskCardView } from '../../components/task/model';
import { shallowEqual } from '../../flows/shallowEqual';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { useBannersLoad } from '../../flows/content';
import { TaskListView, type TaskFilter } from './TaskListView';

/**
 * Container of `/task` 任务列表 (listTasks) with the banners published for it. The module comes from `?module=` (links from
 * 任务概况) or else the remembered MAKEMONEYSTATUS; every module chosen is remembered there (it
 * survives logout by design).
 */
const fetchTasks: FetchPage<TaskCardView, TaskFilter> = async ({ filter, page, pageSize }, signal) => {
  const data = await quietApi.call('listTasks', {
    query: {
      page,
      pageSize,
      ...(filter.module === null ? {} : { module: filter.module as TaskCardData['module'] }),
      ...(filter.pointsRange === null ? {} : { pointsRange: filter.pointsRange }),
    },
    signal,
  });
  return { list: data.list.map(toTaskCardView), total: data.total };
};

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
  const list = usePagedList(fetchTasks, { filter: initialFilter(search), pageSize: 10 });
  const banners = useBannersLoad('task');

  // A module given in the URL is also a choice: remember it.
  useEffect(() => {
    saveMakeMoneyStatus({ module: list.filter.module });
  }, [list.filter.module]);

  return (
    <TaskListView
      {...list}
      banners={banners.data ?? []}
      bannersLoading={banners.status === 'loading'}
      onFilter={(filter) => {
        if (shallowEqual(filter, list.filter)) return;
        list.onFilter(filter);
        // Once the member picks, the URL's filter no longer says what is shown.
        if (search.has('module') || search.has('range')) setSearch({}, { replace: true });
      }}
    />
  );
}
