/**
 * The console's route table: every console URL is built here, each page with the permission it
 * needs (openapi/rules/staff.ts). The nav lists only the pages a staff member's permissions open;
 * a page they may not open shows 无权限 instead of its content. Pages not built yet are not in the
 * table, so nothing links to them.
 */
import type { Permission } from '../../../openapi/rules/staff';

export const CONSOLE_BASE = '/admin';

export type ConsolePage = 'home' | 'audit' | 'staff' | 'adjustments';

export interface ConsoleRoute {
  page: ConsolePage;
  path: string;
  /** zh-CN name in the nav and the document title. */
  title: string;
  permission: Permission;
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { page: 'home', path: '/admin', title: '工作台', permission: 'console.home' },
  { page: 'audit', path: '/admin/audit', title: '审计日志', permission: 'audit.read' },
  { page: 'staff', path: '/admin/staff', title: '员工账号', permission: 'staff.manage' },
  { page: 'adjustments', path: '/admin/adjustments', title: '微豆调整复核', permission: 'balance.approve' },
];

export const SIGN_IN_PATH = '/admin/sign-in';

const routeOf = (page: ConsolePage) => CONSOLE_ROUTES.find((r) => r.page === page)!;

export const consolePaths = {
  home: () => routeOf('home').path,
  audit: () => routeOf('audit').path,
  staff: () => routeOf('staff').path,
  adjustments: () => routeOf('adjustments').path,
  /** The sign-in page, coming back to `returnTo` (a console path) after signing in. */
  signIn: (returnTo?: string | null) => {
    const back = returnTo && safeReturnPath(returnTo);
    return back && back !== consolePaths.home() ? `${SIGN_IN_PATH}?return=${encodeURIComponent(back)}` : SIGN_IN_PATH;
  },
};

/** The route a pathname opens (trailing slashes and case ignored), or null. */
export function matchConsoleRoute(pathname: string): ConsoleRoute | null {
  const clean = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return CONSOLE_ROUTES.find((r) => r.path === clean) ?? null;
}

/** Whether a pathname is a page of the console (a route, or the sign-in page). */
export const isConsolePath = (pathname: string) =>
  matchConsoleRoute(pathname) !== null || pathname.replace(/\/+$/, '').toLowerCase() === SIGN_IN_PATH;

/**
 * Where to go after signing in: a path (with its query) inside the console, never the sign-in page
 * itself nor another site (`//evil.example`, `https:`), else the home page.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/admin') || raw.startsWith('//')) return consolePaths.home();
  const url = new URL(raw, 'https://console.invalid');
  if (url.origin !== 'https://console.invalid') return consolePaths.home();
  if (!matchConsoleRoute(url.pathname)) return consolePaths.home();
  return url.pathname + url.search;
}

/** The pages a staff member may open, in nav order. */
export const navFor = (permissions: readonly Permission[]) =>
  CONSOLE_ROUTES.filter((r) => permissions.includes(r.permission));

/**
 * The page a home queue links to, when that page is built: a queue whose key names a console page
 * the staff member may open. Queues of pages not built yet link nowhere.
 */
export function queuePath(key: string, permissions: readonly Permission[]): string | null {
  const route = CONSOLE_ROUTES.find((r) => r.page === key && r.page !== 'home');
  return route && permissions.includes(route.permission) ? route.path : null;
}
