import { quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { TaskSummaryView } from './TaskSummaryView';

/** Container of `/task/summary` 任务概况: getTaskSummary once, retry on failure. */
export default function TaskSummaryPage() {
  const summary = useLoad((signal) => quietApi.call('getTaskSummary', { signal }));
  return (
    <TaskSummaryView status={summary.status} summary={summary.data} error={summary.error} onRetry={summary.reload} />
  );
}
