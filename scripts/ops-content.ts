/**
 * The content commands of `npm run ops` (scripts/ops.ts hands them over): notices, banners (also
 * login banners and campaign events) and the app's download links. Everything goes through the
 * server's own modules (notices/admin, promotions/admin, releases/service), so the rules hold for
 * operators exactly as for the seed; the one rule the server cannot check — that an in-site link
 * goes to a page that is built — is asked of the client's route table here.
 */
import { listNoticesForOperator, publishNotice, withdrawNotice } from '../server/modules/notices/admin';
import {
  KINDS,
  listPromotionsForOperator,
  PLATFORMS,
  publishPromotion,
  withdrawPromotion,
} from '../server/modules/promotions/admin';
import type { PromotionKind } from '../server/modules/promotions/service';
import { APP_PLATFORMS, listReleases, setRelease, type AppPlatform } from '../server/modules/releases/service';
import type { WriteContext } from '../server/kernel/db';
import { shanghaiInstant } from '../server/kernel/time';
import { isRouted } from '../src/routing/paths';

export const CONTENT_HELP = `公告 / notices
  notice list [--limit N]                    全部公告（含已撤下）：状态、置顶、阅读人数
  notice publish --title T (--content HTML | --file F) [--summary S] [--pin] [--start 时间] [--end 时间]
                                             发布公告；正文是 HTML，保存前清洗；摘要默认取正文前 120 字
  notice withdraw <id>                       撤下公告

轮播图与活动 / banners and events
  banner list [--kind banner|login|event] [--limit N]
  banner publish --kind banner|login|event --title T --image 图片 [--mobile-image 图片] [--link 链接]
             [--placement landing|home|task|exchange|all] [--platform all|phone|desktop]
             [--order N] [--start 时间] [--end 时间] [--summary S]
                                             banner 轮播图（需 --placement）；login 登录页配图；event 活动（需 --link 与 --end）
                                             链接：站内路径（须是已上线的页面）或 https 地址；图片：https 地址或本站路径
  banner withdraw <id>                       撤下轮播图、登录页配图或活动

App 下载 / app download
  app release set --platform android|ios --version V --url https://… [--size 字节|38.6MB] [--notes N]
                                             设置某平台的最新版本（下载页与 /v1/app/down 随即更新）
  app release list [--platform android|ios]  各平台的全部版本，新的在前

时间均为北京时间：YYYY-MM-DD 或 "YYYY-MM-DD HH:mm"；--start 默认现在，--end 默认不结束（活动除外）。`;

export interface ContentOpsTools {
  ctx: WriteContext;
  out: (line: string) => void;
  /** Throws the CLI's usage error. */
  usage: (msg: string) => never;
  optInt: (name: string, text: string | undefined, min?: number) => number | undefined;
  table: (headers: string[], rows: (string | number | null)[][]) => string[];
  time: (at: Date | number) => string;
  readFile: (file: string) => string;
  limit: number;
}

export type ContentOpsValues = Partial<Record<string, string | boolean | string[] | undefined>>;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** `38.6MB`, `512KB`, `40000000` → bytes. */
function parseSize(text: string, t: ContentOpsTools): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|k|kb|m|mb|g|gb)?$/i.exec(text.trim());
  if (!m) t.usage(`--size 应为字节数或带单位的大小，如 40000000 或 38.6MB：${text}`);
  const unit = (m![2] ?? 'b').toLowerCase()[0]!;
  const bytes = Number(m![1]) * { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit]!;
  if (!Number.isSafeInteger(Math.round(bytes)) || bytes < 1) t.usage(`--size 应为正数：${text}`);
  return Math.round(bytes);
}

export function parseTime(name: string, text: string | undefined, t: ContentOpsTools): number | undefined {
  if (text === undefined) return undefined;
  const at = shanghaiInstant(text);
  if (at === null) t.usage(`${name} 应为北京时间 YYYY-MM-DD 或 "YYYY-MM-DD HH:mm"：${text}`);
  return at!;
}

