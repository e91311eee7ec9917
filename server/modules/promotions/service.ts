/**
 * Banners (轮播图), login banners (登录页配图) and campaign events (活动) as pages get them:
 * one table (`promotions`, by `kind`), shown while their window is open (kernel/window.ts), for
 * the placement asked (or `all`, every placement of that kind) and the screen asked (or `all`,
 * every screen), in the operator's order (`sort_order` ascending, then the newest).
 */
import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Banner, Placement, Screen } from '../../../openapi/schemas/banners';
import type { CampaignEvent } from '../../../openapi/schemas/events';
import type { AppContext } from '../../context';
import { promotions } from '../../db/tables';
import { openAt } from '../../kernel/window';

export type PromotionKind = 'banner' | 'login' | 'event';
export type PlacementName = z.output<typeof Placement>;
export type ScreenName = z.output<typeof Screen>;
type BannerData = z.output<typeof Banner>;
type EventData = z.output<typeof CampaignEvent>;

/** The placement every login banner has. */
export const LOGIN_PLACEMENT = 'login';
/** A banner or event shown at every placement of its kind. */
export const EVERY_PLACEMENT = 'all';

export const BANNER_LIMIT = 10;
export const EVENT_LIMIT = 20;

type Row = typeof promotions.$inferSelect;

async function live(
  ctx: AppContext,
  kind: PromotionKind,
  where: { placement?: string; platform?: ScreenName },
  limit: number,
  extra?: SQL,
): Promise<Row[]> {
  return ctx.db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, kind),
        openAt({ start: promotions.startAt, end: promotions.endAt, withdrawn: promotions.withdrawnAt }, ctx.now()),
        where.placement === undefined ? undefined : inArray(promotions.placement, [where.placement, EVERY_PLACEMENT]),
        inArray(promotions.platform, where.platform ? ['all', where.platform] : ['all']),
        extra,
      ),
    )
    .orderBy(asc(promotions.sortOrder), desc(promotions.startAt), desc(promotions.id))
    .limit(limit);
}

const bannerOf = (r: Row): BannerData => ({
  id: r.id,
  title: r.title,
  image: r.image,
  mobileImage: r.mobileImage,
  link: r.link,
});

/** The banners of a placement for a screen. */
export async function liveBanners(
  ctx: AppContext,
  placement: PlacementName,
  platform?: ScreenName,
): Promise<BannerData[]> {
  return (await live(ctx, 'banner', { placement, platform }, BANNER_LIMIT)).map(bannerOf);
}

/** The login page's banners for a screen. */
export async function liveLoginBanners(ctx: AppContext, platform?: ScreenName): Promise<BannerData[]> {
  return (await live(ctx, 'login', { placement: LOGIN_PLACEMENT, platform }, BANNER_LIMIT)).map(bannerOf);
}

/** Campaigns in progress (of a placement, or all); each has a link and an end (checked when published). */
export async function liveEvents(
  ctx: AppContext,
  placement: PlacementName | undefined,
  platform?: ScreenName,
): Promise<EventData[]> {
  const rows = await live(
    ctx,
    'event',
    { placement, platform },
    EVENT_LIMIT,
    and(isNotNull(promotions.link), isNotNull(promotions.endAt)),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    image: r.image,
    link: r.link!,
    startAt: r.startAt.getTime(),
    endAt: r.endAt!.getTime(),
  }));
}
