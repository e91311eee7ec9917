import { MEMBER_NAV, VISITOR_NAV } from '../components/Header';
import { SIDEBAR_ITEMS } from '../components/Sidebar';
import { matchRoute, LOGIN_PATH, REGISTER_PATH } from '../routing/paths';
import type { PageLoader } from './lazyPage';
import type { AppRoute } from './routes';

/** Where a visitor or a member most likely goes next: the header's links, and the /home sidebar's for a member. */
export function likelyNextPaths(loggedIn: boolean): string[] {
  return loggedIn
    ? [...MEMBER_NAV.map((item) => item.to), ...SIDEBAR_ITEMS.map((item) => item.to)]
    : [LOGIN_PATH, REGISTER_PATH, ...VISITOR_NAV.map((item) => item.to)];
}

/** The visitor asked the browser to save data: fetch nothing ahead. */
function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

const fetched = new Set<PageLoader>();

/**
 * Import the page chunk of each path ahead of its navigation (once each; a failure is forgotten so
 * a later hint or the navigation itself tries again). The browser keeps the module, so the lazy
 * page resolves from it at once.
 */
export function prefetchPaths(paths: readonly string[], table: readonly AppRoute[]): void {
  if (saveData()) return;
  for (const path of paths) {
    const load = matchRoute(path, table)?.route.load;
    if (!load || fetched.has(load)) continue;
    fetched.add(load);
    load().catch(() => fetched.delete(load));
  }
}

/** Run `task` when the browser is idle (or after a short wait where it cannot tell); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 1000);
  return () => clearTimeout(timer);
}

/**
 * Prefetch a link's page when the pointer enters it, it takes focus or a finger touches it: one
 * delegated listener for every in-site link. Returns the unsubscribe.
 */
export function prefetchOnLinkIntent(root: Document, table: readonly AppRoute[]): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    prefetchPaths([link.pathname], table);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) root.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of events) root.removeEventListener(type, onIntent);
  };
}
