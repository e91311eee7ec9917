import { createActor, fromPromise } from 'xstate';
import { requestToken, tokenRefreshMachine, type TokenRefreshActor, type TokenSet } from '../../machines/tokenRefresh';
import type { ApiClient } from './client';
import { createDefaultSession, type ApiSession, type LogoutReason } from './session';
import { TOKEN_REFRESH_LEAD_MS } from '../config';
import { readLogin, saveLogin } from '../services/storage';

/**
 * The API client's session over the token-refresh machine (DESIGN §4): every request asks the
 * machine for a token and awaits it; a token due for refresh (spec §9: 90 s before `expired`)
 * is refreshed once for all concurrent requests; a failed refresh rejects, and the client then
 * logs out (spec §8).
 *
 * The refresh call goes through a bare client whose session has no token, so it never waits
 * for the machine it is serving.
 */

type LogoutHandler = (reason: LogoutReason) => void | Promise<void>;

const fallbackSession = createDefaultSession();
/** Until the session machine registers itself (SessionProvider): storage-only logout. */
let logoutHandler: LogoutHandler = (reason) => fallbackSession.logout(reason);

/** The session machine's logout; set once by SessionProvider. */
export function setLogoutHandler(handler: LogoutHandler): void {
  logoutHandler = handler;
}

let bare: ApiClient | null = null;

/**
 * A client that sends no token and does nothing on 401: for the refresh call only. Loaded on
 * demand, like the app's client, so the contract schemas stay out of the first-route bundle.
 */
async function bareClient(): Promise<ApiClient> {
  if (bare) return bare;
  const { createApiClient } = await import('./client');
  return (bare ??= createApiClient({
    session: { getToken: async () => null, logout: () => {} },
    // A failed refresh ends the session; its message would only confuse.
    toast: { error: () => null },
  }));
}

/**
 * When `token` is due, on this device's clock: now plus the token's own lifetime (`exp − iat` of
 * its claims), not the server's `expired` instant. A device whose clock is off by more than the
 * token's 30 minutes would otherwise find every fresh token already due, refresh before every
 * call, and soon replay a refresh token (which ends the session). `expired` stays the answer when
 * the claims cannot be read.
 */
export function expiryOnDeviceClock(token: string, expired: number, now = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= iat) return expired;
    return now + (exp - iat) * 1000;
  } catch {
    return expired;
  }
}

/** POST /v1/auth/token/refresh with the refresh token and the (possibly expired) token. */
export async function refreshTokens(input: { token: string; refreshToken: string }): Promise<TokenSet> {
  const data = await (
    await bareClient()
  ).call('refreshToken', {
    body: { token: input.token, refreshToken: input.refreshToken },
  });
  return { token: data.token, refreshToken: data.refreshToken, expired: expiryOnDeviceClock(data.token, data.expired) };
}

function storedTokens(): TokenSet | null {
  const login = readLogin();
  return login ? { token: login.token, refreshToken: login.refreshToken, expired: login.expired } : null;
}

const appTokenMachine = tokenRefreshMachine.provide({
  actors: { refresh: fromPromise(({ input }) => refreshTokens(input)) },
  actions: {
    persist: (_, tokens) => saveLogin(tokens),
    logout: () => void logoutHandler('refresh-failed'),
  },
});

let tokenActor: TokenRefreshActor | null = null;

/** The app's one token actor, started on first use from the stored login. */
export function getTokenActor(): TokenRefreshActor {
  if (!tokenActor) {
    tokenActor = createActor(appTokenMachine, {
      input: { tokens: storedTokens(), leadMs: TOKEN_REFRESH_LEAD_MS },
    });
    tokenActor.start();
  }
  return tokenActor;
}

/** A login / registration stored new tokens. */
export function setTokens(tokens: TokenSet): void {
  getTokenActor().send({ type: 'token.set', tokens });
}

/** Logout: forget the token. */
export function clearTokens(): void {
  getTokenActor().send({ type: 'token.clear' });
}

/**
 * Another tab may have logged in, out, or refreshed (rotating the refresh token): before
 * answering, adopt what storage holds, so this tab never replays a rotated refresh token.
 */
function syncFromStorage(actor: TokenRefreshActor) {
  const snapshot = actor.getSnapshot();
  if (snapshot.matches('refreshing')) return;
  const stored = storedTokens();
  if (!stored) {
    if (snapshot.context.token) actor.send({ type: 'token.clear' });
  } else if (stored.token !== snapshot.context.token || stored.expired !== snapshot.context.expired) {
    actor.send({ type: 'token.set', tokens: stored });
  }
}

export interface TokenSessionOptions {
  actor: () => TokenRefreshActor;
  logout: LogoutHandler;
  now?: () => number;
  /** Adopt tokens written by other tabs (default true). */
  syncStorage?: boolean;
}

export function createTokenSession(options: TokenSessionOptions): ApiSession {
  const now = options.now ?? Date.now;
  return {
    getToken() {
      const actor = options.actor();
      if (options.syncStorage !== false) syncFromStorage(actor);
      return requestToken(actor, now());
    },
    logout(reason) {
      return options.logout(reason);
    },
  };
}

/** The session the app's API client uses. */
export const appSession: ApiSession = createTokenSession({
  actor: getTokenActor,
  logout: (reason) => logoutHandler(reason),
});
