/**
 * The site's maintenance switch (维护模式). On when the MAINTENANCE setting is true (at start), or
 * when an operator turns it on (`npm run ops -- site maintenance on`, kv `site:maintenance`) —
 * no restart and no rebuild. While it is on every API call answers 10014 (MAINTENANCE) except the
 * status call the maintenance page polls and the survey partners' server-to-server postbacks (a
 * partner's complete must not be lost). Each process reads the switch at most every
 * MAINTENANCE_READ_MS: a change made by the operator's process is in force everywhere within that.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteStatus } from '../../../openapi/schemas/app';
import { kv } from '../../db/tables';
import type { Executor, WriteContext } from '../../kernel/db';

const KEY = 'site:maintenance';
export const MAINTENANCE_READ_MS = 2_000;

type Status = z.output<typeof SiteStatus>;

/**
 * API paths that answer in maintenance: the status itself, a partner's postback and a member's
 * signed return from a survey (both settle a participation once; refusing them could lose a
 * complete the member earned).
 */
const OPEN_IN_MAINTENANCE = [
  /^\/api\/v1\/site\/status(\?|$)/,
  /^\/api\/v1\/partners\/[^/?]+\/postback(\?|$)/,
  /^\/api\/v1\/process\/tasks\/callback(\?|$)/,
];

export const stillOpenInMaintenance = (url: string) => OPEN_IN_MAINTENANCE.some((re) => re.test(url));
interface Stored {
  on: boolean;
  message: string | null;
  by: string | null;
}

let cached = new WeakMap<Executor, { at: number; value: Promise<Status> }>();
/**
 * A change forgets every process-local copy, not only the one of the executor it was written
 * with: operator moves run in a transaction of their own (console and CLI write with their audit
 * row), while readers hold the app's database.
 */
const forgetAll = () => {
  cached = new WeakMap();
};

/** The operator's switch as stored. */
async function readSwitch(db: Executor): Promise<Status> {
  const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, KEY)).limit(1);
  const stored = row?.value as Stored | undefined;
  return { maintenance: stored?.on === true, message: stored?.on ? (stored.message ?? null) : null };
}

function operatorSwitch(db: Executor): Promise<Status> {
  const c = cached.get(db);
  if (c && Date.now() - c.at < MAINTENANCE_READ_MS) return c.value;
  const value = readSwitch(db);
  cached.set(db, { at: Date.now(), value });
  value.catch(() => cached.delete(db));
  return value;
}

/** Whether the site is in maintenance now (`forced`: the MAINTENANCE setting). */
export async function siteStatus(db: Executor, forced: boolean): Promise<Status> {
  const s = await operatorSwitch(db);
  return forced ? { maintenance: true, message: s.message } : s;
}

/** Operator: turn maintenance on (with an optional note for members) or off. */
export async function setMaintenance(
  ctx: WriteContext,
  change: { on: boolean; message?: string | null; by: string },
): Promise<void> {
  const value: Stored = { on: change.on, message: change.on ? change.message?.trim() || null : null, by: change.by };
  await ctx.db
    .insert(kv)
    .values({ key: KEY, value, updatedAt: new Date(ctx.now()) })
    .onConflictDoUpdate({ target: kv.key, set: { value, updatedAt: new Date(ctx.now()) } });
  forgetAll();
}
