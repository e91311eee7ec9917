import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { createApiClient } from '../../../src/api/client';
import { createDefaultSession } from '../../../src/api/session';
import { createToastService } from '../../../src/services/toast';
import { StorageKey, clearLogin, getDeviceId, readLogin, saveLogin } from '../../../src/services/storage';
import * as config from '../../../src/config';

const login = {
  token: 'tok',
  refreshToken: 'ref',
  expired: 1_800_000_000_000,
  user: { nickname: '小明', memberId: 7 },
  role: 1,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storage', () => {
  it('uses the spec local storage keys, spelling included', () => {
    expect(StorageKey).toEqual({
      DEVICE: 'device',
      TOKEN: 'TOKEN',
      EXPIRED: 'EXPRIED',
      MAKE_MONEY_STATUS: 'MAKEMONEYSTATUS',
    });
  });

  it('saveLogin sets the login cookies for 14 days and TOKEN/EXPRIED in local storage', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveLogin(login);
    expect(set.mock.calls.map((c) => c[0])).toEqual(['token', 'refreshToken', 'expired', 'user', 'role']);
    for (const call of set.mock.calls) expect(call[2]).toMatchObject({ expires: 14, path: '/' });
    expect(localStorage.getItem('TOKEN')).toBe('tok');
    expect(localStorage.getItem('EXPRIED')).toBe('1800000000000');
    expect(readLogin()).toEqual(login);
  });

  it('the 14-day cookie expiry is a real date 14 days ahead', () => {
    const now = Date.now();
    const spy = vi.spyOn(document, 'cookie', 'set');
    saveLogin(login);
    const tokenCookie = spy.mock.calls.map((c) => c[0]).find((c) => c.startsWith('token='))!;
    const expires = Date.parse(/expires=([^;]+)/.exec(tokenCookie)![1]!);
    expect(Math.abs(expires - (now + 14 * 864e5))).toBeLessThan(5000);
  });

  it('readLogin is null when logged out', () => {
    expect(readLogin()).toBeNull();
  });

  it('clearLogin clears token and user info and local storage, but keeps MAKEMONEYSTATUS and device', () => {
    saveLogin(login);
    const device = getDeviceId();
    localStorage.setItem('MAKEMONEYSTATUS', '1');
    localStorage.setItem('somethingElse', 'x');
    clearLogin();
    expect(readLogin()).toBeNull();
    expect(Cookies.get('user')).toBeUndefined();
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect(localStorage.getItem('EXPRIED')).toBeNull();
    expect(localStorage.getItem('somethingElse')).toBeNull();
    expect(localStorage.getItem('MAKEMONEYSTATUS')).toBe('1');
    expect(localStorage.getItem('device')).toBe(device);
  });

  it('keeps the constants of spec §9 in src/config.ts', () => {
    expect(config).toMatchObject({
      CLIENT_ID: 11,
      CLIENT_VERSION: '1.0.0',
      API_BASE: '/api',
      TOAST_DURATION_MS: 2000,
      LOGIN_COOKIE_DAYS: 14,
      TOKEN_REFRESH_LEAD_MS: 90_000,
      HEADER_SCROLL_THRESHOLD_PX: 20,
      SIDEBAR_TOP_PX: 100,
      EMPTY_STATE_TOP_PADDING: 180,
      CHUNK_LOAD_TIMEOUT_MS: 120_000,
    });
  });
});

describe('default session', () => {
  it('getToken reads the stored token', async () => {
    const session = createDefaultSession({ navigate: () => undefined });
    await expect(session.getToken()).resolves.toBeNull();
    saveLogin(login);
    await expect(session.getToken()).resolves.toBe('tok');
  });

  it('logout clears the login and goes to /login', async () => {
    const navigate = vi.fn();
    const session = createDefaultSession({ navigate });
    saveLogin(login);
    localStorage.setItem('MAKEMONEYSTATUS', '1');
    await session.logout('unauthorized');
    expect(readLogin()).toBeNull();
    expect(localStorage.getItem('MAKEMONEYSTATUS')).toBe('1');
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('401 with the default session', () => {
  it('clears the stored token and goes to /login', async () => {
    saveLogin(login);
    const navigate = vi.fn();
    const seen: (string | null)[] = [];
    const api = createApiClient({
      fetch: async (request) => {
        seen.push(request.headers.get('Authorization'));
        return new Response(JSON.stringify({ code: 401, msg: '登录已失效，请重新登录' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      },
      navigate,
      toast: createToastService(),
    });
    await expect(api.call('getRsaKey')).rejects.toMatchObject({ behaviour: 'logout' });
    expect(seen).toEqual(['Bearer tok']);
    expect(readLogin()).toBeNull();
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
