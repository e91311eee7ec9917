/**
 * The site in `npm run ops` (scripts/ops.ts hands `site …` over): the maintenance switch — shown,
 * turned on with an optional note for members, turned off (server/modules/site/service.ts) — and who
 * runs the site, as the footer and static pages say it (server/modules/site/profile.ts); no restart.
 */
import {
  SITE_PROFILE_DEFAULTS,
  SITE_PROFILE_FIELDS,
  SITE_PROFILE_KEYS,
  type SiteProfile,
} from '../openapi/rules/siteProfile';
import { operatorSiteProfile, PROFILE_READ_MS, setSiteProfile, siteProfile } from '../server/modules/site/profile';
import { MAINTENANCE_READ_MS, setMaintenance, siteStatus } from '../server/modules/site/service';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const SITE_HELP = `站点维护 / maintenance
  site status                                是否在维护中
  site maintenance on [--message 说明]        进入维护：除维护页查询与合作方回调外，接口都答“系统维护中”，
                                             页面转到维护页；${MAINTENANCE_READ_MS / 1000} 秒内在所有进程生效
  site maintenance off                       结束维护：维护页会自己回到会员原来的页面

运营主体 / who runs the site (页脚与关于、协议、隐私页；${PROFILE_READ_MS / 1000} 秒内生效，无需重新构建)
  site profile                               查看公司名称、备案号、联系邮箱（及哪些是运营设置的）
  site profile set [--company 公司名称] [--icp ICP备案号] [--psb 公安备案号]
                   [--support-email 邮箱] [--business-email 邮箱] [--privacy-email 邮箱]
  site profile reset                         回到环境设置（SITE_*）或默认值`;

/** `site profile set` flags → profile fields. */
const PROFILE_FLAGS: Record<string, keyof SiteProfile> = {
  company: 'companyName',
  icp: 'icpFilingNo',
  psb: 'psbFilingNo',
  'support-email': 'supportEmail',
  'business-email': 'businessEmail',
  'privacy-email': 'privacyEmail',
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function runSiteOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools & { operator: () => string; ctx: { config?: { siteProfile: SiteProfile } } },
): Promise<boolean> {
  if (command !== 'site') return false;
  if (args[0] === 'status') {
    // The switch as stored (the MAINTENANCE setting of a server process is not visible from here).
    const s = await siteStatus(t.ctx.db, false);
    t.out(s.maintenance ? `维护中 / in maintenance${s.message ? `：${s.message}` : ''}` : '正常开放 / open');
    return true;
  }
  if (args[0] === 'maintenance' && (args[1] === 'on' || args[1] === 'off')) {
    const on = args[1] === 'on';
    await setMaintenance(t.ctx, { on, message: str(values.message) ?? null, by: t.operator() });
    t.out(on ? '✓ 已进入维护 / maintenance on' : '✓ 已结束维护 / maintenance off');
    return true;
  }
  if (args[0] === 'profile') {
    if (args[1] === 'set' || args[1] === 'reset') {
      const fields = Object.fromEntries(
        Object.entries(PROFILE_FLAGS).flatMap(([flag, key]) =>
          values[flag] === undefined ? [] : [[key, values[flag]]],
        ),
      );
      if (args[1] === 'set' && Object.keys(fields).length === 0)
        return t.usage(
          '用法 / usage: site profile set --company 公司名称 | --icp … | --psb … | --support-email … | --business-email … | --privacy-email …',
        );
      await setSiteProfile(t.ctx, { fields, reset: args[1] === 'reset', by: t.operator() });
      t.out(args[1] === 'reset' ? '✓ 已回到环境设置 / back to the settings' : '✓ 已更新 / updated');
    }
    const own = await operatorSiteProfile(t.ctx.db);
    const now = await siteProfile(t.ctx.db, t.ctx.config?.siteProfile ?? SITE_PROFILE_DEFAULTS);
    for (const key of SITE_PROFILE_KEYS)
      t.out(`${SITE_PROFILE_FIELDS[key].label}：${now[key]}${own[key] !== undefined ? '（运营设置）' : ''}`);
    return true;
  }
  return t.usage(
    '用法 / usage: site status | site maintenance on [--message 说明] | site maintenance off | site profile [set … | reset]',
  );
}
