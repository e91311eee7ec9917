import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tokenRefreshMachine, type TokenSet } from '../../machines/tokenRefresh';
import { createApiClient } from '../../src/api/client';
import { createTokenSession } from '../../src/api/tokenSession';

/**
 * The token machine behind the real API client: requests await the refresh, ten concurrent
 * calls share one refresh and all carry the new token; a failed refresh rejects the calls
 * and logs out (spec §8).
 */

const NOW = 50_000_000;
const old: TokenSet = { token: 'old', refreshToken: 'r-old', expired: NOW + 60_000 }; // due: < 90 s left
const fresh: TokenSet = { token: 'new', refreshToken: 'r-new', expired: NOW + 3_600_000 };

function harness(refresh: () => Promise<TokenSet>) {
  const calls = { refresh: 0 };
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refresh: fromPromise(async () => {
          calls.refresh++;
          return refresh();
        }),
      },
    }),
    { input: { tokens: old } },
  ).start();
  const logout = vi.fn();
  const session = createTokenSession({ actor: () => actor, logout, now: () => NOW, syncStorage: false });
  const seen: Array<string | null> = [];
  const api = createApiClient({
    session,
    baseUrl: 'http://test.local/api',
    device: { type: 2, id: 'device-1' },
    toast: { error: () => null },
    fetch: async (request) => {
      seen.push(request.headers.get('Authorization'));
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { hasNew: true, unread: 1 } }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { api, calls, logout, seen, actor };
}

describe('token session in the API client', () => {
  it('10 concurrent calls: exactly one refresh, every request sent with the new token', async () => {
    let release!: (t: TokenSet) => void;
    const h = harness(() => new Promise((resolve) => (release = resolve)));
    const pending = Array.from({ length: 10 }, () => h.api.call('checkNewMessages'));
    await new Promise((r) => setTimeout(r, 0));
    expect(h.seen).toHaveLength(0); // all waiting for the refresh
    release(fresh);
    const results = await Promise.all(pending);
    expect(results).toHaveLength(10);
    expect(h.calls.refresh).toBe(1);
    expect(h.seen).toEqual(Array(10).fill('Bearer new'));
    expect(h.logout).not.toHaveBeenCalled();
  });

  it('a failed refresh rejects the calls without sending them and logs out', async () => {
    const h = harness(async () => {
      throw new Error('reused refresh token');
    });
    const results = await Promise.allSettled([h.api.call('checkNewMessages'), h.api.call('checkNewMessages')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(h.calls.refresh).toBe(1);
    expect(h.seen).toHaveLength(0);
    expect(h.logout).toHaveBeenCalledWith('refresh-failed');
  });
});
