/**
 * The console's route table: every console URL is built here, each page with the permission it
 * needs (openapi/rules/staff.ts). The nav lists only the pages a staff member's permissions open;
 * a page they may not open shows 无权限 instead of its content. Pages not built yet are not in the
 * table, so nothing links to them.
 */
import type { Permission } from '../../../openapi/rules/staff';

export const CONSOLE_BASE = '/admin';

export type ConsolePage =
  'home' | 'members' | 'member' | 'exchangeReview' | 'feedbackDesk' | 'adjustments' | 'audit' | 'staff';

export interface ConsoleRoute {
  page: ConsolePage;
  /** The path; a segment `:id` stands for a record's id (a positive whole number). */
  path: string;
  /** zh-CN name in the nav and the document title. */
  title: string;
  permission: Permission;
  /**
   * A page opened from another (a member from the search): not an entry of the nav, which shows
   * this other page's entry as the current one.
   */
  under?: ConsolePage;
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { page: 'home', path: '/admin', title: '工作台', permission: 'console.home' },
  { page: 'members', path: '/admin/members', title: '会员', permission: 'member.read' },
  { page: 'member', path: '/admin/members/:id', title: '会员详情', permission: 'member.read', under: 'members' },
  { page: 'exchangeReview', path: '/admin/review', title: '兑换审核', permission: 'exchange.review' },
  { page: 'adjustments', path: '/admin/adjustments', title: '微豆调整复核', permission: 'balance.approve' },
  { page: 'feedbackDesk', path: '/admin/desk', title: '反馈处理', permission: 'feedback.desk' },
  { page: 'audit', path: '/admin/audit', title: '审计日志', permission: 'audit.read' },
  { page: 'staff', path: '/admin/staff', title: '员工账号', permission: 'staff.manage' },
];

export const SIGN_IN_PATH = '/admin/sign-in';

const routeOf = (page: ConsolePage) => CONSOLE_ROUTES.find((r) => r.page === page)!;

export const consolePaths = {
  home: () => routeOf('home').path,
  exchangeReview: () => routeOf('exchangeReview').path,
  audit: () => routeOf('audit').path,
  staff: () => routeOf('staff').path,
  /** 会员 search, with the words searched for and the page of results (kept in the URL for 返回). */
  members: (q?: string | null, page?: number) => {
    const query = new URLSearchParams();
    if (q && q.trim()) query.set('q', q.trim());
    if (q && q.trim() && page && page > 1) query.set('page', String(page));
    const search = query.toString();
    return search ? `${routeOf('members').path}?${search}` : routeOf('members').path;
  },
  /** One member's page (the member 360). */
  member: (id: number) => routeOf('member').path.replace(':id', String(id)),
  /** 反馈处理, with a ticket open (`?ticket=<id>`, so a reload keeps it) or none. */
  feedbackDesk: (ticket?: number | null) =>
    ticket ? `${routeOf('feedbackDesk').path}?ticket=${ticket}` : routeOf('feedbackDesk').path,
  adjustments: () => routeOf('adjustments').path,
  /** The sign-in page, coming back to `returnTo` (a console path) after signing in. */
  signIn: (returnTo?: string | null) => {
    const back = returnTo && safeReturnPath(returnTo);
    return back && back !== consolePaths.home() ? `${SIGN_IN_PATH}?return=${encodeURIComponent(back)}` : SIGN_IN_PATH;
  },
};

/** The largest id a record can have (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** A path segment of a route against one of the pathname: the same word, or an id for `:id`. */
function segmentMatches(pattern: string, segment: string, params: Record<string, number>): boolean {
  if (!pattern.startsWith(':')) return pattern === segment;
  if (!/^[1-9]\d{0,9}$/.test(segment) || Number(segment) > MAX_ID) return false;
  params[pattern.slice(1)] = Number(segment);
  return true;
}

/** The route a pathname opens with its ids (`/admin/members/7` → member, { id: 7 }), or null. */
export function matchConsolePath(pathname: string): { route: ConsoleRoute; params: Record<string, number> } | null {
  const segments = (pathname.replace(/\/+$/, '').toLowerCase() || '/').split('/');
  for (const route of CONSOLE_ROUTES) {
    const pattern = route.path.split('/');
    const params: Record<string, number> = {};
    if (pattern.length === segments.length && pattern.every((p, i) => segmentMatches(p, segments[i]!, params)))
      return { route, params };
  }
  return null;
}

/** The route a pathname opens (trailing slashes and case ignored), or null. */
export const matchConsoleRoute = (pathname: string): ConsoleRoute | null => matchConsolePath(pathname)?.route ?? null;

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

/** The nav entries a staff member may open, in nav order (pages opened from others left out). */
export const navFor = (permissions: readonly Permission[]) =>
  CONSOLE_ROUTES.filter((r) => !r.under && permissions.includes(r.permission));

/**
 * The page a home queue links to, when that page is built: a queue whose key names a console page
 * the staff member may open. Queues of pages not built yet link nowhere.
 */
export function queuePath(key: string, permissions: readonly Permission[]): string | null {
  const route = CONSOLE_ROUTES.find((r) => r.page === key && r.page !== 'home' && !r.under);
  return route && permissions.includes(route.permission) ? route.path : null;
}