/** The HTML of `--content`, or of the file `--file` names (exactly one of them). */
export function richTextArg(
  values: ContentOpsValues,
  t: Pick<ContentOpsTools, 'usage' | 'readFile'>,
  what: string,
): string {
  const inline = str(values.content);
  const file = str(values.file);
  if ((inline === undefined) === (file === undefined)) t.usage(`请用 --content 或 --file 给出${what}（二选一）`);
  if (file === undefined) return inline!;
  try {
    return t.readFile(file);
  } catch (err) {
    return t.usage(`读不到文件 / cannot read ${file}: ${(err as Error).message}`);
  }
}

const windowText = (t: ContentOpsTools, start: Date, end: Date | null) =>
  `${t.time(start)} 起${end ? `，至 ${t.time(end)}` : '，不设结束'}`;

/** The one value of an option that may be given once (`--image` may be repeated for rewards). */
function single(name: string, v: unknown, t: ContentOpsTools): string | undefined {
  if (Array.isArray(v)) {
    if (v.length > 1) t.usage(`${name} 只能给一个`);
    return v[0] as string | undefined;
  }
  return str(v);
}

async function notice(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  switch (args[0]) {
    case 'list': {
      const rows = await listNoticesForOperator(t.ctx, t.limit);
      for (const line of t.table(
        ['编号 ID', '标题 Title', '置顶', '状态 State', '发布 Publish', '结束 End', '已读 Reads'],
        rows.map((n) => [
          n.id,
          n.title,
          n.pinned ? '置顶' : '',
          n.state,
          t.time(n.publishAt),
          n.endAt ? t.time(n.endAt) : '不结束',
          n.reads,
        ]),
      ))
        t.out(line);
      t.out(`共显示 ${rows.length} 条 / ${rows.length} shown`);
      return;
    }
    case 'publish': {
      const title = str(values.title) ?? t.usage('请用 --title 给出公告标题');
      const row = await publishNotice(t.ctx, {
        title,
        content: richTextArg(values, t, '公告正文'),
        summary: str(values.summary),
        pinned: values.pin === true,
        publishAt: parseTime('--start', str(values.start), t),
        endAt: parseTime('--end', str(values.end), t) ?? null,
      });
      t.out(
        `✓ 已发布公告 #${row.id}「${row.title}」${row.pinned ? '（置顶）' : ''}：${windowText(t, row.publishAt, row.endAt)}`,
      );
      t.out(`  摘要：${row.summary}`);
      return;
    }
    case 'withdraw': {
      const id = t.optInt('公告 id / notice id', args[1], 1) ?? t.usage('用法 / usage: notice withdraw <id>');
      const { row, already } = await withdrawNotice(t.ctx, id);
      t.out(already ? `= 公告 #${row.id} 已经撤下过 / already withdrawn` : `✓ 已撤下公告 #${row.id}「${row.title}」`);
      return;
    }
    default:
      t.usage('用法 / usage: notice list | notice publish … | notice withdraw <id>');
  }
}

function kindOf(text: string | undefined, t: ContentOpsTools): PromotionKind | undefined {
  if (text === undefined) return undefined;
  if (!Object.hasOwn(KINDS, text)) t.usage('--kind 应为 banner（轮播图）、login（登录页配图）或 event（活动）');
  return text as PromotionKind;
}

