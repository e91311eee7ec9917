/**
 * The app's download links (`/v1/app/down`): the newest release per platform (a new release is a
 * new row; the old ones stay as the history), and the site's download page for the QR code.
 * Operators set a release with `npm run ops -- app release set`.
 */
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDownload } from '../../../openapi/schemas/app';
import type { AppContext } from '../../context';
import { appReleases } from '../../db/tables';
import type { Executor, WriteContext } from '../../kernel/db';
import { AppError } from '../../http/errors';

type AppDownloadData = z.output<typeof AppDownload>;
export type AppPlatform = 'android' | 'ios';
export const APP_PLATFORMS: Record<AppPlatform, string> = { android: '安卓', ios: 'iOS' };
/** The site's download page (a public route of spec §2). */
export const DOWNLOAD_PAGE = '/app/down';

export type ReleaseRow = typeof appReleases.$inferSelect;

async function latest(db: Executor, platform: AppPlatform): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(appReleases)
    .where(eq(appReleases.platform, platform))
    .orderBy(desc(appReleases.createdAt), desc(appReleases.id))
    .limit(1);
  return row;
}

/**
 * The placeholder links earlier demos recorded (before the links became settings): a site started
 * on such data shows 即将上线 rather than a link that goes nowhere.
 */
export const PLACEHOLDER_RELEASE_URLS: readonly string[] = [
  'https://download.example.com/weidou/weidou-2.6.0.apk',
  'https://apps.apple.com/cn/app/id0000000000',
];

const releaseOf = (r: ReleaseRow | undefined) =>
  r && !PLACEHOLDER_RELEASE_URLS.includes(r.url)
    ? { version: r.version, url: r.url, size: r.size, updatedAt: r.createdAt.getTime(), notes: r.notes }
    : null;

export async function appDownload(ctx: AppContext): Promise<AppDownloadData> {
  return {
    android: releaseOf(await latest(ctx.db, 'android')),
    ios: releaseOf(await latest(ctx.db, 'ios')),
    pageUrl: new URL(DOWNLOAD_PAGE, ctx.config.publicOrigin).href,
  };
}

export interface ReleaseInput {
  platform: string;
  version: string;
  url: string;
  /** Bytes. */
  size?: number | null;
  notes?: string | null;
}

/** Record a new release of a platform: from now on the one `/v1/app/down` gives. */
export async function setRelease(ctx: WriteContext, input: ReleaseInput): Promise<ReleaseRow> {
  const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
  if (!Object.hasOwn(APP_PLATFORMS, input.platform)) throw bad('平台应为 android（安卓）或 ios（iOS）');
  const platform = input.platform as AppPlatform;
  const version = input.version.trim();
  if (!/^\d+(\.\d+){0,3}$/.test(version)) throw bad('版本号应为数字和点，如 2.3.1');
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    throw bad('下载地址应为 https 地址');
  }
  if (url.protocol !== 'https:') throw bad('下载地址应为 https 地址');
  const size = input.size ?? null;
  if (size !== null && !(Number.isSafeInteger(size) && size > 0)) throw bad('安装包大小应为正整数（字节）');
  const notes = input.notes?.trim() || null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const current = await latest(tx, platform);
    if (current && current.version === version && current.url === url.href)
      throw bad(`${APP_PLATFORMS[platform]}已经是 ${version} 版，下载地址相同`);
    const [row] = await tx
      .insert(appReleases)
      .values({ platform, version, url: url.href, size, notes, createdAt: new Date(now) })
      .returning();
    return row!;
  });
}

/** Every release of a platform (or all), newest first. */
export async function listReleases(db: Executor, platform?: AppPlatform): Promise<ReleaseRow[]> {
  return db
    .select()
    .from(appReleases)
    .where(platform ? eq(appReleases.platform, platform) : undefined)
    .orderBy(desc(appReleases.createdAt), desc(appReleases.id));
}
