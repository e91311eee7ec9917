/**
 * The console's client: the member client over the console's request table, its token in
 * sessionStorage under its own key (never the member's), and a 401 that clears it and goes to the
 * console's sign-in page with the way back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { CONSOLE_TOKEN_KEY, consoleToken, createConsoleClient, createConsoleSession } from '../../../src/admin/api';
import { readLogin, saveLogin } from '../../../src/services/storage';
import { createToastService } from '../../../src/services/toast';
import { json } from './helpers';

const STAFF = {
  id: 1,
  login: 'demo.admin',
  name: '管理员老王',
  roles: ['admin'],
  permissions: ['console.home', 'audit.read'],
  sessionExpiresAt: 1_800_000_000_000,
};

function consoleHarness(reply: (request: Request) => Response, here = '/admin/audit?staff=demo.admin') {
  const requests: Request[] = [];
  const navigate = vi.fn<(path: string) => void>();
  const toast = createToastService();
  const api = createConsoleClient({
    fetch: async (request) => {
      requests.push(request);
      return reply(request);
    },
    session: createConsoleSession({ navigate, here: () => here }),
    toast,
    baseUrl: 'http://localhost/api',
  });
  return { api, requests, navigate, toast };
}

afterEach(() => {
  consoleToken.clear();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the console client', () => {
  it('sends console operations by id with the console token, not the member token', async () => {
    saveLogin({ token: 'member-token', refreshToken: 'r', expired: Date.now() + 60_000 });
    consoleToken.write('staff-token');
    const h = consoleHarness(() => json({ code: 200, msg: '成功', data: STAFF }));
    await expect(h.api.call('getStaffMe')).resolves.toMatchObject({ login: 'demo.admin' });
    const request = h.requests[0]!;
    expect(new URL(request.url).pathname).toBe('/api/admin/v1/me');
    expect(request.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('keeps its token in sessionStorage under its own key, apart from the member login', () => {
    saveLogin({ token: 'member-token', refreshToken: 'r', expired: Date.now() + 60_000 });
    consoleToken.write('staff-token');
    expect(sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBe('staff-token');
    expect(Object.values({ ...localStorage })).not.toContain('staff-token');
    consoleToken.clear();
    expect(readLogin()?.token).toBe('member-token');
  });

  it('a 401 clears the console token only and goes to sign-in with the way back', async () => {
    saveLogin({ token: 'member-token', refreshToken: 'r', expired: Date.now() + 60_000 });
    consoleToken.write('staff-token');
    const h = consoleHarness(() => json({ code: 401, msg: '请先登录' }, 401));
    await expect(h.api.call('getConsoleHome')).rejects.toMatchObject({ behaviour: 'logout' });
    expect(consoleToken.read()).toBeNull();
    expect(readLogin()?.token).toBe('member-token');
    expect(h.navigate).toHaveBeenCalledWith(
      `/admin/sign-in?return=${encodeURIComponent('/admin/audit?staff=demo.admin')}`,
    );
  });

  it('a 401 on the sign-in page does not send it to itself', async () => {
    const h = consoleHarness(() => json({ code: 401, msg: '' }, 401), '/admin/sign-in');
    await expect(h.api.call('getStaffMe')).rejects.toBeTruthy();
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('a refusal is a toast with its zh-CN message', async () => {
    const h = consoleHarness(() => json({ code: 1201, msg: '登录名或密码错误' }));
    await expect(h.api.call('staffSignIn', { body: { login: 'demo.admin', password: 'x' } })).rejects.toMatchObject({
      code: 1201,
    });
    expect(h.toast.list().map((t) => t.message)).toEqual(['登录名或密码错误']);
  });

  it('the member client does not know the console operations, nor the console the member ones', () => {
    const member = createApiClient({ fetch: async () => json({}) });
    expect(() => member.operation('getStaffMe')).toThrow('未知的接口');
    const h = consoleHarness(() => json({}));
    expect(() => h.api.operation('getRsaKey')).toThrow('未知的接口');
    expect(h.api.operation('listAudit')).toMatchObject({ method: 'get', path: '/admin/v1/audit' });
  });
});
