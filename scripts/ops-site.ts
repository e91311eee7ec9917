/**
 * The site's maintenance switch in `npm run ops` (scripts/ops.ts hands `site …` over): shown, turned
 * on with an optional note for members, turned off — no restart (server/modules/site/service.ts).
 */
import { MAINTENANCE_READ_MS, setMaintenance, siteStatus } from '../server/modules/site/service';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const SITE_HELP = `站点维护 / maintenance
  site status                                是否在维护中
  site maintenance on [--message 说明]        进入维护：除维护页查询与合作方回调外，接口都答“系统维护中”，
                                             页面转到维护页；${MAINTENANCE_READ_MS / 1000} 秒内在所有进程生效
  site maintenance off                       结束维护：维护页会自己回到会员原来的页面`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function runSiteOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools & { operator: () => string },
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
  return t.usage('用法 / usage: site status | site maintenance on [--message 说明] | site maintenance off');
}
