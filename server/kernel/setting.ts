/**
 * An operator's setting stored in kv (the maintenance switch, the site profile, the quality level
 * minimums): read through a process-local copy kept for `readMs` per executor, so a change made by
 * another process (the operator's CLI) is in force everywhere within that time, and one made in this
 * process at once.
 *
 * A change forgets every process-local copy, not only the one of the executor it was written with:
 * operator moves run in a transaction of their own (console and CLI write with their audit row),
 * while readers hold the app's database.
 */
import { eq } from 'drizzle-orm';
import { kv } from '../db/schema';
import type { Executor, WriteContext } from './db';

export interface StoredSetting<T> {
  /** The setting as stored now (no copy): for a change that starts from it. */
  read(db: Executor): Promise<T>;
  /** The setting, from this process's copy when it is younger than `readMs`. */
  current(db: Executor): Promise<T>;
  /** Store `value` (JSON) and forget every copy. */
  save(ctx: WriteContext, value: unknown): Promise<void>;
  /** Remove the stored value (back to `decode(undefined)`) and forget every copy. */
  clear(ctx: WriteContext): Promise<void>;
}

/** The kv row `key`, decoded by `decode` (given undefined when there is none). */
export function storedSetting<T>(key: string, readMs: number, decode: (stored: unknown) => T): StoredSetting<T> {
  let cached = new WeakMap<Executor, { at: number; value: Promise<T> }>();
  const forgetAll = () => {
    cached = new WeakMap();
  };
  const read = async (db: Executor): Promise<T> => {
    const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, key)).limit(1);
    return decode(row?.value);
  };
  return {
    read,
    current(db) {
      const c = cached.get(db);
      if (c && Date.now() - c.at < readMs) return c.value;
      const value = read(db);
      cached.set(db, { at: Date.now(), value });
      value.catch(() => cached.delete(db));
      return value;
    },
    async save(ctx, value) {
      const updatedAt = new Date(ctx.now());
      await ctx.db
        .insert(kv)
        .values({ key, value, updatedAt })
        .onConflictDoUpdate({ target: kv.key, set: { value, updatedAt } });
      forgetAll();
    },
    async clear(ctx) {
      await ctx.db.delete(kv).where(eq(kv.key, key));
      forgetAll();
    },
  };
}
