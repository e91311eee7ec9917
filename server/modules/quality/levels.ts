/**
 * The level minimums in force: the operator's (kv `quality:level-thresholds`, set with
 * `npm run ops -- quality levels set`) or the defaults of openapi/rules/quality.ts. Every reader of
 * a level — the pages, task eligibility, the exchange — goes through `levelThresholds`, so they
 * agree. Kept in the process for THRESHOLDS_MS: a change made by the operator's process is in
 * force everywhere within that time; one made in this process at once.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_LEVEL_THRESHOLDS, thresholdsProblem, type LevelThreshold } from '../../../openapi/rules/quality';
import { kv } from '../../db/tables';
import type { Executor, WriteContext } from '../../kernel/db';
import { AppError } from '../../http/errors';

const KEY = 'quality:level-thresholds';
export const THRESHOLDS_MS = 30_000;

let cached = new WeakMap<Executor, { at: number; value: Promise<readonly LevelThreshold[]> }>();
/**
 * A change forgets every process-local copy, not only the one of the executor it was written
 * with: operator moves run in a transaction of their own (console and CLI write with their audit
 * row), while readers hold the app's database.
 */
const forgetAll = () => {
  cached = new WeakMap();
};

async function readThresholds(db: Executor): Promise<readonly LevelThreshold[]> {
  const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, KEY)).limit(1);
  const stored = row?.value as LevelThreshold[] | undefined;
  // A stored value that no longer passes the checks (edited by hand) is not used.
  return stored && thresholdsProblem(stored) === null ? stored : DEFAULT_LEVEL_THRESHOLDS;
}

export function levelThresholds(db: Executor): Promise<readonly LevelThreshold[]> {
  const c = cached.get(db);
  if (c && Date.now() - c.at < THRESHOLDS_MS) return c.value;
  const value = readThresholds(db);
  cached.set(db, { at: Date.now(), value });
  value.catch(() => cached.delete(db));
  return value;
}

/** Operator: change one level's minimums (the others stay); refused with the reason when the set would not rise. */
export async function setLevelThreshold(
  ctx: WriteContext,
  change: { level: number; minCounted?: number; minRate?: number },
): Promise<readonly LevelThreshold[]> {
  const now = await readThresholds(ctx.db);
  if (!now.some((t) => t.level === change.level))
    throw new AppError('INVALID_PARAMS', '等级只能是 1（待提升）、2（良好）或 3（优秀）');
  const next = now.map((t) =>
    t.level === change.level
      ? { ...t, minCounted: change.minCounted ?? t.minCounted, minRate: change.minRate ?? t.minRate }
      : t,
  );
  const problem = thresholdsProblem(next);
  if (problem) throw new AppError('INVALID_PARAMS', problem);
  await saveThresholds(ctx, next);
  return next;
}

/** Operator: back to the defaults of openapi/rules/quality.ts. */
export async function resetLevelThresholds(ctx: WriteContext): Promise<readonly LevelThreshold[]> {
  await ctx.db.delete(kv).where(eq(kv.key, KEY));
  forgetAll();
  return DEFAULT_LEVEL_THRESHOLDS;
}

async function saveThresholds(ctx: WriteContext, value: readonly LevelThreshold[]) {
  await ctx.db
    .insert(kv)
    .values({ key: KEY, value, updatedAt: new Date(ctx.now()) })
    .onConflictDoUpdate({ target: kv.key, set: { value, updatedAt: new Date(ctx.now()) } });
  forgetAll();
}
