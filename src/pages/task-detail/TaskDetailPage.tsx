import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { Code } from '../../../openapi/codes';
import { isApiError, quietApi } from '../../api';
import { toTaskDetailView } from '../../components/task/model';
import { useLoad } from '../../flows/useLoad';
import { TaskDetailView } from './TaskDetailView';

// The cards panel carries its own flow; loaded beside the task, not in the page's first chunk.
const TaskCardsPanel = lazy(() => import('./TaskCardsPanel'));

/**
 * Container of `/task/detail/{id}` (id = the task's hash id): getTask once, retry on failure; the
 * member's boost and early-access cards for it in a panel of their own (TaskCardsPanel.tsx).
 */
export default function TaskDetailPage() {
  const { id = '' } = useParams();
  const task = useLoad(
    async (signal) => toTaskDetailView(await quietApi.call('getTask', { params: { id }, signal })),
    [id],
    (e) => isApiError(e) && (e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS || e.httpStatus === 404),
  );
  const t = task.data;
  return (
    <TaskDetailView
      status={task.status}
      task={t}
      error={task.error}
      onRetry={task.reload}
      cards={
        t && (
          <Suspense fallback={null}>
            <TaskCardsPanel
              task={{
                id: t.id,
                points: t.points,
                snap: t.snap,
                openAt: t.openAt,
                finished: t.mine?.status === 'finished',
              }}
              onUsed={task.reload}
            />
          </Suspense>
        )
      }
    />
  );
}
