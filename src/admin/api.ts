/**
 * The console's API client: the same client as the member site's (src/api/client.ts) over the
 * console's request table (openapi/routes-admin.ts), with its own token. The token lives in
 * sessionStorage under its own key — a console session is short (30 idle minutes, 12 hours at
 * most) and ends with the tab — and never in the member's storage or cookies. A 401 clears it and
 * goes to the sign-in page, which comes back to where the staff member was.
 */
import { createApiClient, type ApiClientOptions } from '../api/client';
import type { ApiSession } from '../api/session';
import { operationModules, operationRoutes } from '../../openapi/routes-admin';
import { consolePaths, SIGN_IN_PATH } from './routing/paths';

export const CONSOLE_TOKEN_KEY = 'weidou.console.token';

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lasts as long as the page
  }
}

let memoryToken: string | null = null;

/** The console token: sessionStorage when there is one, else this page's memory. */
export const consoleToken = {
  read: (): string | null => store()?.getItem(CONSOLE_TOKEN_KEY) ?? memoryToken,
  write(token: string) {
    memoryToken = token;
    store()?.setItem(CONSOLE_TOKEN_KEY, token);
  },
  clear() {
    memoryToken = null;
    store()?.removeItem(CONSOLE_TOKEN_KEY);
  },
};

export const consoleTable = { routes: operationRoutes, modules: operationModules };

export interface ConsoleSessionOptions {
  /** Where a 401 goes; a full page load by default (the console's state is gone with the token). */
  navigate?: (path: string) => void;
  /** The current path and query, for the way back after signing in. */
  here?: () => string;
}

/** The console's session: its token; a 401 clears it and goes to the sign-in page with a return path. */
export function createConsoleSession(options: ConsoleSessionOptions = {}): ApiSession {
  const navigate = options.navigate ?? ((path: string) => window.location.assign(path));
  const here = options.here ?? (() => (typeof location === 'undefined' ? '' : location.pathname + location.search));
  return {
    async getToken() {
      return consoleToken.read();
    },
    logout() {
      consoleToken.clear();
      const current = here();
      // Several calls can fail at once; the sign-in page does not send itself to itself.
      if (current.split('?')[0] !== SIGN_IN_PATH) navigate(consolePaths.signIn(current));
    },
  };
}

/** A console client; options as the member client's (tests pass a fake fetch, a session). */
export const createConsoleClient = (options: Omit<ApiClientOptions, 'table'> = {}) =>
  createApiClient({ session: createConsoleSession(), ...options, table: consoleTable });

let navigateHook: ((path: string) => void) | null = null;
/** The console's router navigates on 401 once it is up (no full reload). */
export const setConsoleNavigate = (navigate: ((path: string) => void) | null) => (navigateHook = navigate);
const session = createConsoleSession({
  navigate: (path) => (navigateHook ? navigateHook(path) : window.location.assign(path)),
});

/** The console's client: refusals toast (openapi/codes.ts). */
export const consoleApi = createConsoleClient({ session });
/** The same without toasts, for calls whose refusal the page shows itself (the sign-in form). */
export const quietConsoleApi = createConsoleClient({ session, toast: { error: () => null } });
export type ConsoleApi = typeof consoleApi;
