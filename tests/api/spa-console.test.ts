/**
 * The console is the build's second entry: /admin and every path under it answer admin.html
 * (history fallback, never cached, same CSP), everything else answers the member site's pages as
 * before, and a build without admin.html keeps answering index.html.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { isConsolePath } from '../../server/http/spa';
import { safeReturnPath } from '../../src/admin/routing/paths';
import { createTestEnv } from './helpers';

const env = createTestEnv('spa-console');
const dist = path.join(env.config.dataDir, 'dist');
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>微豆调研</title></head><body><div id="root"></div></body></html>';
const ADMIN =
  '<!doctype html><html lang="zh-CN"><head><title>微豆管理后台</title></head><body><div id="root"></div></body></html>';
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'admin.html'), ADMIN);
  app = await env.build({ distDir: dist });
});
afterAll(() => env.cleanup());

describe('the console entry', () => {
  it('/admin and every path under it answer admin.html, never cached, with the CSP', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/sign-in?return=%2Fadmin%2Faudit',
      '/admin/audit',
      '/admin/no/such/page',
      '/ADMIN/staff',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(ADMIN);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
    }
  });

  it('every other path answers the member site as before', async () => {
    for (const url of ['/', '/home/points', '/administer', '/adminx/audit', '/task/admin']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('the console API stays the API: an unknown /api/admin path is a 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/v1/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('names the console paths', () => {
    expect(['/admin', '/admin/', '/admin/audit', '/Admin/staff'].every(isConsolePath)).toBe(true);
    expect(['/', '/administer', '/admin.html', '/home/admin'].some(isConsolePath)).toBe(false);
    // 反馈处理 keeps its open ticket in the query, through the sign-in page and back.
    expect(safeReturnPath('/admin/desk?ticket=5')).toBe('/admin/desk?ticket=5');
  });
});
