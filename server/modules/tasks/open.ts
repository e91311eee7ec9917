/**
 * The open tasks, kept in the process and shared by every reader (recommend, list, summary): they
 * are the same for every member, so a request reads only the member's own rows, by key.
 *
 * A snapshot holds, in list order, the active tasks with quota left that are not closed at its
 * `at` and open before `at + OPEN_SNAPSHOT_MS`; each reader applies the time window at its own
 * `now` (`isOpenAt`), so opening and closing by the clock is exact. It is read again — one read
 * shared by the readers that wait for it — when:
 * - this process changed a task: every writer calls `tasksChanged()` after its commit, and the
 *   next read here sees the change (settle's quota count, ops, forum, seeds);
 * - it is OPEN_SNAPSHOT_MS old: a change made by another process (another worker, `npm run ops`,
 *   a direct SQL edit) shows within OPEN_SNAPSHOT_MS plus one read;
 * - the clock is outside [at, at + OPEN_SNAPSHOT_MS) (tests move it).
 */
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { tasks } from '../../db/schema-tasks';
import type { TaskRow } from './eligibility';

/** How long a snapshot is trusted without a change seen in this process. */
export const OPEN_SNAPSHOT_MS = 2_000;

let generation = 0;
/** Called by every writer of `tasks` once its change is committed: this process's snapshots are stale. */
export function tasksChanged(): void {
  generation++;
}

export interface OpenSnapshot {
  /** The app clock (ctx.now()) the snapshot was read for. */
  at: number;
  /** Open at `at` or opening before `at + OPEN_SNAPSHOT_MS`, best first (sort, then id, descending). */
  tasks: TaskRow[];
  /** Their ids as a PostgreSQL int[] literal, for the member's own rows on them. */
  idList: string;
}

interface Read {
  generation: number;
  /** Date.now() when the read started (the time bound is real time, whatever the app clock says). */
  startedAt: number;
  at: number;
  value: Promise<OpenSnapshot>;
}

function prepareRead(db: Database) {
  const at = sql.placeholder('at');
  const until = sql.placeholder('until');
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.status, 'active'),
        lte(tasks.openAt, until),
        or(isNull(tasks.closeAt), gt(tasks.closeAt, at)),
        or(isNull(tasks.quota), lt(tasks.completes, tasks.quota)),
      ),
    )
    .orderBy(desc(tasks.sort), desc(tasks.id))
    .prepare('tasks_open_snapshot');
}

interface Kept {
  read: ReturnType<typeof prepareRead>;
  /** The last read started (done or in flight); a failed one is dropped. */
  last?: Read;
}
const keptByDb = new WeakMap<Database, Kept>();

const usable = (r: Read, now: number) =>
  r.generation === generation &&
  Date.now() - r.startedAt < OPEN_SNAPSHOT_MS &&
  now >= r.at &&
  now < r.at + OPEN_SNAPSHOT_MS;

/** The open-task snapshot good for `now` (the app clock): the kept one, or a new read. */
export function openSnapshot(db: Database, now: number): Promise<OpenSnapshot> {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = { read: prepareRead(db) }));
  if (kept.last && usable(kept.last, now)) return kept.last.value;
  // The generation and time are taken before reading: a change committed meanwhile makes it stale.
  const startedAt = Date.now();
  const value = kept.read
    .execute({ at: new Date(now).toISOString(), until: new Date(now + OPEN_SNAPSHOT_MS).toISOString() })
    .then((rows) => ({ at: now, tasks: rows, idList: `{${rows.map((t) => t.id).join(',')}}` }));
  const read: Read = { generation, startedAt, at: now, value };
  const k = kept;
  value.catch(() => {
    if (k.last === read) k.last = undefined; // the next reader tries again
  });
  k.last = read;
  return value;
}

/** Is the task open at `now` by the clock (the snapshot already left out paused and full ones)? */
export const isOpenAt = (t: TaskRow, now: number) =>
  t.openAt.getTime() <= now && (t.closeAt === null || t.closeAt.getTime() > now);
