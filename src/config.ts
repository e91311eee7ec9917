/**
 * Business constants of the web app (spec §9), in one place. Change a value here, never inline.
 */

/** Sent as `X-Client-Id` on every call. */
export const CLIENT_ID = 11;
/** Sent as `X-Client-Version` on every call. */
export const CLIENT_VERSION = '1.0.0';
/** Every contract call goes under this base path. */
export const API_BASE = '/api';
/** Every toast stays this long. */
export const TOAST_DURATION_MS = 2000;
/** Login cookies (token, refresh token, expiry, user, role) last this many days. */
export const LOGIN_COOKIE_DAYS = 14;
/** Refresh the access token when now ≥ expiry − this lead. */
export const TOKEN_REFRESH_LEAD_MS = 90_000;
/** The landing-page header turns white once the page is scrolled past this. */
export const HEADER_SCROLL_THRESHOLD_PX = 20;
/** The /home sidebar is fixed at this distance from the top. */
export const SIDEBAR_TOP_PX = 100;
/** The phone's bottom tab bar is this tall above the safe area; the shell keeps the room below the page. */
export const TAB_BAR_HEIGHT_PX = 56;
/** Default top padding of an empty list state. */
export const EMPTY_STATE_TOP_PADDING = 180;
/** A lazy route chunk that has not loaded after this long fails. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** How long a navigation keeps the current page on screen while the next page's chunk loads. */
export const NAVIGATION_HOLD_MS = 3000;
/** The header re-asks whether there are new messages this often while the tab is visible (and on each navigation). */
export const MESSAGE_CHECK_INTERVAL_MS = 3 * 60_000;
/** Page titles: `PRODUCT_NAME` or `PRODUCT_NAME + TITLE_SEPARATOR + route title`. */
export const PRODUCT_NAME = '微豆调研';
export const TITLE_SEPARATOR = ' - ';

/**
 * Footer: the filing authorities' sites and the copyright's first year. The company name, filing
 * numbers and contact addresses are the site operator's, set at run time: src/services/siteProfile.ts.
 */
export const COPYRIGHT_SINCE = 2018;
export const ICP_FILING_URL = 'https://beian.miit.gov.cn/';
export const PSB_FILING_URL = 'https://beian.mps.gov.cn/';
