/**
 * Seasonal campaigns' commands of `npm run ops` (scripts/ops.ts hands `campaign …` over): list the
 * campaigns, add one (dates as Beijing wall-clock time), change one's title, theme, path or dates, list and add its prizes, change a prize's
 * weight or stock. Draws use the lucky wheel's daily seed commitments (`ops -- lottery seeds`).
 */
import { CAMPAIGN_THEMES, campaignPhase, type CampaignTheme } from '../openapi/rules/campaign';
import { totalWeight } from '../openapi/rules/lottery';
import { shanghaiInstant } from '../server/kernel/time';
import {
  addCampaign,
  addCampaignPrize,
  campaignBySlug,
  drawTable,
  listCampaigns,
  poolOf,
  setCampaign,
  setCampaignPrize,
} from '../server/modules/campaign/campaigns';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const CAMPAIGN_HELP = `季节活动 / seasonal campaigns（页面 /campaigns/<slug>，christmas 另有 /christmas；福利中心列出进行中和即将开始的活动）
  campaign list                              活动、时间（北京时间）、阶段、每次任务/签到得几次机会
  campaign add <slug> --title T --start "YYYY-MM-DD HH:mm" --end "YYYY-MM-DD HH:mm"
               [--theme ${CAMPAIGN_THEMES.join('|')}] [--description D] [--per-task N] [--per-checkin N]
  campaign set <id|slug> [--title T] [--theme T] [--description D] [--start "YYYY-MM-DD HH:mm"|now]
               [--end "YYYY-MM-DD HH:mm"|now] [--slug S]
                                             改标题、主题、时间；已开始的活动开始时间不能推后、结束时间不能
                                             早于现在（会让成员已获得的机会失效）；--slug 改路径（为下一届
                                             同名活动让出页面，如 christmas → christmas-2026）
  campaign prize list <slug>                 奖池：奖品、权重、概率、库存
  campaign prize add <slug> --name N --kind points|none --weight W [--points N] [--stock N] [--sort N]
  campaign prize weight <id> <W>             修改权重（0 = 不再抽中）
  campaign prize stock <id> <N|unlimited>    设置库存`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const phaseLabel = { upcoming: '未开始', running: '进行中', ended: '已结束' } as const;

async function list(t: ContentOpsTools) {
  const now = t.ctx.now();
  for (const line of t.table(
    ['ID', '路径 Slug', '标题 Title', '开始 Start', '结束 End', '阶段 Phase', '任务/签到 Chances'],
    (await listCampaigns(t.ctx.db)).map((c) => [
      c.id,
      c.slug,
      c.title,
      t.time(c.startsAt),
      t.time(c.endsAt),
      phaseLabel[campaignPhase(c.startsAt.getTime(), c.endsAt.getTime(), now)],
      `${c.chancesPerTask} / ${c.chancesPerCheckin}`,
    ]),
  ))
    t.out(line);
}

function instant(name: string, text: string | undefined, t: ContentOpsTools): number {
  const ms = text === undefined ? null : text === 'now' ? t.ctx.now() : shanghaiInstant(text);
  return ms ?? t.usage(`${name} 应为北京时间 "YYYY-MM-DD HH:mm"`);
}

async function add(slug: string | undefined, values: ContentOpsValues, t: ContentOpsTools) {
  if (!slug) t.usage('用法 / usage: campaign add <slug> --title T --start … --end …');
  const theme = (str(values.theme) ?? 'plain') as CampaignTheme;
  if (!CAMPAIGN_THEMES.includes(theme)) t.usage(`--theme 应为 ${CAMPAIGN_THEMES.join('、')}`);
  const c = await addCampaign(t.ctx, {
    slug: slug!,
    title: str(values.title) ?? t.usage('请用 --title 给出活动标题'),
    theme,
    description: str(values.description),
    startsAt: instant('--start', str(values.start), t),
    endsAt: instant('--end', str(values.end), t),
    chancesPerTask: t.optInt('--per-task', str(values['per-task']), 0),
    chancesPerCheckin: t.optInt('--per-checkin', str(values['per-checkin']), 0),
  });
  t.out(`✓ 已添加活动 #${c.id}「${c.title}」/${c.slug}`);
}

