/**
 * Who runs the site (公司名称、备案号、联系邮箱, openapi/rules/siteProfile.ts): the SITE_* settings
 * (else the build's defaults), overridden field by field by the operator (`npm run ops -- site
 * profile set …`, kv `site:profile`) — no restart and no rebuild. Each process reads the operator's
 * fields at most every PROFILE_READ_MS; the HTML pages carry the result (server/http/spa.ts).
 */
import { eq } from 'drizzle-orm';
import { checkSiteProfile, siteProfileFrom, type SiteProfile } from '../../../openapi/rules/siteProfile';
import { kv } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';

const KEY = 'site:profile';
export const PROFILE_READ_MS = 2_000;

interface Stored {
  fields: Partial<SiteProfile>;
  by: string;
}

let cached = new WeakMap<Executor, { at: number; value: Promise<Partial<SiteProfile>> }>();
/**
 * A change forgets every process-local copy, not only the one of the executor it was written
 * with: operator moves run in a transaction of their own (console and CLI write with their audit
 * row), while readers hold the app's database.
 */
const forgetAll = () => {
  cached = new WeakMap();
};

async function readStored(db: Executor): Promise<Partial<SiteProfile>> {
  const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, KEY)).limit(1);
  return (row?.value as Stored | undefined)?.fields ?? {};
}

function operatorFields(db: Executor): Promise<Partial<SiteProfile>> {
  const c = cached.get(db);
  if (c && Date.now() - c.at < PROFILE_READ_MS) return c.value;
  const value = readStored(db);
  cached.set(db, { at: Date.now(), value });
  value.catch(() => cached.delete(db));
  return value;
}

/** The profile in force: the operator's fields over `configured` (the SITE_* settings). */
export async function siteProfile(db: Executor, configured: SiteProfile): Promise<SiteProfile> {
  return siteProfileFrom(await operatorFields(db), configured);
}

/** The fields the operator set (the rest follow the settings). */
export const operatorSiteProfile = (db: Executor): Promise<Partial<SiteProfile>> => readStored(db);

/**
 * Operator: change some fields (checked; a bad one refuses the whole change) or, with `reset`,
 * go back to the settings.
 */
export async function setSiteProfile(
  ctx: WriteContext,
  change: { fields: Partial<Record<keyof SiteProfile, unknown>>; reset?: boolean; by: string },
): Promise<Partial<SiteProfile>> {
  const checked = checkSiteProfile(change.fields);
  if (!checked.ok) throw new AppError('INVALID_PARAMS', checked.error);
  const fields = change.reset ? {} : { ...(await readStored(ctx.db)), ...checked.value };
  const value: Stored = { fields, by: change.by };
  await ctx.db
    .insert(kv)
    .values({ key: KEY, value, updatedAt: new Date(ctx.now()) })
    .onConflictDoUpdate({ target: kv.key, set: { value, updatedAt: new Date(ctx.now()) } });
  forgetAll();
  return fields;
}
