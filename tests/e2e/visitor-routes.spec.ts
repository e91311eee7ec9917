/**
 * The whole route table (src/routing/paths.ts) walked by a logged-out visitor, one page per route:
 * - a public route renders its own page (its title, a heading, no error screen) and is not sent
 *   to /login; a route with a parameter is opened with a demo id or a plausible one, and its
 *   not-found page counts as its page;
 * - a member route ends at /login with a redirect back to where the visitor was going;
 * - the forum rules (src/routing/guards.ts): the board is open; a topic or a participant's posts
 *   send a visitor to /login, or to the board of the task they remember (`taskHashId` cookie);
 * - an unknown path ends at /404.
 * Desktop only (playwright.config.ts leaves it out of the phone project): the routing does not
 * depend on the screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { PRODUCT_NAME, TITLE_SEPARATOR } from '../../src/config';
import { ROUTES, type RouteInfo } from '../../src/routing/paths';

/** A value for each path parameter: a demo id where one is known, else a plausible one. */
async function fill(page: Page, path: string): Promise<string> {
  const rewards = (await (await page.request.get('/api/v1/exchange/rewards?pageSize=1')).json()) as {
    data: { list: { id: number }[] };
  };
  const rewardId = rewards.data.list[0]?.id ?? 1;
  return path
    .replace('/exchange/detail/:id', `/exchange/detail/${rewardId}`)
    .replace(':taskHashId', 'demo-forum')
    .replace(':slug', DEMO_CAMPAIGN.slug)
    .replace(':topicId', '1')
    .replace(':memberId', '1')
    .replace(':category', '1')
    .replace(':id', '1');
}

/**
 * Public routes that send a visitor on by design: `/bind` is the second step of a social login
 * (it needs the ticket that step leaves in the tab; without one it is /login); `/updating` goes
 * back to the site once the site says it is open (here it is: to the home page).
 */
const MOVES_ON: Record<string, string> = { '/bind': '/login', '/updating': '/' };

/** The demo's second campaign (server/seed/demoCampaign.ts): its page is titled with its own name. */
const DEMO_CAMPAIGN = { slug: 'spring', title: '新春红包节' };
/** Pages that name themselves once loaded, instead of the route's title. */
const OWN_TITLE: Record<string, string> = { '/campaigns/:slug': DEMO_CAMPAIGN.title };

const titleOf = (r: RouteInfo) => {
  const title = OWN_TITLE[r.path] ?? r.title;
  return title ? `${PRODUCT_NAME}${TITLE_SEPARATOR}${title}` : PRODUCT_NAME;
};

test('every public route renders its page for a visitor', async ({ page }) => {
  test.setTimeout(180_000);
  const open = ROUTES.filter((r) => r.public);
  const failures: string[] = [];
  for (const route of open) {
    const path = await fill(page, route.path);
    await page.goto(path);
    await page.waitForLoadState('domcontentloaded');
    try {
      if (MOVES_ON[route.path]) {
        await expect(page).toHaveURL((u) => u.pathname === MOVES_ON[route.path]);
        continue;
      }
      // Its content, loaded: the main area has words and no loading placeholder left.
      // (a bare page — the app's webviews, maintenance — has no site frame: its body is its content)
      const main = route.layout === 'bare' ? page.locator('body') : page.getByRole('main');
      await expect(main).toHaveText(/\S/);
      await expect(main.getByText(/^(加载中…|正在加载.*)$/)).toHaveCount(0);
      const url = new URL(page.url());
      if (url.pathname === '/login' && route.path !== '/login') failures.push(`${path}: sent to /login`);
      if (url.pathname === '/404' && route.path !== '/404') failures.push(`${path}: sent to /404`);
      if (!route.h5) await expect(page).toHaveTitle(titleOf(route));
      await expect(page.getByText(/^(页面出错了|页面加载失败)$/)).toHaveCount(0);
    } catch (e) {
      failures.push(`${path}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  expect(failures).toEqual([]);
});

test('every member route sends a visitor to /login and back', async ({ page }) => {
  test.setTimeout(120_000);
  const members = ROUTES.filter((r) => !r.public);
  const failures: string[] = [];
  for (const route of members) {
    const path = await fill(page, route.path);
    await page.goto(path);
    try {
      await expect(page).toHaveURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
      await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
    } catch (e) {
      failures.push(`${path}: ended at ${page.url()} (${(e as Error).message.split('\n')[0]})`);
    }
  }
  expect(failures).toEqual([]);
});

test('a visitor who remembers a forum task is sent to its board, not to /login', async ({ page, context }) => {
  const base = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url());
  await context.addCookies([{ name: 'taskHashId', value: 'demo-forum', domain: base.hostname, path: '/' }]);
  for (const path of ['/bbs/demo-forum/topics/1', '/bbs/other-task/users/1']) {
    await page.goto(path);
    await expect(page).toHaveURL((u) => u.pathname === '/bbs/demo-forum');
  }
  await page.goto('/bbs/demo-forum');
  await expect(page).toHaveURL((u) => u.pathname === '/bbs/demo-forum');
});

test('an unknown path ends at /404', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page).toHaveURL((u) => u.pathname === '/404');
  await expect(page.getByRole('heading').first()).toBeVisible();
});
