import { useMediaQuery, DESKTOP_QUERY } from '../components/useMediaQuery';
import type { BannerItem } from '../components/promo/BannerCarousel';
import type { EventItem } from '../components/promo/EventCards';
import type { z } from 'zod';
import { api, isApiError, quietApi } from '../api';
import { Code } from '../../openapi/codes';
import type { Placement as PlacementSchema, Screen as ScreenSchema } from '../../openapi/schemas/banners';
import type { HomeCheck } from '../../openapi/schemas/home';
import type { NoticeBrief } from '../../openapi/schemas/notices';
import { useLoad, type Loaded } from './useLoad';

/**
 * Operator content on the pages: banners, login banners, campaigns (listBanners,
 * listLoginBanners, listEvents), the prompts of /home (homeCheck + listUnreadNotices) and a
 * notice (getNotice). Banners and campaigns are extras: a failed load shows nothing and no toast.
 */
export type Screen = z.output<typeof ScreenSchema>;
export type Placement = z.output<typeof PlacementSchema>;

/** The layout the page is in now (below 768 px: phone), which banners and campaigns are asked for. */
export function useScreen(): Screen {
  return useMediaQuery(DESKTOP_QUERY) ? 'desktop' : 'phone';
}

export const loadBanners = (position: Placement, platform: Screen, signal?: AbortSignal): Promise<BannerItem[]> =>
  quietApi.call('listBanners', { query: { position, platform }, ...(signal ? { signal } : {}) });

export const loadEvents = (position: Placement, platform: Screen, signal?: AbortSignal): Promise<EventItem[]> =>
  quietApi.call('listEvents', { query: { position, platform }, ...(signal ? { signal } : {}) });

/** The banners of a page for the screen it is on, with the load's status (to hold their space while loading). */
export function useBannersLoad(position: Placement): Loaded<BannerItem[]> {
  const screen = useScreen();
  return useLoad((signal) => loadBanners(position, screen, signal), [position, screen]);
}

/** The banners of a page for the screen it is on; none while loading or when the load fails. */
export function useBanners(position: Placement): BannerItem[] {
  return useBannersLoad(position).data ?? [];
}

/** The login page's banners for the screen it is on. */
export function useLoginBanners(): Loaded<BannerItem[]> {
  const screen = useScreen();
  return useLoad((signal) => quietApi.call('listLoginBanners', { query: { platform: screen }, signal }), [screen]);
}

/** The campaigns of a page for the screen it is on, with the load's status (none: data null or empty). */
export function useEventsLoad(position: Placement): Loaded<EventItem[]> {
  const screen = useScreen();
  return useLoad((signal) => loadEvents(position, screen, signal), [position, screen]);
}

/** What /home prompts: its check, and the unread notices' titles when there are some. */
export interface HomePromptsData {
  check: z.output<typeof HomeCheck>;
  notices: z.output<typeof NoticeBrief>[];
}

export async function loadHomePrompts(signal?: AbortSignal): Promise<HomePromptsData> {
  const opts = signal ? { signal } : {};
  const check = await quietApi.call('homeCheck', opts);
  const notices = check.unreadNotices > 0 ? await quietApi.call('listUnreadNotices', opts) : [];
  return { check, notices };
}

/** Mark notices read (全部标为已读); a refusal is the toast's. */
export async function readNotices(ids: number[]): Promise<void> {
  if (ids.length) await api.call('readNotices', { body: { ids } });
}

export const loadNotice = (id: number, signal?: AbortSignal) =>
  quietApi.call('getNotice', { params: { id }, ...(signal ? { signal } : {}) });

/** A notice that is not there (never was, withdrawn, ended) or a path id that is not one. */
export const isMissingNotice = (e: unknown) =>
  isApiError(e) && (e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS || e.httpStatus === 404);