async function set(target: string | undefined, values: ContentOpsValues, t: ContentOpsTools) {
  if (!target) t.usage('用法 / usage: campaign set <id|slug> [--title …] [--theme …] [--start …] [--end …]');
  const id = /^\d+$/.test(target!) ? Number(target) : (await campaignBySlug(t.ctx.db, target!)).id;
  const theme = str(values.theme) as CampaignTheme | undefined;
  if (theme !== undefined && !CAMPAIGN_THEMES.includes(theme)) t.usage(`--theme 应为 ${CAMPAIGN_THEMES.join('、')}`);
  const start = str(values.start);
  const end = str(values.end);
  const c = await setCampaign(t.ctx, id, {
    title: str(values.title),
    theme,
    description: str(values.description),
    slug: str(values.slug),
    // `now` is taken inside the change, so "end now" is never a few ms before the moment checked.
    startsAt: start === undefined || start === 'now' ? start : instant('--start', start, t),
    endsAt: end === undefined || end === 'now' ? end : instant('--end', end, t),
  });
  t.out(`✓ 已修改活动 #${c.id}「${c.title}」/${c.slug}：${t.time(c.startsAt)} – ${t.time(c.endsAt)}`);
}

async function prizes(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  const [sub, target, n] = args;
  if (sub === 'list' || sub === 'add') {
    const c = await campaignBySlug(t.ctx.db, target ?? t.usage(`用法 / usage: campaign prize ${sub} <slug>`));
    if (sub === 'add') {
      const kind = str(values.kind);
      if (kind !== 'points' && kind !== 'none') t.usage('--kind 应为 points 或 none');
      const p = await addCampaignPrize(t.ctx, c.id, {
        name: str(values.name) ?? t.usage('请用 --name 给出奖品名称'),
        kind: kind as 'points' | 'none',
        weight: t.optInt('--weight', str(values.weight), 0) ?? t.usage('请用 --weight 给出权重'),
        points:
          kind === 'points'
            ? (t.optInt('--points', str(values.points), 1) ?? t.usage('微豆奖品请给出 --points'))
            : undefined,
        stock: t.optInt('--stock', str(values.stock), 0) ?? null,
        sort: t.optInt('--sort', str(values.sort), 0),
      });
      t.out(`✓ 已添加奖品 #${p.id}「${p.name}」`);
      return;
    }
    const pool = await poolOf(t.ctx.db, c.id);
    const total = totalWeight(drawTable(pool));
    for (const line of t.table(
      ['ID', '名称 Name', '奖励 Reward', '权重 Weight', '概率 Chance', '库存 Stock'],
      pool.map((p) => [
        p.id,
        p.name,
        p.kind === 'points' ? `${p.points} 微豆` : '—',
        p.weight,
        total > 0 ? `${((p.weight / total) * 100).toFixed(2)}%` : '—',
        p.kind === 'none' ? '—' : (p.stock ?? '不限'),
      ]),
    ))
      t.out(line);
    return;
  }
  const id = t.optInt('<id>', target, 1) ?? t.usage('用法 / usage: campaign prize weight|stock <id> <n>');
  if (sub === 'weight') {
    const p = await setCampaignPrize(t.ctx, id, { weight: t.optInt('<W>', n, 0) ?? t.usage('请给出权重') });
    t.out(`✓ 「${p.name}」权重 ${p.weight}`);
    return;
  }
  if (sub === 'stock') {
    const stock = n === 'unlimited' ? null : (t.optInt('<N>', n, 0) ?? t.usage('请给出库存数或 unlimited'));
    const p = await setCampaignPrize(t.ctx, id, { stock });
    t.out(`✓ 「${p.name}」库存 ${p.stock ?? '不限'}`);
    return;
  }
  t.usage('用法 / usage: campaign prize list|add|weight|stock …');
}

export async function runCampaignOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'campaign') return false;
  switch (args[0]) {
    case 'list':
      await list(t);
      return true;
    case 'add':
      await add(args[1], values, t);
      return true;
    case 'set':
      await set(args[1], values, t);
      return true;
    case 'prize':
      await prizes(args.slice(1), values, t);
      return true;
    default:
      t.usage('用法 / usage: campaign list | campaign add … | campaign set … | campaign prize …');
  }
}