async function banner(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  switch (args[0]) {
    case 'list': {
      const rows = await listPromotionsForOperator(t.ctx, kindOf(str(values.kind), t), t.limit);
      for (const line of t.table(
        [
          '编号 ID',
          '类型 Kind',
          '位置 Placement',
          '平台',
          '顺序',
          '标题 Title',
          '链接 Link',
          '状态 State',
          '时间 Window',
        ],
        rows.map((r) => [
          r.id,
          KINDS[r.kind as PromotionKind] ?? r.kind,
          r.placement,
          PLATFORMS[r.platform as keyof typeof PLATFORMS] ?? r.platform,
          r.sortOrder,
          r.title,
          r.link,
          r.state,
          windowText(t, r.startAt, r.endAt),
        ]),
      ))
        t.out(line);
      t.out(`共显示 ${rows.length} 条 / ${rows.length} shown`);
      return;
    }
    case 'publish': {
      const kind = kindOf(str(values.kind), t) ?? t.usage('请用 --kind 给出类型：banner、login 或 event');
      const row = await publishPromotion(
        t.ctx,
        {
          kind,
          placement: str(values.placement),
          platform: str(values.platform),
          title: str(values.title) ?? t.usage('请用 --title 给出标题（也是图片的替代文字）'),
          summary: str(values.summary),
          image: single('--image', values.image, t) ?? t.usage('请用 --image 给出图片地址'),
          mobileImage: str(values['mobile-image']),
          link: str(values.link),
          sortOrder: t.optInt('--order', str(values.order), -1_000_000),
          startAt: parseTime('--start', str(values.start), t),
          endAt: parseTime('--end', str(values.end), t) ?? null,
        },
        { isPage: isRouted },
      );
      t.out(
        `✓ 已发布${KINDS[kind]} #${row.id}「${row.title}」：位置 ${row.placement}，平台 ${PLATFORMS[row.platform as keyof typeof PLATFORMS]}，顺序 ${row.sortOrder}，${windowText(t, row.startAt, row.endAt)}`,
      );
      if (row.link) t.out(`  链接：${row.link}`);
      return;
    }
    case 'withdraw': {
      const id = t.optInt('编号 / id', args[1], 1) ?? t.usage('用法 / usage: banner withdraw <id>');
      const { row, already } = await withdrawPromotion(t.ctx, id);
      const what = KINDS[row.kind as PromotionKind] ?? row.kind;
      t.out(
        already ? `= ${what} #${row.id} 已经撤下过 / already withdrawn` : `✓ 已撤下${what} #${row.id}「${row.title}」`,
      );
      return;
    }
    default:
      t.usage('用法 / usage: banner list | banner publish … | banner withdraw <id>');
  }
}

function appPlatform(text: string | undefined, t: ContentOpsTools): AppPlatform | undefined {
  if (text === undefined) return undefined;
  if (!Object.hasOwn(APP_PLATFORMS, text)) t.usage(`--platform 应为 android（安卓）或 ios（iOS）：${text}`);
  return text as AppPlatform;
}

async function app(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  if (args[0] !== 'release') t.usage('用法 / usage: app release set … | app release list');
  if (args[1] === 'set') {
    const platform = appPlatform(str(values.platform), t) ?? t.usage('请用 --platform 给出平台：android 或 ios');
    const size = str(values.size);
    const row = await setRelease(t.ctx, {
      platform,
      version: str(values.version) ?? t.usage('请用 --version 给出版本号'),
      url: str(values.url) ?? t.usage('请用 --url 给出下载地址（https）'),
      size: size === undefined ? null : parseSize(size, t),
      notes: str(values.notes),
    });
    t.out(`✓ ${APP_PLATFORMS[platform]}最新版本 → ${row.version}：${row.url}${row.size ? `（${row.size} 字节）` : ''}`);
    return;
  }
  if (args[1] === 'list') {
    const rows = await listReleases(t.ctx.db, appPlatform(str(values.platform), t));
    for (const line of t.table(
      ['平台 Platform', '版本 Version', '下载地址 URL', '大小 Bytes', '说明 Notes', '设置于 Set at'],
      rows.map((r) => [
        APP_PLATFORMS[r.platform as AppPlatform] ?? r.platform,
        r.version,
        r.url,
        r.size,
        r.notes,
        t.time(r.createdAt),
      ]),
    ))
      t.out(line);
    return;
  }
  t.usage('用法 / usage: app release set … | app release list');
}

/** Runs one content command; returns false when `command` is not one of them. */
export async function runContentOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  switch (command) {
    case 'notice':
      await notice(args, values, t);
      return true;
    case 'banner':
      await banner(args, values, t);
      return true;
    case 'app':
      await app(args, values, t);
      return true;
    default:
      return false;
  }
}
