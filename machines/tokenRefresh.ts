import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from './shared';

/**
 * Token refresh (spec §4, §8, §9): owns the access token, its refresh token and its expiry.
 *
 * States
 * - `start`      transient: `valid` when the input carries a token, else `idle`.
 * - `idle`       no token (logged out). A request is answered with no token.
 * - `valid`      a token; a request is answered with it unless it is due
 *                (`now ≥ expired − leadMs`, lead 90 000 ms), which starts `refreshing`.
 * - `refreshing` ONE refresh call in flight (actor `refresh`); every request that arrives now
 *                waits for its end (single flight: requests are not handled here).
 *                Done → `valid` + action `persist(tokens)`; error → `failed`.
 * - `failed`     the refresh failed: entry action `logout` (the app ends the session, spec §8);
 *                requests are refused until `token.set` / `token.clear`.
 *
 * Events
 * - `token.request { now }`   a request wants a token (`now`: epoch ms, so the machine stays pure).
 * - `token.set { tokens }`    a login / registration stored new tokens.
 * - `token.clear`             logout.
 *
 * Tags: `hasToken` (valid), `busy` (refreshing).
 * Context: `token`, `refreshToken`, `expired` (epoch ms), `leadMs`, `error` (the refresh failure).
 * Actors: `refresh` (fromPromise, input `{ token, refreshToken }`, output `TokenSet`) — the app calls
 * POST /v1/auth/token/refresh WITHOUT asking this machine for a token.
 * Actions: `persist` (params: the new TokenSet), `logout`.
 *
 * `requestToken(actor, now)` is the awaitable answer the API client's session uses.
 */

/** Refresh when now ≥ expiry − this lead (spec §9: 90 000 ms). Mirrors src/config TOKEN_REFRESH_LEAD_MS. */
export const TOKEN_REFRESH_LEAD_MS = 90_000;

export interface TokenSet {
  token: string;
  refreshToken: string;
  /** Access-token expiry, epoch ms. */
  expired: number;
}

export interface TokenRefreshInput {
  tokens: TokenSet | null;
  leadMs?: number;
}

export interface TokenRefreshContext {
  token: string | null;
  refreshToken: string | null;
  expired: number;
  leadMs: number;
  error: unknown;
}

export type TokenRefreshEvent =
  { type: 'token.request'; now: number } | { type: 'token.set'; tokens: TokenSet } | { type: 'token.clear' };

const cleared = { token: null, refreshToken: null, expired: 0 } as const;

export const tokenRefreshMachine = setup({
  types: {} as {
    input: TokenRefreshInput;
    context: TokenRefreshContext;
    events: TokenRefreshEvent;
    tags: 'hasToken' | 'busy';
  },
  actors: {
    refresh: fromPromise<TokenSet, { token: string; refreshToken: string }>(
      notProvided('tokenRefreshMachine', 'refresh'),
    ),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    isDue: ({ context, event }) => event.type === 'token.request' && event.now >= context.expired - context.leadMs,
  },
  actions: {
    /** Store the refreshed tokens (cookies + local storage). */
    persist: (_, _tokens: TokenSet) => {},
    /** The refresh failed: end the session (clear, go to /login). */
    logout: () => {},
    assignTokens: assign((_, tokens: TokenSet) => ({
      token: tokens.token,
      refreshToken: tokens.refreshToken,
      expired: tokens.expired,
      error: null,
    })),
    clearTokens: assign({ ...cleared, error: null }),
  },
}).createMachine({
  id: 'tokenRefresh',
  context: ({ input }) => ({
    token: input.tokens?.token ?? null,
    refreshToken: input.tokens?.refreshToken ?? null,
    expired: input.tokens?.expired ?? 0,
    leadMs: input.leadMs ?? TOKEN_REFRESH_LEAD_MS,
    error: null,
  }),
  initial: 'start',
  on: {
    'token.set': {
      target: '.valid',
      actions: { type: 'assignTokens', params: ({ event }) => event.tokens },
    },
    'token.clear': { target: '.idle', actions: 'clearTokens' },
  },
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'valid' }, { target: 'idle' }],
    },
    /** No token: logged out. */
    idle: {},
    /** A token that is answered as is until it is due. */
    valid: {
      tags: ['hasToken'],
      on: {
        'token.request': { guard: 'isDue', target: 'refreshing' },
      },
    },
    /** One refresh for everybody. */
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refresh',
        src: 'refresh',
        input: ({ context }) => ({ token: context.token ?? '', refreshToken: context.refreshToken ?? '' }),
        onDone: {
          target: 'valid',
          actions: [
            { type: 'assignTokens', params: ({ event }) => event.output },
            { type: 'persist', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ ...cleared, error: event.error })),
        },
      },
    },
    /** Refresh failed: the session ends. */
    failed: {
      entry: 'logout',
    },
  },
});

export type TokenRefreshSnapshot = SnapshotFrom<typeof tokenRefreshMachine>;
export type TokenRefreshActor = ActorRefFrom<typeof tokenRefreshMachine>;

/** Thrown by `requestToken` when the refresh failed; the API client then logs out (spec §8). */
export class TokenRefreshError extends Error {
  constructor(cause: unknown) {
    super('令牌刷新失败', { cause });
    this.name = 'TokenRefreshError';
  }
}

/**
 * What a snapshot answers to a request: a token, no token, a refusal, or "wait" (refreshing).
 */
export function tokenAnswer(
  snapshot: TokenRefreshSnapshot,
): { kind: 'token'; token: string } | { kind: 'none' } | { kind: 'failed'; error: unknown } | { kind: 'wait' } {
  if (snapshot.matches('refreshing')) return { kind: 'wait' };
  if (snapshot.matches('valid') && snapshot.context.token) return { kind: 'token', token: snapshot.context.token };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error };
  return { kind: 'none' };
}

/**
 * Ask the machine for a token: sends `token.request` and resolves with the token (null when
 * logged out) once no refresh is in flight; rejects with TokenRefreshError when the refresh failed.
 * Concurrent callers share the one refresh.
 */
export function requestToken(actor: TokenRefreshActor, now: number = Date.now()): Promise<string | null> {
  actor.send({ type: 'token.request', now });
  return new Promise((resolve, reject) => {
    const settle = (snapshot: TokenRefreshSnapshot): boolean => {
      const answer = tokenAnswer(snapshot);
      switch (answer.kind) {
        case 'wait':
          return false;
        case 'token':
          resolve(answer.token);
          return true;
        case 'none':
          resolve(null);
          return true;
        case 'failed':
          reject(new TokenRefreshError(answer.error));
          return true;
      }
    };
    if (settle(actor.getSnapshot())) return;
    const subscription = actor.subscribe({
      next: (snapshot) => {
        if (settle(snapshot)) subscription.unsubscribe();
      },
      error: (err) => reject(new TokenRefreshError(err)),
      complete: () => resolve(null),
    });
  });
}
