/**
 * The operator's side of tasks (used by `npm run ops`, scripts/ops-tasks.ts): every task with
 * what it asks of members, and a task's minimum answer-quality level.
 */
import { desc, eq } from 'drizzle-orm';
import { QUALITY_LEVELS } from '../../../openapi/rules/quality';
import { tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import type { TaskRow } from './eligibility';
import { tasksChanged } from './open';

export async function listTasksForOperator(db: Executor, limit: number): Promise<TaskRow[]> {
  return db.select().from(tasks).orderBy(desc(tasks.id)).limit(limit);
}

/** A task by its id (digits) or its public hash id. */
export async function taskForOperator(db: Executor, ref: string): Promise<TaskRow> {
  const where = /^\d+$/.test(ref) ? eq(tasks.id, Number(ref)) : eq(tasks.hashId, ref);
  const [t] = await db.select().from(tasks).where(where).limit(1);
  if (!t) throw new AppError('NOT_FOUND', `任务 ${ref} 不存在`);
  return t;
}

/** Set the minimum answer-quality level (0 = any) a member needs to start the task. */
export async function setTaskMinQualityLevel(db: Executor, ref: string, level: number): Promise<TaskRow> {
  if (!QUALITY_LEVELS.some((l) => l.level === level))
    throw new AppError('INVALID_PARAMS', '答题质量等级为 0–3：0 不限；1 待提升；2 良好；3 优秀');
  const t = await taskForOperator(db, ref);
  const [row] = await db.update(tasks).set({ minQualityLevel: level }).where(eq(tasks.id, t.id)).returning();
  tasksChanged();
  return row!;
}
