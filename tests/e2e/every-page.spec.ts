/**
 * Every routed page of src/routing/paths.ts, at the project's size (desktop 1440×900, phone
 * 390×844), logged out (public pages) and logged in (every page):
 * - accessibility: axe (WCAG 2 A and AA); a critical or serious violation, or a skipped heading
 *   level, fails, named by page,
 *   rule and the first offending elements (with the colours for a contrast failure);
 * - links: every link on the page to a path of this site leads to a routed path (a page not
 *   built yet is not linked to).
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { ROUTES, matchRoute } from '../../src/routing/paths';
import { passwordLogin, registerViaApi } from './support/accounts';
import { tokenOf } from './support/tasks';

const BLOCKING = new Set(['critical', 'serious']);

/** Paths with a parameter, filled with a real value of the demo content (the member's when it needs one). */
async function concretePaths(page: Page, loggedIn: boolean): Promise<Map<string, string>> {
  const token = loggedIn ? await tokenOf(page) : undefined;
  const get = async <T>(url: string): Promise<T> => {
    const res = await page.request.get(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return ((await res.json()) as { data: T }).data;
  };
  const rewards = await get<{ list: { id: number }[] }>('/api/v1/exchange/rewards?pageSize=1');
  const filled = new Map<string, string>();
  if (rewards.list[0]) filled.set('/exchange/detail/:id', `/exchange/detail/${rewards.list[0].id}`);
  if (token) {
    const tasks = await get<{ list: { hashId: string }[] }>('/api/v1/tasks?pageSize=1');
    if (tasks.list[0]) filled.set('/task/detail/:id', `/task/detail/${tasks.list[0].hashId}`);
    // The demo discussion group's board (a member not in it sees why, which is a page too).
    const all = await get<{ list: { hashId: string; kind: string }[] }>('/api/v1/tasks?pageSize=100');
    const forum = all.list.find((t) => t.kind === 'forum');
    if (forum) filled.set('/bbs/:taskHashId', `/bbs/${forum.hashId}`);
  }
  const help = await get<{ list: { id: number; categoryId: number }[] }>('/api/v1/questions?hot=1&pageSize=1');
  if (help.list[0]) {
    const { id, categoryId } = help.list[0];
    filled.set('/home/feedback/help/:category', `/home/feedback/help/${categoryId}`);
    filled.set('/home/feedback/help/:category/:id', `/home/feedback/help/${categoryId}/${id}`);
  }
  return filled;
}

/** Wait until the page has settled: no request in flight and no loading placeholder. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

/** For colour-contrast nodes, the colours and ratio axe measured: the fix is in the theme. */
function colours(data: unknown): string {
  const d = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return d?.fgColor ? ` [${d.fgColor} on ${d.bgColor} ${d.contrastRatio}:1]` : '';
}

/** Links on the page to a path of this site that no route renders. */
async function deadLinks(page: Page, path: string): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return (
    [...new Set(hrefs)]
      .map((href) => new URL(href))
      // A blob: link (a poster made in the page, saved as a file) names no path of the site.
      .filter((url) => url.protocol === 'http:' || url.protocol === 'https:')
      // The API and the local demo survey partner are answered by the server, not app pages.
      .filter(
        (url) => url.origin === origin && !/^\/(api|demo-partner)\//.test(url.pathname) && !matchRoute(url.pathname),
      )
      .map((url) => `${path}: link to ${url.pathname}, which is not routed`)
  );
}

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  const dead = await deadLinks(page, path);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  // Heading levels that skip (h1 → h3) lose screen-reader users' outline: axe files it under best
  // practice (moderate), we hold it like the rest.
  const headings = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  const blocking = [...result.violations.filter((v) => BLOCKING.has(v.impact ?? '')), ...headings.violations].map(
    (v) =>
      `${path} → ${page.url().replace(/^https?:\/\/[^/]+/, '')}: ${v.impact} ${v.id} (${v.nodes.length}) ` +
      v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${colours(n.any[0]?.data)}`)
        .join(' | '),
  );
  return [...dead, ...blocking];
}

async function auditAll(page: Page, loggedIn: boolean): Promise<string[]> {
  const filled = await concretePaths(page, loggedIn);
  const found: string[] = [];
  for (const route of ROUTES) {
    if (!loggedIn && !route.public) continue;
    const path = route.path.includes(':') ? filled.get(route.path) : route.path;
    if (!path) continue;
    found.push(...(await violations(page, path)));
  }
  return found;
}

test.describe('every page: axe (WCAG 2 A/AA) and links', () => {
  test.describe.configure({ timeout: 300_000 });

  test('public pages, logged out: no critical or serious violation, no link to an unrouted path', async ({ page }) => {
    expect(await auditAll(page, false)).toEqual([]);
  });

  test('every page, logged in: no critical or serious violation, no link to an unrouted path', async ({
    page,
    request,
  }) => {
    const member = await registerViaApi(request, { password: 'axe-Check-2026' });
    await passwordLogin(page, member.mobile, member.password!);
    await expect(page).toHaveURL(/\/home/);
    expect(await auditAll(page, true)).toEqual([]);
  });
});
