import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
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
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), APP_JS);
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  writeFileSync(path.join(dist, 'prerendered', 'about.html'), ABOUT);
  writeFileSync(path.join(dist, 'prerendered', 'privacy__sdk.html'), SDK);
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

  it('history fallback: any page path answers index.html with 200', async () => {
    for (const url of ['/login', '/home/points', '/task/123?from=push', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
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
