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
import { matchRoute } from '../../routing/paths';
import type { TaskRecordData } from '../../components/task/model';
import { TaskRecordsView, type RecordFilter } from './TaskRecordsView';

/**
 * Container of `/home/task` 任务记录: listTaskRecords through the generic paged-list machine,
 * filtered by join result. "反馈问题" links to the feedback form only when the route table has it;
 * until then each row shows its respondent id with a copy button (no dead links).
 */
const recordsMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      const filter = input.filter as RecordFilter;
      const data = await api.call('listTaskRecords', {
        query: {
          page: input.page,
          pageSize: input.pageSize,
          ...(filter === null ? {} : { result: filter as TaskRecordData['joinResult'] }),
        },
        signal,
      });
      return { list: data.list, total: data.total };
    }),
  },
});

const FEEDBACK_ASK = '/home/feedback/ask';
const feedbackPath = matchRoute(FEEDBACK_ASK)
  ? (rid: string) => `${FEEDBACK_ASK}?rid=${encodeURIComponent(rid)}`
  : null;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function TaskRecordsPage() {
  const actor = useActorRef(recordsMachine, { input: { filter: null satisfies RecordFilter } });
  const view = useSelector(actor, (s) => selectPagedView<TaskRecordData, RecordFilter>(s), sameView);
  return (
    <TaskRecordsView
      filter={view.filter}
      status={view.status}
      items={view.items}
      hasMore={view.hasMore}
      error={view.error}
      moreError={view.moreError}
      feedbackPath={feedbackPath}
      onCopy={copy}
      onFilter={(filter) => {
        if (filter !== view.filter) actor.send({ type: 'user.filter', filter });
      }}
      onLoadMore={() => actor.send({ type: 'user.loadMore' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}

function sameView(a: PagedListView<TaskRecordData, RecordFilter>, b: PagedListView<TaskRecordData, RecordFilter>) {
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
