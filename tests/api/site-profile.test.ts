/**
 * Who runs the site, set without a rebuild: the SITE_* settings and the operator's `site profile`
 * change the company name, filing numbers and addresses in every HTML page served — the
 * prerendered words and the meta the app reads — and a bad value is refused with nothing changed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PROFILE_DEFAULTS, siteProfileFrom } from '../../openapi/rules/siteProfile';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { withSiteProfile } from '../../server/http/spa';
import { createTestEnv } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('site-profile');
const dist = path.join(env.config.dataDir, 'dist');
const D = SITE_PROFILE_DEFAULTS;
/** A prerendered page as the build writes it: the footer with the build's defaults. */
const ABOUT =
  '<!doctype html><html lang="zh-CN"><head><title>关于我们</title></head><body><div id="root">' +
  `<footer><a href="mailto:${D.supportEmail}">${D.supportEmail}</a><p>© 2018-2026 ${D.companyName} 版权所有</p>` +
  `<a>${D.icpFilingNo}</a><a>${D.psbFilingNo}</a></footer></div></body></html>`;
const SHELL =
  '<!doctype html><html lang="zh-CN"><head><title>微豆调研</title></head><body><div id="root"></div></body></html>';

let app: Awaited<ReturnType<typeof env.build>>;
let ctx: AppContext;
const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李' });

/** The meta the app reads the profile from, parsed as the app parses it. */
function metaOf(html: string) {
  const m = /<meta name="site-profile" content="([^"]*)"/.exec(html);
  if (!m) return null;
  const json = m[1]!
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return siteProfileFrom(JSON.parse(json));
}

beforeAll(async () => {
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'prerendered', 'about.html'), ABOUT);
  app = await env.build({ distDir: dist, seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

describe('who runs the site, set without a rebuild', () => {
  it('unset, the pages go out as built', async () => {
    const res = await app.inject({ method: 'GET', url: '/about' });
    expect(res.body).toBe(ABOUT);
  });

  it("an operator's company name and support address are in the prerendered words and the app's meta", async () => {
    const set = await ops(
      'site',
      'profile',
      'set',
      '--company',
      '杭州问答星球科技有限公司',
      '--support-email',
      'help@wenda.example.cn',
    );
    expect(set.code).toBe(0);
    expect(set.out).toContain('公司名称：杭州问答星球科技有限公司（运营设置）');
    expect(set.out).toContain(`ICP 备案号：${D.icpFilingNo}`);

    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(body).toContain('© 2018-2026 杭州问答星球科技有限公司 版权所有');
      expect(body).toContain('<a href="mailto:help@wenda.example.cn">help@wenda.example.cn</a>');
      expect(body).not.toContain(D.companyName);
      expect(body).not.toContain(D.supportEmail);
      expect(body).toContain(D.icpFilingNo);
      expect(metaOf(body)).toEqual({
        ...D,
        companyName: '杭州问答星球科技有限公司',
        supportEmail: 'help@wenda.example.cn',
      });
    }
    // A page the app renders in the browser gets the meta too.
    const shell = await app.inject({ method: 'GET', url: '/task' });
    expect(metaOf(shell.body)?.companyName).toBe('杭州问答星球科技有限公司');
  });

  it('a bad value is refused in words and nothing changes', async () => {
    const bad = await ops('site', 'profile', 'set', '--company', '新公司', '--privacy-email', 'not-an-address');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('隐私邮箱格式不正确');
    const res = await app.inject({ method: 'GET', url: '/about' });
    expect(res.body).toContain('杭州问答星球科技有限公司');
    expect(res.body).not.toContain('新公司');
  });

  it('reset goes back to the settings', async () => {
    expect((await ops('site', 'profile', 'reset')).code).toBe(0);
    const res = await app.inject({ method: 'GET', url: '/about' });
    expect(res.body).toBe(ABOUT);
  });
});

describe('the SITE_* settings', () => {
  it('set the profile a server starts with, each checked', () => {
    const c = loadConfig({ SITE_COMPANY_NAME: '北京某某调研有限公司', SITE_ICP_FILING_NO: '京ICP备20000000号-2' });
    expect(c.siteProfile).toEqual({ ...D, companyName: '北京某某调研有限公司', icpFilingNo: '京ICP备20000000号-2' });
    expect(() => loadConfig({ SITE_SUPPORT_EMAIL: 'nobody' })).toThrow(/客服邮箱格式不正确/);
  });

  it('text that looks like markup is written as text', () => {
    const html = withSiteProfile(ABOUT, { ...D, companyName: '<script>x</script>有限公司' });
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;有限公司');
  });
});
