import { api } from '../../api';
import { useRemote } from '../../components/task/useRemote';
import { TaskSummaryView } from './TaskSummaryView';

/** Container of `/task/summary` 任务概况: getTaskSummary once, retry on failure. */
export default function TaskSummaryPage() {
  const remote = useRemote((signal) => api.call('getTaskSummary', { signal }), []);
  const status = remote.status === 'notFound' ? 'error' : remote.status;
  return <TaskSummaryView status={status} summary={remote.data} error={remote.error} onRetry={remote.retry} />;
}
