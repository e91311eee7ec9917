/**
 * Who runs the site, as every page's footer and the static pages say it (公司名称、备案号、联系邮箱).
 * The build carries these defaults; whoever runs the site sets their own without a rebuild — by
 * environment (SITE_COMPANY_NAME …) or by operator setting (`npm run ops -- site profile set …`) —
 * and the server writes them into each HTML page it serves (server/http/spa.ts), where the app
 * reads them back (src/services/siteProfile.ts).
 */

export interface SiteProfile {
  companyName: string;
  icpFilingNo: string;
  psbFilingNo: string;
  supportEmail: string;
  businessEmail: string;
  privacyEmail: string;
}

export const SITE_PROFILE_DEFAULTS: SiteProfile = {
  companyName: '上海微豆信息科技有限公司',
  icpFilingNo: '沪ICP备18000000号-1',
  psbFilingNo: '沪公网安备 31010402000000号',
  supportEmail: 'service@weidou.cn',
  businessEmail: 'bd@weidou.cn',
  privacyEmail: 'privacy@weidou.cn',
};

export const SITE_PROFILE_KEYS = Object.keys(SITE_PROFILE_DEFAULTS) as (keyof SiteProfile)[];

/** The `<meta name=…>` the server writes the profile into (JSON in `content`). */
export const SITE_PROFILE_META = 'site-profile';

const EMAIL_RE = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

/**
 * Each field: its label for operators and its rule (the zh-CN refusal, or null when the trimmed
 * value is fine). Plain checks, no schema library: the app reads these on every page's first load.
 */
export const SITE_PROFILE_FIELDS: Record<
  keyof SiteProfile,
  { label: string; check: (value: string) => string | null }
> = {
  companyName: {
    label: '公司名称',
    check: (v) => (v.length < 2 ? '公司名称至少 2 个字' : v.length > 60 ? '公司名称最多 60 个字' : null),
  },
  icpFilingNo: {
    label: 'ICP 备案号',
    check: (v) => (!v.includes('ICP') || v.length > 60 ? 'ICP 备案号应形如“沪ICP备12345678号-1”' : null),
  },
  psbFilingNo: {
    label: '公安备案号',
    check: (v) => (!v.includes('公网安备') || v.length > 60 ? '公安备案号应形如“沪公网安备 31010402000000号”' : null),
  },
  supportEmail: {
    label: '客服邮箱',
    check: (v) => (EMAIL_RE.test(v) && v.length <= 100 ? null : '客服邮箱格式不正确'),
  },
  businessEmail: {
    label: '商务邮箱',
    check: (v) => (EMAIL_RE.test(v) && v.length <= 100 ? null : '商务邮箱格式不正确'),
  },
  privacyEmail: {
    label: '隐私邮箱',
    check: (v) => (EMAIL_RE.test(v) && v.length <= 100 ? null : '隐私邮箱格式不正确'),
  },
};

/** A field's value trimmed, or its refusal (a value that is not text is refused). */
function checkField(key: keyof SiteProfile, raw: unknown): { value: string } | { error: string } {
  const field = SITE_PROFILE_FIELDS[key];
  if (typeof raw !== 'string') return { error: `${field.label}应为文字` };
  const value = raw.trim();
  const error = field.check(value);
  return error ? { error } : { value };
}

/** A partial profile checked field by field: the values, or the first field's zh-CN refusal. */
export function checkSiteProfile(
  input: Partial<Record<keyof SiteProfile, unknown>>,
): { ok: true; value: Partial<SiteProfile> } | { ok: false; error: string } {
  const value: Partial<SiteProfile> = {};
  for (const key of SITE_PROFILE_KEYS) {
    if (input[key] === undefined) continue;
    const checked = checkField(key, input[key]);
    if ('error' in checked) return { ok: false, error: checked.error };
    value[key] = checked.value;
  }
  return { ok: true, value };
}

/**
 * A stored or served profile read leniently: each field checked by its rule wins over `base`
 * (the server reads the operator's stored fields with it).
 */
export function siteProfileFrom(raw: unknown, base: SiteProfile = SITE_PROFILE_DEFAULTS): SiteProfile {
  if (!raw || typeof raw !== 'object') return base;
  const out = { ...base };
  for (const key of SITE_PROFILE_KEYS) {
    const checked = checkField(key, (raw as Record<string, unknown>)[key]);
    if ('value' in checked) out[key] = checked.value;
  }
  return out;
}

/**
 * The profile a served page carries (the server checked it before writing it): its text fields
 * over the defaults. No rules here: this runs on every page's first load.
 */
export function servedSiteProfile(raw: unknown): SiteProfile {
  const out = { ...SITE_PROFILE_DEFAULTS };
  if (!raw || typeof raw !== 'object') return out;
  for (const key of SITE_PROFILE_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) out[key] = value;
  }
  return out;
}
