/**
 * Route guards (spec §2 "Routing rules") as one pure function: given where the visitor is
 * going and what is known about them, where must they go instead (or null: let them in).
 * Order matters: maintenance first, then unknown paths, then the login rules.
 */

const PATH = {
  home: '/home',
  login: '/login',
  notFound: '/404',
  updating: '/updating',
} as const;

/** Pages a logged-in visitor never sees: index, login, bind, login-third, password. */
export const LOGGED_OUT_ONLY_PATHS: readonly string[] = ['/', '/login', '/bind', '/login/third', '/password'];

/** Forum pages (bbs-topic, bbs-topic-id, bbs-user, bbs-id) live under this prefix. */
const FORUM_PREFIX = '/bbs/';

export interface GuardInput {
  /** The pathname being opened, e.g. `/home/task`. */
  path: string;
  /** Its query string including `?`, kept in the login redirect; '' when none. */
  search?: string;
  /** The matched route, or null when no route of the table matches (unknown path). */
  route: { public: boolean } | null;
  /** A token is stored. */
  loggedIn: boolean;
  /** The remembered forum task hash id (cookie/localStorage `taskHashId`), if any. */
  taskHashId?: string | null;
  /** Build-time maintenance flag (`VITE_MAINTENANCE`). */
  maintenance?: boolean;
}

/** Where to redirect (replace) to, or null to render the route. */
export function guardRoute(input: GuardInput): string | null {
  const { path, route, loggedIn } = input;
  const search = input.search ?? '';

  if (input.maintenance) return path === PATH.updating ? null : PATH.updating;

  if (route === null) return path === PATH.notFound ? null : PATH.notFound;

  // Logged in on login / bind / password…: /home, or the page the login was for (`?redirect=`).
  // This is also how a fresh login lands where it was asked to go: the session flips first.
  if (loggedIn && LOGGED_OUT_ONLY_PATHS.includes(normalise(path))) {
    return safeRedirect(new URLSearchParams(search).get('redirect'));
  }

  if (!loggedIn && !route.public) {
    const taskHashId = input.taskHashId?.trim();
    if (path.startsWith(FORUM_PREFIX) && taskHashId) {
      const board = `${FORUM_PREFIX}${encodeURIComponent(taskHashId)}`;
      return path === board ? null : board;
    }
    return `${PATH.login}?redirect=${encodeURIComponent(path + search)}`;
  }

  return null;
}

/**
 * Where to go after login: `raw` (the `redirect` query parameter) when it is a path on this site
 * (one leading '/', not '//' or '/\\', no control characters) and not itself a logged-out-only
 * page; otherwise `fallback` (/home).
 */
export function safeRedirect(raw: string | null | undefined, fallback: string = PATH.home): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  const pathname = raw.split(/[?#]/, 1)[0] ?? '';
  if (LOGGED_OUT_ONLY_PATHS.includes(normalise(pathname))) return fallback;
  return raw;
}

/** `/login/` and `/login` are the same page. */
function normalise(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The document title of a route (spec §2): product name, or name + separator + title; null = leave it (H5 pages). */
export function documentTitle(
  route: { title?: string; h5?: boolean } | null,
  productName: string,
  separator: string,
): string | null {
  if (route?.h5) return null;
  return route?.title ? `${productName}${separator}${route.title}` : productName;
}
