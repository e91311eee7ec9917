import type { z } from 'zod';
import type { Appraise } from '../../openapi/schemas/appraise';
import { quietApi } from '../api';

/**
 * 月度答题之星's call for its page (getAppraise: a month's winners, the months with results, the
 * rules, and the member's own line when logged in). Through `quietApi`: the page shows its own states.
 */
export type AppraiseData = z.output<typeof Appraise>;

export const loadAppraise = (month: string | null, signal?: AbortSignal): Promise<AppraiseData> =>
  quietApi.call('getAppraise', { query: month ? { month } : {}, ...(signal ? { signal } : {}) });
