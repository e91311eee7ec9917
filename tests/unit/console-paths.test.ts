/**
 * The console's route table: a path with an id (a member's page), the links built from it, the nav,
 * and the way back after signing in (only a console page, never another site).
 */
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../openapi/rules/staff';
import {
  consolePaths,
  isConsolePath,
  matchConsolePath,
  matchConsoleRoute,
  navFor,
  queuePath,
  safeReturnPath,
} from '../../src/admin/routing/paths';

describe('console routes with an id', () => {
  it('a member page: /admin/members/<id>, its id a positive whole number', () => {
    expect(matchConsolePath('/admin/members/7')).toMatchObject({ route: { page: 'member' }, params: { id: 7 } });
    expect(matchConsolePath('/admin/members/2147483647/')?.params).toEqual({ id: 2147483647 });
    for (const bad of ['0', '07', '-1', '1.5', 'abc', '2147483648', '12345678901', '%37', '7a'])
      expect(matchConsoleRoute(`/admin/members/${bad}`), bad).toBeNull();
    expect(matchConsoleRoute('/admin/members/7/ledger')).toBeNull();
    expect(matchConsoleRoute('/admin/members/:id')).toBeNull();
  });

  it('the search page and the others keep matching as before', () => {
    expect(matchConsoleRoute('/admin/members')?.page).toBe('members');
    expect(matchConsoleRoute('/ADMIN/Members/')?.page).toBe('members');
    expect(matchConsoleRoute('/admin')?.page).toBe('home');
    expect(matchConsoleRoute('/admin/staff')?.page).toBe('staff');
    expect(matchConsoleRoute('/admin/nothing')).toBeNull();
    expect(isConsolePath('/admin/members/12')).toBe(true);
    expect(isConsolePath('/admin/sign-in/')).toBe(true);
  });

  it('builds the links: members(q, page) keeps the search in the URL, member(id)', () => {
    expect(consolePaths.members()).toBe('/admin/members');
    expect(consolePaths.members('  ')).toBe('/admin/members');
    expect(consolePaths.members(' 13800000000 ')).toBe('/admin/members?q=13800000000');
    expect(consolePaths.members('小 林&x', 3)).toBe('/admin/members?q=%E5%B0%8F+%E6%9E%97%26x&page=3');
    expect(consolePaths.members('小林', 1)).toBe('/admin/members?q=%E5%B0%8F%E6%9E%97');
    expect(consolePaths.member(42)).toBe('/admin/members/42');
    expect(matchConsolePath(consolePaths.member(42))?.params.id).toBe(42);
  });

  it('the nav shows 会员 (the search) and never the member page, which keeps 会员 current', () => {
    const support = navFor(ROLE_PERMISSIONS.support).map((r) => r.title);
    expect(support).toEqual(['工作台', '会员', '反馈处理']);
    expect(navFor(ROLE_PERMISSIONS.content).map((r) => r.page)).toEqual(['home']);
    expect(navFor(ROLE_PERMISSIONS.admin).some((r) => r.page === 'member')).toBe(false);
    expect(matchConsoleRoute('/admin/members/3')?.under).toBe('members');
  });

  it('a home queue never links to a page with an id', () => {
    expect(queuePath('member', ROLE_PERMISSIONS.admin)).toBeNull();
    expect(queuePath('members', ROLE_PERMISSIONS.support)).toBe('/admin/members');
    expect(queuePath('members', ROLE_PERMISSIONS.content)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('comes back to a member page or a search, with its query', () => {
    expect(safeReturnPath('/admin/members/7')).toBe('/admin/members/7');
    expect(safeReturnPath('/admin/members?q=138&page=2')).toBe('/admin/members?q=138&page=2');
    expect(consolePaths.signIn('/admin/members/7')).toBe('/admin/sign-in?return=%2Fadmin%2Fmembers%2F7');
  });

  it('anything else goes home: other sites, tricks with dots and slashes, unknown pages, bad ids', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/admin/members/7',
      '//evil.example/admin',
      '/admin/../evil',
      '/admin/members/7/../../../x',
      '/admin\\..\\..\\evil',
      '/admin/members/0',
      '/admin/members/abc',
      '/admin/members/%2e%2e/staff/x',
      '/adminx/members/7',
      '/admin/sign-in',
      '/home',
    ])
      expect(safeReturnPath(raw), String(raw)).toBe('/admin');
  });
});
