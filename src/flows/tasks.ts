import { quietApi } from '../api';
import { toTaskCardView, type TaskCardView } from '../components/task/model';

/**
 * Recommended tasks (listRecommendedTasks, GET /v1/tasks/recommend) as task cards. The landing page
 * loads this module by dynamic import after mount, so the API client and the contract's schemas
 * stay out of its first-route JS (DESIGN §7). A failure shows no toast: the section is optional.
 */
export async function loadRecommended(limit: number, signal?: AbortSignal): Promise<TaskCardView[]> {
  const list = await quietApi.call('listRecommendedTasks', { query: { limit }, ...(signal ? { signal } : {}) });
  return list.map(toTaskCardView);
}

export type { TaskCardView };
