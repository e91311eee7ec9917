import { quietApi } from '../../api';
import { feedbackAsk } from '../../routing/feedback';
import type { TaskRecordData } from '../../components/task/model';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { TaskRecordsView, type RecordFilter } from './TaskRecordsView';

/**
 * Container of `/home/task` 任务记录: listTaskRecords filtered by join result. "反馈问题" links to
 * the feedback form only when the route table has it; until then each row shows its respondent
 * id with a copy button (no dead links).
 */
const fetchRecords: FetchPage<TaskRecordData, RecordFilter> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listTaskRecords', {
    query: { page, pageSize, ...(filter === null ? {} : { result: filter as TaskRecordData['joinResult'] }) },
    signal,
  });

const ask = feedbackAsk();
const feedbackPath = ask && ((rid: string) => ask({ rid }));

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function TaskRecordsPage() {
  const list = usePagedList(fetchRecords, { filter: null });
  return <TaskRecordsView {...list} feedbackPath={feedbackPath} onCopy={copy} />;
}
