/**
 * The operator's side of banners, login banners and events (`npm run ops -- banner …`, the demo
 * seed): publish with placement, screen, order and window; withdraw; list with each one's state.
 * A link is an in-site path to a page that is built, or an https address; whoever publishes
 * says how to tell a built page (`isPage`: the ops script asks the client's route table, which
 * the server cannot import).
 */
import { asc, desc, eq } from 'drizzle-orm';
import { Placement } from '../../../openapi/schemas/banners';
import type { WriteContext } from '../../kernel/db';
import { promotions } from '../../db/tables';
import { AppError } from '../../http/errors';
import { checkWindow, windowLabel } from '../../kernel/window';
import { EVERY_PLACEMENT, LOGIN_PLACEMENT, type PromotionKind } from './service';

type Ctx = WriteContext;

export const KINDS: Record<PromotionKind, string> = { banner: '轮播图', login: '登录页配图', event: '活动' };
export const PLATFORMS = { all: '不限', phone: '手机', desktop: '电脑' } as const;
export const TITLE_MAX = 40;
export const SUMMARY_MAX = 60;

export interface PromotionInput {
  kind: string;
  /** A contract Placement or `all`; login banners have none. */
  placement?: string;
  /** all | phone | desktop; default all. */
  platform?: string;
  title: string;
  summary?: string | null;
  image: string;
  mobileImage?: string | null;
  link?: string | null;
  sortOrder?: number;
  /** Epoch ms; default now. */
  startAt?: number;
  endAt?: number | null;
}

export interface PublishRules {
  /** Whether a page of the site renders this pathname (a link to a page not built is refused). */
  isPage: (pathname: string) => boolean;
}

export type PromotionRow = typeof promotions.$inferSelect;

const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
const isKind = (k: string): k is PromotionKind => Object.hasOwn(KINDS, k);
const PLACEMENTS: readonly string[] = [...Placement.options, EVERY_PLACEMENT];

/** An image: an https address or a file of this site (`/promo/x.svg`). */
function checkImage(name: string, url: string) {
  if (/^\/[^/]/.test(url)) return;
  if (isHttps(url)) return;
  throw bad(`${name}应为 https 地址或本站路径（以 / 开头）`);
}

function isHttps(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A link: an in-site path to a built page, or an https address. */
export function checkLink(link: string, rules: PublishRules): void {
  if (link.startsWith('/') && !link.startsWith('//')) {
    const pathname = link.split(/[?#]/)[0]!;
    if (!rules.isPage(pathname)) throw bad(`站内页面 ${pathname} 还没有上线，不能作为链接`);
    return;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) {
    if (!isHttps(link)) throw bad('外部链接必须是 https 地址');
    return;
  }
  throw bad('链接应为站内路径（以 / 开头）或 https 地址');
}

/** Validate and store a banner, login banner or event. */
export async function publishPromotion(ctx: Ctx, input: PromotionInput, rules: PublishRules): Promise<PromotionRow> {
  const now = ctx.now();
  const kind = input.kind;
  if (!isKind(kind)) throw bad('类型应为 banner（轮播图）、login（登录页配图）或 event（活动）');
  let placement: string;
  if (kind === 'login') {
    if (input.placement !== undefined && input.placement !== LOGIN_PLACEMENT)
      throw bad('登录页配图只展示在登录页，不需要投放位置');
    placement = LOGIN_PLACEMENT;
  } else {
    if (kind === 'banner' && input.placement === undefined)
      throw bad('请给出轮播图的投放位置：landing、home、task、exchange 或 all');
    placement = input.placement ?? EVERY_PLACEMENT;
    if (!PLACEMENTS.includes(placement)) throw bad('投放位置应为 landing、home、task、exchange 或 all');
  }
  const platform = input.platform ?? 'all';
  if (!Object.hasOwn(PLATFORMS, platform)) throw bad('平台应为 all（不限）、phone（手机）或 desktop（电脑）');
  const title = input.title.trim();
  if (!title) throw bad('请填写标题（也是图片的替代文字）');
  if ([...title].length > TITLE_MAX) throw bad(`标题最多 ${TITLE_MAX} 个字`);
  const summary = input.summary?.trim() || null;
  if (summary && [...summary].length > SUMMARY_MAX) throw bad(`介绍最多 ${SUMMARY_MAX} 个字`);
  checkImage('图片', input.image.trim());
  const mobileImage = input.mobileImage?.trim() || null;
  if (mobileImage) checkImage('手机端图片', mobileImage);
  const link = input.link?.trim() || null;
  if (link) checkLink(link, rules);
  if (kind === 'event' && !link) throw bad('活动需要链接（活动页的站内路径或 https 地址）');
  const startAt = input.startAt ?? now;
  const endAt = input.endAt ?? null;
  if (kind === 'event' && endAt === null) throw bad('活动需要结束时间');
  checkWindow(startAt, endAt, now);
  const sortOrder = input.sortOrder ?? 0;
  if (!Number.isSafeInteger(sortOrder)) throw bad('顺序应为整数');
  const [row] = await ctx.db
    .insert(promotions)
    .values({
      kind,
      placement,
      platform,
      title,
      summary,
      image: input.image.trim(),
      mobileImage,
      link,
      sortOrder,
      startAt: new Date(startAt),
      endAt: endAt === null ? null : new Date(endAt),
      createdAt: new Date(now),
    })
    .returning();
  return row!;
}

/** Withdraw one now; `already` when it was withdrawn before (nothing changes). */
export async function withdrawPromotion(ctx: Ctx, id: number): Promise<{ row: PromotionRow; already: boolean }> {
  const [row] = await ctx.db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `没有编号为 ${id} 的轮播图或活动`);
  if (row.withdrawnAt) return { row, already: true };
  const [done] = await ctx.db
    .update(promotions)
    .set({ withdrawnAt: new Date(ctx.now()) })
    .where(eq(promotions.id, id))
    .returning();
  return { row: done!, already: false };
}

/** Every banner, login banner and event (or one kind), by kind and placement in display order, with its state. */
export async function listPromotionsForOperator(ctx: Ctx, kind: PromotionKind | undefined, limit: number) {
  const rows = await ctx.db
    .select()
    .from(promotions)
    .where(kind ? eq(promotions.kind, kind) : undefined)
    .orderBy(
      asc(promotions.kind),
      asc(promotions.placement),
      asc(promotions.sortOrder),
      desc(promotions.startAt),
      desc(promotions.id),
    )
    .limit(limit);
  const now = ctx.now();
  return rows.map((r) => ({
    ...r,
    state: windowLabel({ start: r.startAt, end: r.endAt, withdrawn: r.withdrawnAt }, now),
  }));
}
