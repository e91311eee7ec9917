/**
 * Over HTTP: banners (GET /v1/banners), login banners (GET /v1/banners/login) and campaigns
 * (GET /v1/events) — what is shown now (window, withdrawn), where (placement, or `all`), on which
 * screen (platform), in the operator's order; and the rules a publication must meet (links to
 * built pages or https only, windows that end after they start).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { isAppError } from '../../server/http/errors';
import type { AppContext } from '../../server/context';
import { publishPromotion, withdrawPromotion, type PromotionInput } from '../../server/modules/promotions/admin';
import { DEMO_LINKS, DEMO_PROMOTIONS } from '../../server/seed/demoContent';
import { isRouted } from '../../src/routing/paths';
import { harness, type Harness } from './accounts-helpers';

const HOUR = 3_600_000;
let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;
const yes = (): boolean => true;
const no = (): boolean => false;
const anyPage = { isPage: yes };

const publish = (input: Partial<PromotionInput> & { title: string }) =>
  publishPromotion(ctx(), { kind: 'banner', placement: 'home', image: '/promo/x.svg', ...input }, anyPage);

async function titles(url: string) {
  const r = await h.call('GET', url);
  expect([r.status, r.code]).toEqual([200, 200]);
  return (r.data as { title: string }[]).map((x) => x.title);
}

beforeAll(async () => {
  h = await harness('promotions');
  const now = h.clock.now();
  await publish({ title: '首页第二', placement: 'home', sortOrder: 2 });
  await publish({ title: '首页第一', placement: 'home', sortOrder: 1, link: '/task', mobileImage: '/promo/x-m.svg' });
  await publish({ title: '首页第一（半小时前）', placement: 'home', sortOrder: 1, startAt: now - HOUR / 2 });
  await publish({ title: '首页第一（五小时前）', placement: 'home', sortOrder: 1, startAt: now - 5 * HOUR });
  await publish({ title: '处处可见', placement: 'all', sortOrder: 5 });
  await publish({ title: '任务页', placement: 'task' });
  await publish({ title: '落地页', placement: 'landing', link: 'https://example.com/campaign' });
  await publish({ title: '只在手机', placement: 'home', platform: 'phone', sortOrder: 3 });
  await publish({ title: '只在电脑', placement: 'home', platform: 'desktop', sortOrder: 3 });
  await publish({ title: '还没开始', placement: 'home', startAt: now + HOUR });
  await publish({ title: '一小时后结束', placement: 'home', sortOrder: 9, endAt: now + HOUR });
  const gone = await publish({ title: '已撤下', placement: 'home' });
  await withdrawPromotion(ctx(), gone.id);
  await publishPromotion(ctx(), { kind: 'login', title: '登录配图', image: '/promo/l.svg' }, anyPage);
  await publishPromotion(
    ctx(),
    { kind: 'login', title: '登录配图（手机）', image: '/promo/l.svg', platform: 'phone' },
    anyPage,
  );
  for (const [title, placement, sortOrder] of [
    ['活动 A', 'landing', 2],
    ['活动 B', 'home', 1],
    ['活动 C', 'all', 3],
  ] as const)
    await publishPromotion(
      ctx(),
      {
        kind: 'event',
        title,
        placement,
        sortOrder,
        summary: `${title}的介绍`,
        image: '/promo/e.svg',
        link: '/task',
        endAt: now + 48 * HOUR,
      },
      anyPage,
    );
});
afterAll(() => h.env.cleanup());

describe('GET /v1/banners', () => {
  it('a placement’s live banners, by order then newest; `all` ones everywhere; not yet, withdrawn and other places left out', async () => {
    expect(await titles('/api/v1/banners?position=home')).toEqual([
      '首页第一',
      '首页第一（半小时前）',
      '首页第一（五小时前）',
      '首页第二',
      '处处可见',
      '一小时后结束',
    ]);
    expect(await titles('/api/v1/banners?position=task')).toEqual(['任务页', '处处可见']);
    expect(await titles('/api/v1/banners?position=exchange')).toEqual(['处处可见']);
  });

  it('defaults to the landing page', async () => {
    expect(await titles('/api/v1/banners')).toEqual(['落地页', '处处可见']);
  });

  it('a screen gets the banners for every screen and its own; none given, only those for every screen', async () => {
    const phone = await titles('/api/v1/banners?position=home&platform=phone');
    expect(phone).toContain('只在手机');
    expect(phone).not.toContain('只在电脑');
    const desktop = await titles('/api/v1/banners?position=home&platform=desktop');
    expect(desktop).toContain('只在电脑');
    expect(desktop).not.toContain('只在手机');
    expect(desktop.indexOf('只在电脑')).toBe(desktop.indexOf('首页第二') + 1);
  });

  it('answers what a page needs to draw and link one', async () => {
    const r = await h.call('GET', '/api/v1/banners?position=home');
    const first = (r.data as Record<string, unknown>[]).find((x) => x.title === '首页第一');
    expect(first).toEqual({
      id: expect.any(Number),
      title: '首页第一',
      image: '/promo/x.svg',
      mobileImage: '/promo/x-m.svg',
      link: '/task',
    });
  });

  it('a banner leaves when its window closes', async () => {
    h.clock.advance(HOUR);
    expect(await titles('/api/v1/banners?position=home')).not.toContain('一小时后结束');
    expect(await titles('/api/v1/banners?position=home')).toContain('还没开始');
  });

  it('refuses an unknown placement or screen with a zh-CN reason', async () => {
    for (const qs of ['position=nowhere', 'platform=tablet']) {
      const r = await h.call('GET', `/api/v1/banners?${qs}`);
      expect([r.status, r.code]).toEqual([400, Code.INVALID_PARAMS]);
      expect(r.msg).toMatch(/^参数错误：query\./);
    }
  });
});

describe('GET /v1/banners/login', () => {
  it('only login banners, by screen (same order and start: the newer first)', async () => {
    expect(await titles('/api/v1/banners/login')).toEqual(['登录配图']);
    expect(await titles('/api/v1/banners/login?platform=phone')).toEqual(['登录配图（手机）', '登录配图']);
    expect(await titles('/api/v1/banners?position=landing')).not.toContain('登录配图');
  });
});

describe('GET /v1/events', () => {
  it('campaigns in progress, of a placement (with the `all` ones) or all of them, in order', async () => {
    expect(await titles('/api/v1/events')).toEqual(['活动 B', '活动 A', '活动 C']);
    expect(await titles('/api/v1/events?position=landing')).toEqual(['活动 A', '活动 C']);
    expect(await titles('/api/v1/events?position=home')).toEqual(['活动 B', '活动 C']);
    const r = await h.call('GET', '/api/v1/events?position=home');
    expect((r.data as Record<string, unknown>[])[0]).toEqual({
      id: expect.any(Number),
      title: '活动 B',
      summary: '活动 B的介绍',
      image: '/promo/e.svg',
      link: '/task',
      startAt: expect.any(Number),
      endAt: expect.any(Number),
    });
    expect(await titles('/api/v1/banners?position=home')).not.toContain('活动 B');
  });

  it('a campaign leaves when it ends', async () => {
    h.clock.advance(48 * HOUR);
    expect(await titles('/api/v1/events')).toEqual([]);
  });
});

describe('publishing', () => {
  const refusal = async (input: Partial<PromotionInput>, isPage: (p: string) => boolean): Promise<string> => {
    try {
      await publishPromotion(
        ctx(),
        { kind: 'banner', placement: 'home', title: '标题', image: '/promo/x.svg', ...input },
        { isPage },
      );
    } catch (err) {
      if (isAppError(err)) return err.message;
      throw err;
    }
    throw new Error('published');
  };

  it.each([
    [{ link: '/home/nowhere' }, no, '站内页面 /home/nowhere 还没有上线，不能作为链接'],
    [{ link: 'http://example.com' }, yes, '外部链接必须是 https 地址'],
    [{ link: 'javascript:alert(1)' }, yes, '外部链接必须是 https 地址'],
    [{ link: '//evil.example' }, yes, '外部链接必须是 https 地址'],
    [{ link: 'task' }, yes, '链接应为站内路径（以 / 开头）或 https 地址'],
    [{ image: 'http://example.com/a.png' }, yes, '图片应为 https 地址或本站路径（以 / 开头）'],
    [{ platform: 'tablet' }, yes, '平台应为 all（不限）、phone（手机）或 desktop（电脑）'],
    [{ placement: 'sidebar' }, yes, '投放位置应为 landing、home、task、exchange 或 all'],
    [{ placement: undefined }, yes, '请给出轮播图的投放位置：landing、home、task、exchange 或 all'],
    [{ kind: 'popup' }, yes, '类型应为 banner（轮播图）、login（登录页配图）或 event（活动）'],
    [{ kind: 'event', link: '/task' }, yes, '活动需要结束时间'],
    [{ kind: 'event', endAt: Date.UTC(2031, 0, 1) }, yes, '活动需要链接（活动页的站内路径或 https 地址）'],
    [{ startAt: Date.UTC(2031, 0, 2), endAt: Date.UTC(2031, 0, 1) }, yes, '结束时间必须晚于开始时间'],
    [{ startAt: Date.UTC(2020, 0, 1), endAt: Date.UTC(2020, 0, 2) }, yes, '结束时间已经过去，发布后不会展示'],
  ])('refuses %j', async (input, isPage, message) => {
    expect(await refusal(input, isPage)).toBe(message);
  });

  it('checks only the path of an in-site link (its query and hash are the page’s)', async () => {
    const seen: string[] = [];
    await publishPromotion(
      ctx(),
      { kind: 'banner', placement: 'task', title: '带参数', image: '/promo/x.svg', link: '/task?module=3#top' },
      { isPage: (p) => (seen.push(p), true) },
    );
    expect(seen).toEqual(['/task']);
  });

  it('the demo content links only to pages that are built', () => {
    for (const path of DEMO_LINKS) expect(isRouted(path), path).toBe(true);
    for (const p of DEMO_PROMOTIONS) if (p.link?.startsWith('/')) expect(DEMO_LINKS).toContain(p.link.split('?')[0]);
  });
});
