/**
 * Over HTTP: GET /v1/app/down — the newest release of each platform (null until there is one)
 * and the site's download page built from PUBLIC_ORIGIN; what a release must be to be set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { isAppError } from '../../server/http/errors';
import { appReleases } from '../../server/db/schema-content';
import { PLACEHOLDER_RELEASE_URLS, setRelease, type ReleaseInput } from '../../server/modules/releases/service';
import { demoReleases } from '../../server/seed/demoContent';
import { createTestEnv, envelopeOf, testClock } from './helpers';

const env = createTestEnv('app-download');
afterAll(() => env.cleanup());
const clock = testClock(Date.UTC(2030, 5, 1, 2));

async function setup() {
  const app = await env.build({ publicOrigin: 'https://www.weidou.example' }, { now: clock.now });
  const ctx = (app as unknown as { ctx: AppContext }).ctx;
  const get = async () => envelopeOf(await app.inject({ method: 'GET', url: '/api/v1/app/down' }));
  return { ctx, get };
}

describe('GET /v1/app/down', () => {
  it('says when a platform has no release yet, and where the download page is', async () => {
    const { get } = await setup();
    expect(await get()).toMatchObject({
      code: 200,
      data: { android: null, ios: null, pageUrl: 'https://www.weidou.example/app/down' },
    });
    await env.closeAll();
  });

  it('gives the newest release of each platform', async () => {
    const { ctx, get } = await setup();
    await setRelease(ctx, {
      platform: 'android',
      version: '2.5.0',
      url: 'https://dl.weidou.example/2.5.0.apk',
      size: 1,
    });
    clock.advance(60_000);
    await setRelease(ctx, {
      platform: 'android',
      version: '2.6.0',
      url: 'https://dl.weidou.example/2.6.0.apk',
      size: 40_000_000,
      notes: '更快更稳',
    });
    clock.advance(60_000);
    await setRelease(ctx, { platform: 'ios', version: '2.6.1', url: 'https://apps.apple.com/cn/app/id1' });
    const r = await get();
    expect(r.data).toEqual({
      android: {
        version: '2.6.0',
        url: 'https://dl.weidou.example/2.6.0.apk',
        size: 40_000_000,
        updatedAt: clock.now() - 60_000,
        notes: '更快更稳',
      },
      ios: {
        version: '2.6.1',
        url: 'https://apps.apple.com/cn/app/id1',
        size: null,
        updatedAt: clock.now(),
        notes: null,
      },
      pageUrl: 'https://www.weidou.example/app/down',
    });
    await env.closeAll();
  });

  it.each([
    [{ platform: 'harmony' }, '平台应为 android（安卓）或 ios（iOS）'],
    [{ version: 'v2' }, '版本号应为数字和点，如 2.3.1'],
    [{ url: 'http://dl.weidou.example/a.apk' }, '下载地址应为 https 地址'],
    [{ url: 'not a url' }, '下载地址应为 https 地址'],
    [{ size: 0 }, '安装包大小应为正整数（字节）'],
    [{ version: '2.6.0', url: 'https://dl.weidou.example/2.6.0.apk' }, '安卓已经是 2.6.0 版，下载地址相同'],
  ])('refuses a release with %j', async (input, message) => {
    const { ctx } = await setup();
    const base: ReleaseInput = { platform: 'android', version: '3.0.0', url: 'https://dl.weidou.example/3.apk' };
    const err = await setRelease(ctx, { ...base, ...input }).catch((e: unknown) => e);
    expect(isAppError(err) && err.message).toBe(message);
    await env.closeAll();
  });
});

describe('the download links are settings (APP_DOWNLOAD_ANDROID_URL, APP_STORE_URL)', () => {
  it('the demo records a release only for a configured link', () => {
    expect(demoReleases(undefined)).toEqual([]);
    expect(demoReleases({ android: null, ios: null })).toEqual([]);
    expect(demoReleases({ android: 'https://dl.weidou.example/a.apk', ios: null })).toEqual([
      expect.objectContaining({ platform: 'android', url: 'https://dl.weidou.example/a.apk' }),
    ]);
  });

  it('a placeholder link an earlier demo recorded is not offered as a real one (the page says 即将上线)', async () => {
    const { ctx, get } = await setup();
    const [android, ios] = PLACEHOLDER_RELEASE_URLS;
    await ctx.db.insert(appReleases).values([
      { platform: 'android', version: '2.6.0', url: android!, size: 1, notes: null, createdAt: new Date(clock.now()) },
      { platform: 'ios', version: '2.6.0', url: ios!, size: null, notes: null, createdAt: new Date(clock.now()) },
    ]);
    expect((await get()).data).toMatchObject({ android: null, ios: null });
    clock.advance(60_000);
    await setRelease(ctx, { platform: 'ios', version: '2.7.0', url: 'https://apps.apple.com/cn/app/id1234567890' });
    expect((await get()).data).toMatchObject({ android: null, ios: { version: '2.7.0' } });
    await env.closeAll();
  });
});
