import { clearLogin, readLogin } from '../services/storage';
import { LOGIN_PATH } from '../routing/paths';

/** Why the session ends: a 401, a failed token refresh, or the member's own choice. */
export type LogoutReason = 'unauthorized' | 'refresh-failed' | 'user';

/**
 * What the API client needs from the session. `getToken` may wait for a token refresh
 * (the token-refresh machine, machines/tokenRefresh.ts, does the single flight); if it throws, the refresh failed and the
 * client logs out (spec §8). `logout` clears the token and user info and goes to /login.
 */
export interface ApiSession {
  getToken(): Promise<string | null>;
  logout(reason: LogoutReason): void | Promise<void>;
}

export interface DefaultSessionOptions {
  /** Where logout goes; a full page load by default. */
  navigate?: (path: string) => void;
}

/** The app's session until the session/token-refresh machines take over: storage only, no refresh. */
export function createDefaultSession(options: DefaultSessionOptions = {}): ApiSession {
  const navigate = options.navigate ?? ((path: string) => window.location.assign(path));
  return {
    async getToken() {
      return readLogin()?.token ?? null;
    },
    logout(_reason) {
      clearLogin();
      // Many calls can fail with 401 at once; going to /login from /login would only reload it.
      const here = typeof location === 'undefined' ? '' : location.pathname;
      if (here !== LOGIN_PATH) navigate(LOGIN_PATH);
    },
  };
}
