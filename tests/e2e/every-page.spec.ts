/**
 * Every routed page of src/routing/paths.ts, at the project's size (desktop 1440×900, phone
 * 390×844), logged out (public pages) and logged in (every page):
 * - accessibility: axe (WCAG 2 A and AA); a critical or serious violation, or a skipped heading
 *   level, fails, named by page,
 *   rule and the first offending elements (with the colours for a contrast failure);
 * - links: every link on the page to a path of this site leads to a routed path (a page not
 *   built yet is not linked to).
 *
 * Kept fast (it visits ~110 pages per project): one axe run per page in the page itself (axe.run;
 * @axe-core/playwright's analyze injects the 1.5 MB source twice and finishes every run in a new
 * blank page), and "settled" is no request in flight for a short quiet spell, no loading
 * placeholder and an idle main thread, rather than networkidle's fixed 500 ms.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { test, expect, type Page } from '@playwright/test';
import { ROUTES, matchRoute } from '../../src/routing/paths';
import { passwordLogin, registerViaApi } from './support/accounts';
import { tokenOf } from './support/tasks';

const BLOCKING = new Set(['critical', 'serious']);
const WCAG = ['wcag2a', 'wcag2aa'];
/** Heading levels that skip (h1 → h3) lose screen-reader users' outline: axe files it under best
 * practice (moderate), we hold it like the rest. */
const HEADINGS = 'heading-order';

// The minified axe-core that @axe-core/playwright itself depends on (same version, a third the size).
const requireFromAxe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(requireFromAxe.resolve('axe-core/axe.min.js'), 'utf8');

/** Paths with a parameter, filled with a real value of the demo content (the member's when it needs one). */
async function concretePaths(page: Page, loggedIn: boolean): Promise<Map<string, string>> {
  const token = loggedIn ? await tokenOf(page) : undefined;
  const get = async <T>(url: string): Promise<T> => {
    const res = await page.request.get(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return ((await res.json()) as { data: T }).data;
  };
  const rewards = await get<{ list: { id: number }[] }>('/api/v1/exchange/rewards?pageSize=1');
  const filled = new Map<string, string>();
  // The demo's second campaign, in the spring theme (server/seed/demoCampaign.ts).
  filled.set('/campaigns/:slug', '/campaigns/spring');
  filled.set('/campaigns/:slug/records', '/campaigns/spring/records');
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

/** Counts the page's requests in flight; `quietFor()`: how long none has been (0 while one is). */
function requestTracker(page: Page) {
  let inFlight = 0;
  let since = Date.now();
  page.on('request', () => {
    inFlight++;
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    since = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** The quiet spell counts from the page's load at the earliest. */
    loaded: () => {
      since = Math.max(since, Date.now());
    },
    quietFor: () => (inFlight > 0 ? 0 : Date.now() - since),
  };
}
type Tracker = ReturnType<typeof requestTracker>;

/** No request in flight for this long after load: a page's next fetch follows its chunk or answer within it. */
const QUIET_MS = 200;
/** The loading placeholders of src/components/ListStates.tsx (加载中… and 正在加载…). */
const LOADING = /^(加载中…|正在加载.*…)$/;

/**
 * Wait until the page has settled: no request in flight for a quiet spell since load, no loading
 * placeholder, and the main thread idle (requestIdleCallback: no long task, such as a render that
 * is about to fetch, still running) with still no request started.
 */
async function settle(page: Page, requests: Tracker): Promise<void> {
  requests.loaded();
  await expect
    .poll(
      async () => {
        if (requests.quietFor() < QUIET_MS || (await page.getByText(LOADING).count()) > 0) return false;
        await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 1_000 })));
        return requests.quietFor() >= QUIET_MS;
      },
      { intervals: [50], timeout: 15_000 },
    )
    .toBe(true);
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

/**
 * One axe run over the page and its frames: the WCAG 2 A and AA rules plus heading-order, only
 * violations reported back. axe goes into every frame, so it reaches the survey partner's iframe.
 */
async function axe(page: Page): Promise<AxeResults['violations']> {
  for (const frame of page.frames()) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  return page.evaluate(
    async ([tags, extra]) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      // As axe's own tag selection (experimental rules stay out), with heading-order switched on.
      const options: RunOptions = {
        runOnly: { type: 'tag', values: tags },
        rules: { [extra]: { enabled: true } },
        resultTypes: ['violations'],
      };
      return (await axe.run(document, options)).violations;
    },
    [WCAG, HEADINGS] as const,
  );
}

async function violations(page: Page, path: string, requests: Tracker): Promise<string[]> {
  await page.goto(path);
  await settle(page, requests);
  const dead = await deadLinks(page, path);
  const blocking = (await axe(page))
    .filter((v) => v.id === HEADINGS || BLOCKING.has(v.impact ?? ''))
    .map(
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
  const requests = requestTracker(page);
  const filled = await concretePaths(page, loggedIn);
  const found: string[] = [];
  for (const route of ROUTES) {
    if (!loggedIn && !route.public) continue;
    const path = route.path.includes(':') ? filled.get(route.path) : route.path;
    if (!path) continue;
    found.push(...(await violations(page, path, requests)));
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
