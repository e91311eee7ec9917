import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pageMatcher } from '../../server/http/spa';
import { matchRoute, ROUTES } from '../../src/routing/paths';
import { createTestEnv, envelopeOf } from './helpers';

const env = createTestEnv('spa');
const dist = path.join(env.config.dataDir, 'dist');
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>微豆调研</title></head><body><div id="root"></div></body></html>';
const ABOUT = INDEX.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="/about"><h1>关于我们</h1></div>',
);
const SDK = INDEX.replace('<div id="root"></div>', '<div id="root" data-prerendered="/privacy/sdk"><h1>SDK</h1></div>');
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/** The page shells the build writes beside index.html (scripts/prerender.mjs): the page's chunks preloaded. */
const shellOf = (chunk: string) =>
  INDEX.replace(
    '</head>',
    `<link rel="modulepreload" crossorigin href="/assets/${chunk}.js">${'<!-- large enough to be pre-compressed -->'.repeat(20)}</head>`,
  );
const PAGE_ROUTES = [
  { path: '/login', page: 'login' },
  { path: '/home/feedback/ask', page: 'feedback-ask' },
  { path: '/home/feedback/:id', page: 'feedback-detail' },
  { path: '/task/detail/:id', page: 'task-detail' },
];
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), APP_JS);
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  writeFileSync(path.join(dist, 'prerendered', 'about.html'), ABOUT);
  writeFileSync(path.join(dist, 'prerendered', 'privacy__sdk.html'), SDK);
  mkdirSync(path.join(dist, 'pages'), { recursive: true });
  writeFileSync(path.join(dist, 'pages', 'routes.json'), JSON.stringify(PAGE_ROUTES));
  for (const { page } of PAGE_ROUTES) writeFileSync(path.join(dist, 'pages', `${page}.html`), shellOf(page));
  app = await env.build({ distDir: dist });
});
afterAll(() => env.cleanup());

describe('the built SPA on the API port', () => {
  it('serves index.html at / without caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('history fallback: a path no page renders answers index.html with 200', async () => {
    for (const url of ['/home/points', '/task/123?from=push', '/no/such/page', '/task/detail']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("a page's path answers its shell with the page's chunks preloaded, matched as the router matches", async () => {
    for (const [url, page] of [
      ['/login', 'login'],
      ['/LOGIN/', 'login'],
      ['/login?redirect=%2Fhome', 'login'],
      ['/home/feedback/ask', 'feedback-ask'], // before the pattern that would also match it
      ['/home/feedback/12', 'feedback-detail'],
      ['/task/detail/7yk2', 'task-detail'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // Pre-compressed, and still never cached: after a deploy the next visit must get the new page.
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(shellOf(page));
    }
  });

  it('static pages prerendered at build time are served for exactly their path', async () => {
    for (const [url, body] of [
      ['/about', ABOUT],
      ['/about?from=footer', ABOUT],
      ['/privacy/sdk', SDK],
      ['/privacy', INDEX],
      ['/about/more', INDEX],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(body);
    }
  });

  it('hashed assets are cached for a year (immutable); other files briefly', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(APP_JS);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves pre-compressed assets to browsers that accept them', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('a missing asset is a 404, not index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('unknown /api paths are 404 envelopes, never the SPA', async () => {
    for (const url of ['/api/v1/nope', '/api/', '/api/index.html', '/api/assets/index-AbC123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(envelopeOf(res).code, url).toBe(404);
    }
  });

  it('the API still answers next to the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/rsa-key' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(200);
  });
});

describe('pageMatcher (the server matching a page path to its shell)', () => {
  it('names the page the router renders, for every path of the app', () => {
    const shells = ROUTES.filter((r) => !r.prerender);
    const pageOf = pageMatcher(shells.map(({ path, page }) => ({ path, page })));
    for (const route of shells) {
      const sample = route.path.replace(/:\w+/g, 'Ab12');
      for (const url of [sample, `${sample}/`, sample.toUpperCase()]) {
        expect(pageOf(url), url).toBe(matchRoute(url)?.route.page);
      }
    }
    for (const url of ['/home/nope', '/task/detail/1/2', '/bbs', '/assets/x.js']) expect(pageOf(url), url).toBeNull();
  });
});

describe('security headers', () => {
  it('pages, assets and API replies carry CSP and the usual hardening headers', async () => {
    for (const url of ['/', '/login', '/assets/index-AbC123.js', '/api/v1/auth/rsa-key', '/api/nope']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toMatch(/style-src 'self' 'unsafe-inline'/);
      expect(csp, url).toMatch(/img-src 'self' data: [^;]*https:/);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBeDefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

describe('without a built SPA', () => {
  it('page paths are 404 envelopes and the API works', async () => {
    const apiOnly = await env.build({ distDir: path.join(env.config.dataDir, 'missing') });
    expect((await apiOnly.inject({ method: 'GET', url: '/login' })).statusCode).toBe(404);
    expect((await apiOnly.inject({ method: 'GET', url: '/api/v1/auth/rsa-key' })).statusCode).toBe(200);
  });
});
