/**
 * The content commands of `npm run ops` (scripts/ops-content.ts) in-process: notices, banners /
 * login banners / events and app releases — published, listed and withdrawn through the same
 * modules as the API, so what an operator publishes is what members get; bad input is refused
 * with a zh-CN reason (usage errors exit 2, rule refusals exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { runOpsIn } from './ops-helpers';
import { createTestEnv, envelopeOf, testClock } from './helpers';

const env = createTestEnv('content-ops');
/** 2030-03-01 12:00 Beijing. */
const clock = testClock(Date.UTC(2030, 2, 1, 4));
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;
const files: Record<string, string> = {
  'notice.html': '<h3>规则</h3><p>每天 <strong>10 点</strong>开抢</p><script>alert(1)</script>',
};

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李', files });

const get = async (url: string) =>
  envelopeOf(await app.inject({ method: 'GET', url })).data as Record<string, unknown>[];

describe('npm run ops: notices', () => {
  it('publishes from --content or --file (sanitized), lists and withdraws', async () => {
    expect((await ops('help')).out).toContain('notice publish');
    const inline = await ops(
      'notice',
      'publish',
      '--title',
      '系统维护通知',
      '--content',
      '<p>今晚 23:00 维护</p>',
      '--pin',
    );
    expect(inline.code).toBe(EXIT.OK);
    expect(inline.out).toMatch(/✓ 已发布公告 #\d+「系统维护通知」（置顶）：2030-03-01 12:00 起，不设结束/);
    const fromFile = await ops(
      'notice',
      'publish',
      '--title',
      '抢答规则',
      '--file',
      'notice.html',
      '--start',
      '2030-03-01 08:00',
      '--end',
      '2030-03-31',
    );
    expect(fromFile.code).toBe(EXIT.OK);
    expect(fromFile.out).toContain('2030-03-01 08:00 起，至 2030-03-31 00:00');
    expect(fromFile.out).toContain('摘要：规则 每天 10 点开抢');
    const id = Number(/#(\d+)/.exec(fromFile.out)![1]);
    const shown = envelopeOf(await app.inject({ method: 'GET', url: `/api/v1/notices/${id}` })).data as {
      content: string;
    };
    expect(shown.content).toBe('<h3>规则</h3><p>每天 <strong>10 点</strong>开抢</p>');

    const list = await ops('notice', 'list');
    expect(list.out).toContain('系统维护通知');
    expect(list.out).toContain('置顶');
    expect(list.out).toContain('展示中');

    expect((await ops('notice', 'withdraw', String(id))).out).toContain(`✓ 已撤下公告 #${id}「抢答规则」`);
    expect((await ops('notice', 'withdraw', String(id))).out).toContain('已经撤下过');
    expect((await ops('notice', 'list')).out).toContain('已撤下');
    expect((await app.inject({ method: 'GET', url: `/api/v1/notices/${id}` })).statusCode).toBe(404);
  });

  it.each([
    [['notice', 'publish', '--content', '<p>x</p>'], EXIT.USAGE, '请用 --title 给出公告标题'],
    [['notice', 'publish', '--title', 'T'], EXIT.USAGE, '请用 --content 或 --file 给出公告正文（二选一）'],
    [['notice', 'publish', '--title', 'T', '--file', 'missing.html'], EXIT.USAGE, '读不到文件'],
    [['notice', 'publish', '--title', 'T', '--content', '<script>x</script>'], EXIT.REFUSED, '公告正文为空'],
    [['notice', 'publish', '--title', 'T', '--content', 'x', '--start', '3月1日'], EXIT.USAGE, '--start 应为北京时间'],
    [
      ['notice', 'publish', '--title', 'T', '--content', 'x', '--start', '2030-03-05', '--end', '2030-03-04'],
      EXIT.REFUSED,
      '结束时间必须晚于开始时间',
    ],
    [['notice', 'withdraw', '99999'], EXIT.REFUSED, '没有编号为 99999 的公告'],
  ])('refuses %j', async (argv, code, message) => {
    const r = await ops(...argv);
    expect(r.code).toBe(code);
    expect(r.err).toContain(message);
  });
});

describe('npm run ops: banners and events', () => {
  it('publishes a banner, a login banner and an event that pages then get; withdraws one', async () => {
    const banner = await ops(
      'banner',
      'publish',
      '--kind',
      'banner',
      '--placement',
      'task',
      '--platform',
      'phone',
      '--title',
      '限时抢答',
      '--image',
      '/promo/banner-snap.svg',
      '--mobile-image',
      '/promo/banner-snap-m.svg',
      '--link',
      '/task?module=3',
      '--order',
      '2',
    );
    expect(banner.code).toBe(EXIT.OK);
    expect(banner.out).toMatch(/✓ 已发布轮播图 #\d+「限时抢答」：位置 task，平台 手机，顺序 2/);
    expect(await get('/api/v1/banners?position=task&platform=phone')).toEqual([
      {
        id: expect.any(Number),
        title: '限时抢答',
        image: '/promo/banner-snap.svg',
        mobileImage: '/promo/banner-snap-m.svg',
        link: '/task?module=3',
      },
    ]);
    expect(await get('/api/v1/banners?position=task&platform=desktop')).toEqual([]);

    const login = await ops(
      'banner',
      'publish',
      '--kind',
      'login',
      '--title',
      '欢迎',
      '--image',
      'https://cdn.example.com/a.png',
    );
    expect(login.code).toBe(EXIT.OK);
    expect((await get('/api/v1/banners/login')).map((b) => b.title)).toEqual(['欢迎']);

    const event = await ops(
      'banner',
      'publish',
      '--kind',
      'event',
      '--title',
      '签到挑战',
      '--summary',
      '连续 7 天',
      '--image',
      '/promo/event-checkin.svg',
      '--link',
      'https://weidou.example/campaign',
      '--end',
      '2030-04-01',
    );
    expect(event.code).toBe(EXIT.OK);
    expect(await get('/api/v1/events?position=landing')).toMatchObject([
      {
        title: '签到挑战',
        summary: '连续 7 天',
        link: 'https://weidou.example/campaign',
        endAt: Date.UTC(2030, 2, 31, 16),
      },
    ]);

    const list = await ops('banner', 'list');
    expect(list.out).toContain('限时抢答');
    expect(list.out).toContain('登录页配图');
    expect(list.out).toContain('活动');
    expect((await ops('banner', 'list', '--kind', 'event')).out).not.toContain('限时抢答');

    const id = /#(\d+)/.exec(banner.out)![1]!;
    expect((await ops('banner', 'withdraw', id)).out).toContain(`✓ 已撤下轮播图 #${id}「限时抢答」`);
    expect(await get('/api/v1/banners?position=task&platform=phone')).toEqual([]);
  });

  const base = [
    'banner',
    'publish',
    '--kind',
    'banner',
    '--placement',
    'home',
    '--title',
    '标题',
    '--image',
    '/promo/x.svg',
  ];
  it.each([
    [[...base, '--link', '/home/not-built-yet'], EXIT.REFUSED, '站内页面 /home/not-built-yet 还没有上线，不能作为链接'],
    [[...base, '--link', 'http://example.com/a'], EXIT.REFUSED, '外部链接必须是 https 地址'],
    [[...base, '--start', '2030-03-10', '--end', '2030-03-09'], EXIT.REFUSED, '结束时间必须晚于开始时间'],
    [[...base, '--platform', 'tablet'], EXIT.REFUSED, '平台应为 all（不限）、phone（手机）或 desktop（电脑）'],
    [[...base, '--image', '/a.svg'], EXIT.USAGE, '--image 只能给一个'],
    [[...base, '--order', 'first'], EXIT.USAGE, '--order 必须是整数'],
    [['banner', 'publish', '--kind', 'popup', '--title', 'T', '--image', '/x.svg'], EXIT.USAGE, '--kind 应为 banner'],
    [
      ['banner', 'publish', '--kind', 'event', '--title', 'T', '--image', '/x.svg', '--link', '/task'],
      EXIT.REFUSED,
      '活动需要结束时间',
    ],
    [['banner', 'withdraw'], EXIT.USAGE, 'banner withdraw <id>'],
  ])('refuses %j', async (argv, code, message) => {
    const r = await ops(...argv);
    expect(r.code).toBe(code);
    expect(r.err).toContain(message);
  });
});

describe('npm run ops: app releases', () => {
  it('sets the newest release of a platform, which /v1/app/down then gives', async () => {
    const r = await ops(
      'app',
      'release',
      'set',
      '--platform',
      'android',
      '--version',
      '2.7.0',
      '--url',
      'https://dl.weidou.example/2.7.0.apk',
      '--size',
      '38.5MB',
      '--notes',
      '修复已知问题',
    );
    expect(r.code).toBe(EXIT.OK);
    expect(r.out).toContain('✓ 安卓最新版本 → 2.7.0');
    const down = envelopeOf(await app.inject({ method: 'GET', url: '/api/v1/app/down' })).data as Record<
      string,
      unknown
    >;
    expect(down.android).toMatchObject({
      version: '2.7.0',
      size: Math.round(38.5 * 1024 * 1024),
      notes: '修复已知问题',
    });
    expect(down.ios).toBeNull();
    expect((await ops('app', 'release', 'list')).out).toContain('2.7.0');
  });

  it.each([
    [
      ['--platform', 'harmony', '--version', '1.0', '--url', 'https://a.example/x'],
      EXIT.USAGE,
      '--platform 应为 android（安卓）或 ios（iOS）',
    ],
    [['--platform', 'ios', '--version', '1.0', '--url', 'http://a.example/x'], EXIT.REFUSED, '下载地址应为 https 地址'],
    [['--platform', 'ios', '--url', 'https://a.example/x'], EXIT.USAGE, '请用 --version 给出版本号'],
    [
      ['--platform', 'android', '--version', '1.0', '--url', 'https://a.example/x', '--size', 'big'],
      EXIT.USAGE,
      '--size 应为字节数',
    ],
  ])('refuses %j', async (argv, code, message) => {
    const r = await ops('app', 'release', 'set', ...argv);
    expect(r.code).toBe(code);
    expect(r.err).toContain(message);
  });
});
