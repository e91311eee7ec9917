/**
 * Who runs the site (公司名称、备案号、联系邮箱, openapi/rules/siteProfile.ts): the SITE_* settings
 * (else the build's defaults), overridden field by field by the operator (`npm run ops -- site
 * profile set …`, kv `site:profile`) — no restart and no rebuild. Each process reads the operator's
 * fields at most every PROFILE_READ_MS; the HTML pages carry the result (server/http/spa.ts).
 */
import { checkSiteProfile, siteProfileFrom, type SiteProfile } from '../../../openapi/rules/siteProfile';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';
import { storedSetting } from '../../kernel/setting';

const KEY = 'site:profile';
export const PROFILE_READ_MS = 2_000;

interface Stored {
  fields: Partial<SiteProfile>;
  by: string;
}

const stored = storedSetting(KEY, PROFILE_READ_MS, (value) => (value as Stored | undefined)?.fields ?? {});

/** The profile in force: the operator's fields over `configured` (the SITE_* settings). */
export async function siteProfile(db: Executor, configured: SiteProfile): Promise<SiteProfile> {
  return siteProfileFrom(await stored.current(db), configured);
}

/** The fields the operator set (the rest follow the settings). */
export const operatorSiteProfile = (db: Executor): Promise<Partial<SiteProfile>> => stored.read(db);

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
  const fields = change.reset ? {} : { ...(await stored.read(ctx.db)), ...checked.value };
  const value: Stored = { fields, by: change.by };
  await stored.save(ctx, value);
  return fields;
}
