/**
 * The site's maintenance switch (维护模式). On when the MAINTENANCE setting is true (at start), or
 * when an operator turns it on (`npm run ops -- site maintenance on`, kv `site:maintenance`) —
 * no restart and no rebuild. While it is on every API call answers 10014 (MAINTENANCE) except the
 * status call the maintenance page polls and the survey partners' server-to-server postbacks (a
 * partner's complete must not be lost). Each process reads the switch at most every
 * MAINTENANCE_READ_MS: a change made by the operator's process is in force everywhere within that.
 */
import type { z } from 'zod';
import type { SiteStatus } from '../../../openapi/schemas/app';
import type { Executor, WriteContext } from '../../kernel/db';
import { storedSetting } from '../../kernel/setting';

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

const stored = storedSetting(KEY, MAINTENANCE_READ_MS, (value): Status => {
  const set = value as Stored | undefined;
  return { maintenance: set?.on === true, message: set?.on ? (set.message ?? null) : null };
});

/** Whether the site is in maintenance now (`forced`: the MAINTENANCE setting). */
export async function siteStatus(db: Executor, forced: boolean): Promise<Status> {
  const s = await stored.current(db);
  return forced ? { maintenance: true, message: s.message } : s;
}

/** Operator: turn maintenance on (with an optional note for members) or off. */
export async function setMaintenance(
  ctx: WriteContext,
  change: { on: boolean; message?: string | null; by: string },
): Promise<void> {
  const value: Stored = { on: change.on, message: change.on ? change.message?.trim() || null : null, by: change.by };
  await stored.save(ctx, value);
}
