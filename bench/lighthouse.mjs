// Lighthouse mobile performance (default mobile config: simulated slow 4G, 4× CPU slowdown) on the
// built site as `npm start` serves it, on a free port with the embedded database (PGlite, demo
// content and the demo member seeded) in a fresh DATA_DIR.
//
// The key routes: `/`, `/login`, `/register`, `/exchange`, `/about` as a visitor, then the demo
// member (README: 13800000000 / weidou2030) logs in through the login page itself, so the session is
// kept exactly as the app keeps it (cookies and localStorage), and `/task` and `/home` are measured
// logged in (Lighthouse's storage reset off for those).
//
// Usage: node bench/lighthouse.mjs [--json] [paths...]   (default: the seven routes; a path ending
// in `@member` is measured logged in)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { freePort, root, waitForUrl } from './lib.mjs';

/** The key routes; `member`: measured logged in as the demo member. */
export const ROUTES = [
  { path: '/' },
  { path: '/login' },
  { path: '/register' },
  { path: '/exchange' },
  { path: '/about' },
  { path: '/task', member: true },
  { path: '/home', member: true },
];
const DEMO_MEMBER = { mobile: '13800000000', password: 'weidou2030' };

/** `npm start` (scripts/start.mjs: builds what is stale, then the server) on PGlite; `stop()` ends it. */
async function startSite() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weidou-lh-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => proc.once('exit', r));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/v1/auth/rsa-key`, {
      ms: 600_000,
      alive: () => proc.exitCode === null && proc.signalCode === null,
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { base: `http://127.0.0.1:${port}`, stop };
}

/** Log the demo member in through /login's password form, as a member would. */
async function logIn(page, base) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.locator('::-p-aria([name="密码登录"][role="tab"])').click();
  await page.locator('form input[name="mobile"]').fill(DEMO_MEMBER.mobile);
  await page.locator('form input[name="password"]').fill(DEMO_MEMBER.password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname !== '/login', { timeout: 30_000 });
  const cookies = await page.browserContext().cookies();
  if (!cookies.some((c) => c.name === 'token' && c.value))
    throw new Error(`logging the demo member in left no session (at ${page.url()})`);
}

const ms = (v) => (Number.isFinite(v) ? Math.round(v) : NaN);

/**
 * One Lighthouse mobile run of `route` in `page` (storage kept when logged in); a run Lighthouse
 * itself reports as broken (e.g. NO_NAVSTART, "Please run Lighthouse again" on a busy machine) is
 * tried once more.
 */
async function measure(page, base, route, keepStorage, attempt = 1) {
  const { lhr } = await lighthouse(
    `${base}${route.path}`,
    { onlyCategories: ['performance'], formFactor: 'mobile', logLevel: 'error', disableStorageReset: keepStorage },
    undefined,
    page,
  );
  if (lhr.runtimeError) {
    if (attempt < 2) {
      console.log(`lighthouse ${route.path}: ${lhr.runtimeError.code}, trying once more`);
      return measure(page, base, route, keepStorage, attempt + 1);
    }
    throw new Error(`lighthouse ${route.path}: ${lhr.runtimeError.message}`);
  }
  const value = (id) => lhr.audits[id]?.numericValue;
  return {
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    score: lhr.categories.performance.score,
    fcpMs: ms(value('first-contentful-paint')),
    lcpMs: ms(value('largest-contentful-paint')),
    tbtMs: ms(value('total-blocking-time')),
    cls: value('cumulative-layout-shift'),
  };
}

/** Lighthouse mobile on `routes` (visitor routes first, then the member's); one result per route. */
export async function lighthouseScores(routes = ROUTES) {
  const site = await startSite();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const results = [];
    const ordered = [...routes.filter((r) => !r.member), ...routes.filter((r) => r.member)];
    let loggedIn = false;
    // A route that cannot be measured (or a failed login) is reported as such; the others still run.
    let loginError = null;
    for (const route of ordered) {
      try {
        if (route.member && !loggedIn && !loginError) {
          try {
            await logIn(page, site.base);
            loggedIn = true;
          } catch (e) {
            loginError = e;
          }
        }
        if (route.member && loginError) throw new Error(`the demo member could not log in: ${loginError.message}`);
        results.push({
          path: route.path,
          member: Boolean(route.member),
          ...(await measure(page, site.base, route, loggedIn)),
        });
      } catch (e) {
        results.push({ path: route.path, member: Boolean(route.member), error: String(e.message ?? e).split('\n')[0] });
      }
    }
    return results;
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await site.stop();
  }
}

export const describeRun = (r) =>
  r.error
    ? `not measured: ${r.error}`
    : `FCP ${(r.fcpMs / 1000).toFixed(1)} s, LCP ${(r.lcpMs / 1000).toFixed(1)} s, TBT ${r.tbtMs} ms, CLS ${r.cls.toFixed(3)}` +
      (r.finalPath !== r.path ? `, ended on ${r.finalPath}` : '');

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const paths = args.filter((a) => a.startsWith('/'));
  const routes = paths.length
    ? paths.map((p) => (p.endsWith('@member') ? { path: p.slice(0, -'@member'.length), member: true } : { path: p }))
    : ROUTES;
  const results = await lighthouseScores(routes);
  if (args.includes('--json')) console.log(JSON.stringify(results));
  else
    for (const r of results)
      console.log(
        `lighthouse mobile ${r.path}${r.member ? ' (logged in)' : ''}: performance ${r.score ?? '-'} (${describeRun(r)})`,
      );
}
