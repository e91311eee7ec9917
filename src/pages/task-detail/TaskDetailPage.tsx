import { useParams } from 'react-router-dom';
import { Code } from '../../../openapi/codes';
import { isApiError, quietApi } from '../../api';
import { toTaskDetailView } from '../../components/task/model';
import { useLoad } from '../../flows/useLoad';
import { TaskDetailView } from './TaskDetailView';

/** Container of `/task/detail/{id}` (id = the task's hash id): getTask once, retry on failure. */
export default function TaskDetailPage() {
  const { id = '' } = useParams();
  const task = useLoad(
    async (signal) => toTaskDetailView(await quietApi.call('getTask', { params: { id }, signal })),
    [id],
    (e) => isApiError(e) && (e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS || e.httpStatus === 404),
  );
  return <TaskDetailView status={task.status} task={task.data} error={task.error} onRetry={task.reload} />;
}
