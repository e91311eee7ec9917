import { describe, expect, it } from 'vitest';
import { documentTitle, guardRoute, LOGGED_OUT_ONLY_PATHS, safeRedirect } from '../../src/routing/guards';

const publicRoute = { public: true };
const memberRoute = { public: false };

describe('guardRoute (spec §2 routing rules)', () => {
  it('lets anyone open a public page', () => {
    expect(guardRoute({ path: '/about', route: publicRoute, loggedIn: false })).toBeNull();
    expect(guardRoute({ path: '/about', route: publicRoute, loggedIn: true })).toBeNull();
  });

  it.each(LOGGED_OUT_ONLY_PATHS)('sends a logged-in visitor from %s to /home', (path) => {
    expect(guardRoute({ path, route: publicRoute, loggedIn: true })).toBe('/home');
  });

  it('sends a logged-in visitor on /login to its safe ?redirect= (how a fresh login lands there)', () => {
    const at = (search: string) => guardRoute({ path: '/login', search, route: publicRoute, loggedIn: true });
    expect(at('?redirect=%2Fhome%2Fgold%3Fpage%3D2')).toBe('/home/gold?page=2');
    expect(at('?redirect=%2F%2Fevil.example')).toBe('/home');
    expect(at('?redirect=https%3A%2F%2Fevil.example')).toBe('/home');
    expect(at('?redirect=%2Flogin')).toBe('/home');
  });

  it('keeps the social-login callbacks open to members (binding from the personal centre)', () => {
    for (const path of [
      '/open/wechat/callback',
      '/open/alipay/callback',
      '/open/qq/callback.php',
      '/open/sina/callback.php',
    ])
      expect(guardRoute({ path, search: '?code=a&state=b', route: publicRoute, loggedIn: true })).toBeNull();
    expect(guardRoute({ path: '/login/third', route: publicRoute, loggedIn: true })).toBe('/home');
  });

  it('treats a trailing slash like the bare path', () => {
    expect(guardRoute({ path: '/login/', route: publicRoute, loggedIn: true })).toBe('/home');
  });

  it('lets a logged-out visitor open the index, login and password pages', () => {
    for (const path of LOGGED_OUT_ONLY_PATHS)
      expect(guardRoute({ path, route: publicRoute, loggedIn: false })).toBeNull();
  });

  it('lets a logged-in member open a member page', () => {
    expect(guardRoute({ path: '/home', route: memberRoute, loggedIn: true })).toBeNull();
  });

  it('sends a visitor without a token from a member page to /login, remembering where they were going', () => {
    expect(guardRoute({ path: '/home', route: memberRoute, loggedIn: false })).toBe('/login?redirect=%2Fhome');
    expect(guardRoute({ path: '/home/gold', search: '?page=2', route: memberRoute, loggedIn: false })).toBe(
      '/login?redirect=%2Fhome%2Fgold%3Fpage%3D2',
    );
  });

  it('sends a forum visitor with a remembered task hash id to that board instead of /login', () => {
    expect(guardRoute({ path: '/bbs/abc123/topic/7', route: memberRoute, loggedIn: false, taskHashId: 'abc123' })).toBe(
      '/bbs/abc123',
    );
    expect(guardRoute({ path: '/bbs/old/user/9', route: memberRoute, loggedIn: false, taskHashId: 'new9' })).toBe(
      '/bbs/new9',
    );
  });

  it('sends a forum visitor without a remembered task to /login', () => {
    expect(guardRoute({ path: '/bbs/abc/topic/7', route: memberRoute, loggedIn: false, taskHashId: null })).toBe(
      '/login?redirect=%2Fbbs%2Fabc%2Ftopic%2F7',
    );
    expect(guardRoute({ path: '/bbs/abc/topic/7', route: memberRoute, loggedIn: false, taskHashId: '  ' })).toBe(
      '/login?redirect=%2Fbbs%2Fabc%2Ftopic%2F7',
    );
  });

  it('applies the forum exception only to forum pages', () => {
    expect(guardRoute({ path: '/home', route: memberRoute, loggedIn: false, taskHashId: 'abc' })).toBe(
      '/login?redirect=%2Fhome',
    );
  });

  it('sends unknown paths to /404, logged in or not', () => {
    expect(guardRoute({ path: '/no/such/page', route: null, loggedIn: false })).toBe('/404');
    expect(guardRoute({ path: '/no/such/page', route: null, loggedIn: true })).toBe('/404');
  });

  it('does not loop on /404 itself', () => {
    expect(guardRoute({ path: '/404', route: null, loggedIn: false })).toBeNull();
  });

  it('checks the path before the login rules (an unknown member-looking path is a 404, not a login)', () => {
    expect(guardRoute({ path: '/home/nothing-here', route: null, loggedIn: false })).toBe('/404');
  });

  it('forces every path to /updating under maintenance', () => {
    for (const [path, route, loggedIn] of [
      ['/', publicRoute, false],
      ['/home', memberRoute, true],
      ['/home', memberRoute, false],
      ['/no/such/page', null, false],
    ] as const) {
      expect(guardRoute({ path, route, loggedIn, maintenance: true })).toBe('/updating');
    }
    expect(guardRoute({ path: '/updating', route: publicRoute, loggedIn: false, maintenance: true })).toBeNull();
  });

  it('does nothing special when maintenance is off', () => {
    expect(guardRoute({ path: '/', route: publicRoute, loggedIn: false, maintenance: false })).toBeNull();
  });
});

describe('documentTitle (spec §2)', () => {
  it('is the product name alone without a route title', () => {
    expect(documentTitle({}, '微豆调研', ' - ')).toBe('微豆调研');
    expect(documentTitle(null, '微豆调研', ' - ')).toBe('微豆调研');
  });

  it('joins product name, separator and route title', () => {
    expect(documentTitle({ title: '关于我们' }, '微豆调研', ' - ')).toBe('微豆调研 - 关于我们');
  });

  it('leaves the title alone on H5 routes', () => {
    expect(documentTitle({ title: '下载', h5: true }, '微豆调研', ' - ')).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/task/detail/3?x=1#top')).toBe('/task/detail/3?x=1#top');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('')).toBe('/home');
    expect(safeRedirect('//evil.example/x')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
    expect(safeRedirect('javascript:alert(1)')).toBe('/home');
    expect(safeRedirect('/home\nx')).toBe('/home');
    expect(safeRedirect('/password?x=1')).toBe('/home');
  });
});
