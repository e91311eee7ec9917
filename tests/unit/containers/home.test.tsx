import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../../../src/pages/home/HomePage';
import { ok, renderPage, server, stubScreen, type Reply } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * `/home` 我的主页 over a fake contract server: the prompts (homeCheck, then the unread notices
 * only when there are some), 全部标为已读, and the banners and campaigns published for /home for
 * the screen the page is on. Banners and campaigns are extras: their failure shows nothing.
 */

const check = (over: Record<string, unknown> = {}) =>
  ok({
    basicSurveyDone: false,
    mobileBound: true,
    checkedInToday: false,
    unreadNotices: 2,
    newMessage: false,
    hasScreenMessage: false,
    ...over,
  });
const brief = (id: number, title: string, pinned = false) => ({
  id,
  title,
  summary: '',
  pinned,
  publishedAt: Date.UTC(2026, 10, 20, 2),
});
const banner = { id: 3, title: '邀请好友一起赚微豆', image: '/promo/a.svg', mobileImage: null, link: '/home/invite' };
const event = {
  id: 4,
  title: '每日签到挑战',
  summary: '连续签到 7 天',
  image: '/promo/e.svg',
  link: '/home',
  startAt: Date.UTC(2026, 9, 31, 16),
  endAt: Date.UTC(2026, 10, 30, 16),
};

// The page shows its parts only once all of them have answered (no layout shift), which takes
// longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  server.reset();
  server.reply(
    'getCheckin',
    ok({
      checkedToday: true,
      today: '2026-11-22',
      streak: 1,
      todayReward: 5,
      checkedDays: ['2026-11-22'],
      rewards: [{ day: 1, points: 5 }],
    }),
  );
  server.reply(
    'getPoints',
    ok({ balance: 100, pending: 0, todayIncome: 5, monthIncome: 5, totalIncome: 5, totalSpent: 0, pointsPerYuan: 100 }),
  );
  server.reply('listRecommendedTasks', ok([]));
  server.reply('listBanners', ok([]));
  server.reply('listEvents', ok([]));
  server.reply('homeCheck', check());
  server.reply('listUnreadNotices', ok([brief(1, '会员中心上线', true), brief(2, '兑换发放说明')]));
});
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  stubScreen(null);
});

const open = () => renderPage(<HomePage />, { url: '/home' });

describe('/home prompts', () => {
  it('prompts the questionnaire and lists the unread notices, each leading to its page', async () => {
    open();
    await screen.findByText('2 条未读公告');
    screen.getByText('完善个人属性问卷');
    expect(screen.getByRole('link', { name: '去填写' }).getAttribute('href')).toBe('/user/survey');
    expect(screen.getByRole('link', { name: /会员中心上线/ }).getAttribute('href')).toBe('/home/notices/1');
    expect(screen.getByRole('link', { name: /兑换发放说明/ }).getAttribute('href')).toBe('/home/notices/2');
    expect(screen.queryByText('绑定手机号')).toBeNull();
    // Today's check-in is the check-in card's, not a second prompt.
    expect(screen.queryByText(/今天还没签到/)).toBeNull();
  });

  it('links 排行榜 beside the month’s income', async () => {
    open();
    expect((await screen.findByRole('link', { name: '排行榜 ›' })).getAttribute('href')).toBe('/ranking');
  });

  it('does not ask for notices when none is unread; with nothing to prompt, no 待办提醒', async () => {
    server.reply('homeCheck', check({ basicSurveyDone: true, unreadNotices: 0 }));
    open();
    await waitFor(() => expect(server.callsOf('homeCheck')).toHaveLength(1));
    await screen.findByText('为你推荐');
    await waitFor(() => expect(screen.queryByText('待办提醒')).toBeNull());
    expect(server.callsOf('listUnreadNotices')).toEqual([]);
  });

  it('全部标为已读 marks the listed notices read and the prompt goes away', async () => {
    server.reply('readNotices', () => {
      server.reply('homeCheck', check({ basicSurveyDone: true, unreadNotices: 0 }));
      return ok({ ok: true });
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.queryByText('待办提醒')).toBeNull());
    expect(server.callsOf('readNotices').map((c) => c.body)).toEqual([{ ids: [1, 2] }]);
    expect(server.callsOf('homeCheck')).toHaveLength(2);
  });

  it('a mobile to bind is prompted with a link to the personal centre, where it is bound', async () => {
    server.reply('homeCheck', check({ basicSurveyDone: true, mobileBound: false, unreadNotices: 0 }));
    open();
    await screen.findByText('绑定手机号');
    expect((await screen.findByRole('link', { name: '去绑定' })).getAttribute('href')).toBe('/home/user');
  });
});

describe('/home banners and campaigns', () => {
  it('asks for the banners and campaigns of /home for a phone, and shows them', async () => {
    server.reply('listBanners', ok([banner]));
    server.reply('listEvents', ok([event]));
    open();
    expect((await screen.findByRole('img', { name: banner.title })).closest('a')?.getAttribute('href')).toBe(
      '/home/invite',
    );
    await screen.findByText('每日签到挑战');
    expect(server.callsOf('listBanners').map((c) => c.query)).toEqual([{ position: 'home', platform: 'phone' }]);
    expect(server.callsOf('listEvents').map((c) => c.query)).toEqual([{ position: 'home', platform: 'phone' }]);
  });

  it('on a desktop, asks for the desktop ones', async () => {
    stubScreen('desktop');
    open();
    await waitFor(() =>
      expect(server.callsOf('listBanners').map((c) => c.query)).toEqual([{ position: 'home', platform: 'desktop' }]),
    );
  });

  it('a failed load shows no carousel and no toast', async () => {
    const broken: Reply = 'network-error';
    server.reply('listBanners', broken);
    server.reply('listEvents', broken);
    open();
    await screen.findByText('2 条未读公告');
    await waitFor(() => expect(server.callsOf('listEvents')).toHaveLength(1));
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(screen.queryByText('热门活动')).toBeNull();
    expect(server.toasts).toEqual([]);
  });
});
