import { createApiClient } from '../api';
import { appSession } from '../api/tokenSession';
import { toTaskCardView, type TaskCardView } from '../components/task/model';

/**
 * The task reads whose failures the page shows itself (or not at all), so the client's toast
 * stays quiet: the recommendations and the hand-off screen's task detail.
 */
export const quietApi = createApiClient({ session: appSession, toast: { error: () => null } });

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
