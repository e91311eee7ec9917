/**
 * The level minimums in force: the operator's (kv `quality:level-thresholds`, set with
 * `npm run ops -- quality levels set`) or the defaults of openapi/rules/quality.ts. Every reader of
 * a level — the pages, task eligibility, the exchange — goes through `levelThresholds`, so they
 * agree. Kept in the process for THRESHOLDS_MS: a change made by the operator's process is in
 * force everywhere within that time; one made in this process at once.
 */
import { DEFAULT_LEVEL_THRESHOLDS, thresholdsProblem, type LevelThreshold } from '../../../openapi/rules/quality';
import type { Executor, WriteContext } from '../../kernel/db';
import { storedSetting } from '../../kernel/setting';
import { AppError } from '../../http/errors';

const KEY = 'quality:level-thresholds';
export const THRESHOLDS_MS = 30_000;

const stored = storedSetting(KEY, THRESHOLDS_MS, (value): readonly LevelThreshold[] => {
  const set = value as LevelThreshold[] | undefined;
  // A stored value that no longer passes the checks (edited by hand) is not used.
  return set && thresholdsProblem(set) === null ? set : DEFAULT_LEVEL_THRESHOLDS;
});

export const levelThresholds = (db: Executor): Promise<readonly LevelThreshold[]> => stored.current(db);

/** Operator: change one level's minimums (the others stay); refused with the reason when the set would not rise. */
export async function setLevelThreshold(
  ctx: WriteContext,
  change: { level: number; minCounted?: number; minRate?: number },
): Promise<readonly LevelThreshold[]> {
  const now = await stored.read(ctx.db);
  if (!now.some((t) => t.level === change.level))
    throw new AppError('INVALID_PARAMS', '等级只能是 1（待提升）、2（良好）或 3（优秀）');
  const next = now.map((t) =>
    t.level === change.level
      ? { ...t, minCounted: change.minCounted ?? t.minCounted, minRate: change.minRate ?? t.minRate }
      : t,
  );
  const problem = thresholdsProblem(next);
  if (problem) throw new AppError('INVALID_PARAMS', problem);
  await stored.save(ctx, next);
  return next;
}

/** Operator: back to the defaults of openapi/rules/quality.ts. */
export async function resetLevelThresholds(ctx: WriteContext): Promise<readonly LevelThreshold[]> {
  await stored.clear(ctx);
  return DEFAULT_LEVEL_THRESHOLDS;
}
