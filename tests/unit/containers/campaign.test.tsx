import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CampaignPage from '../../../src/pages/campaign/CampaignPage';
import CampaignRecordsPage from '../../../src/pages/campaign/CampaignRecordsPage';
import WelfareSeason from '../../../src/pages/welfare/WelfareSeason';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
const session = vi.hoisted(() => ({ loggedIn: true }));
vi.mock('../../../src/flows/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSessionView: () => ({ loggedIn: session.loggedIn, loadingUser: false, user: null, hasNewMessage: false }),
}));
vi.mock('../../../src/flows/sessionShell', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useLoggedIn: () => session.loggedIn,
}));

/**
 * A campaign's pages over a fake contract server, `/christmas` and `/christmas/records` first: a visitor sees the campaign
 * and a login link; a member's draw sends a fresh key and seed for the christmas slug, shows the
 * server's result and reads the campaign again; a lost answer is retried with the same body; no
 * chance left is said on the page without a toast; the records list the member's draws. Then
 * another campaign at `/campaigns/:slug`: its slug is asked for, its title is the document's, its
 * links stay under its slug; an unknown slug says so with the way to 福利中心; 福利中心 lists every
 * running and upcoming campaign with its page.
 */

const NOW = Date.UTC(2026, 11, 20, 4);
const chances = (left: number) => ({
  earned: 2,
  used: 2 - left,
  left,
  bySource: [
    { source: 'task', label: '完成调查任务', count: 1, chances: 1 },
    { source: 'checkin', label: '每日签到', count: 1, chances: 1 },
  ],
});
const overview = (left: number | null) => ({
  slug: 'christmas',
  title: '圣诞狂欢季',
  theme: 'christmas',
  description: '',
  startsAt: NOW - 86_400_000,
  endsAt: NOW + 86_400_000,
  now: NOW,
  phase: 'running',
  chancesPerTask: 1,
  chancesPerCheckin: 1,
  prizes: [{ id: 1, name: '100 微豆', kind: 'points', points: 100, chance: 1, stock: 3 }],
  chances: left === null ? null : chances(left),
  leaders: [{ rank: 1, nickname: '演***员', chances: 2 }],
});
const draw = (memberSeed: string) => ({
  id: 4,
  createdAt: NOW,
  outcome: 'prize',
  prizeName: '100 微豆',
  points: 100,
  day: '2026-12-20',
  seedHash: 'a'.repeat(64),
  seed: null,
  rule: 2,
  kind: 'campaign:christmas',
  member: 'K7QX2M9P',
  memberSeed,
  nonce: 1,
  roll: 0,
  drawnPrizeId: 1,
  table: [{ prizeId: 1, weight: 1 }],
});

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/christmas', () => {
  it('a visitor sees the campaign, the board and a login link', async () => {
    session.loggedIn = false;
    server.reply('getCampaign', ok(overview(null)));
    renderPage(<CampaignPage />, { url: '/christmas' });
    await screen.findByText('演***员');
    expect(screen.getByRole('link', { name: '登录参加活动' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fchristmas',
    );
    expect(server.callsOf('getCampaign')[0]!.params).toEqual({ slug: 'christmas' });
  });

  it('a draw sends a fresh key and seed, shows the server’s result and reloads the campaign', async () => {
    server.reply('getCampaign', ok(overview(2)));
    server.reply('drawCampaign', (call) =>
      ok({ draw: draw((call.body as { memberSeed: string }).memberSeed), chances: chances(1), replayed: false }),
    );
    renderPage(<CampaignPage />, { url: '/christmas' });
    fireEvent.click(await screen.findByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }));
    await screen.findByText('恭喜抽中「100 微豆」');
    const body = server.callsOf('drawCampaign')[0]!.body as { requestKey: string; memberSeed: string };
    expect(body.requestKey).toMatch(/^[0-9a-f]{32}$/);
    expect(body.memberSeed).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(server.callsOf('getCampaign')).toHaveLength(2));
  });

  it('a lost answer is retried with the same key and seed', async () => {
    server.reply('getCampaign', ok(overview(2)));
    server.reply('drawCampaign', 'network-error');
    renderPage(<CampaignPage />, { url: '/christmas' });
    fireEvent.click(await screen.findByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }));
    await screen.findByText('网络不稳定，没有收到抽奖结果');
    server.reply('drawCampaign', (call) =>
      ok({ draw: draw((call.body as { memberSeed: string }).memberSeed), chances: chances(1), replayed: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(server.callsOf('drawCampaign')).toHaveLength(2));
    const [a, b] = server.callsOf('drawCampaign').map((c) => c.body);
    expect(b).toEqual(a);
    expect(server.toasts).toEqual([]);
  });

  it('no chance left (the server says so) is told on the page, without a toast', async () => {
    server.reply('getCampaign', ok(overview(1)));
    server.reply('drawCampaign', refuse('CAMPAIGN_NO_CHANCES'));
    renderPage(<CampaignPage />, { url: '/christmas' });
    fireEvent.click(await screen.findByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }));
    await screen.findByText('抽奖机会已用完，完成调查任务或签到可再获得。');
    expect(server.toasts).toEqual([]);
  });
});

describe('/christmas/records', () => {
  it('lists my draws of the christmas campaign', async () => {
    server.reply('listCampaignDraws', ok({ list: [draw('0123456789abcdef')], total: 1, page: 1, pageSize: 20 }));
    renderPage(<CampaignRecordsPage />, { url: '/christmas/records' });
    await screen.findByText('抽中「100 微豆」');
    expect(server.callsOf('listCampaignDraws')[0]!.params).toEqual({ slug: 'christmas' });
  });

  it('a visitor sees the rules, the prizes and a login link back here; no records are asked for', async () => {
    session.loggedIn = false;
    server.reply('getCampaign', ok(overview(null)));
    renderPage(<CampaignRecordsPage />, { url: '/christmas/records' });
    await screen.findByText('活动规则');
    screen.getByText('100 微豆');
    screen.getByText('登录后查看你的抽奖记录');
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fchristmas%2Frecords',
    );
    expect(server.callsOf('listCampaignDraws')).toHaveLength(0);
  });
});

describe('/campaigns/:slug', () => {
  const spring = (left: number | null) => ({ ...overview(left), slug: 'spring', title: '新春红包节', theme: 'spring' });

  it('shows the slug’s campaign in its theme, titles the document with it, and links under its slug', async () => {
    session.loggedIn = false;
    server.reply('getCampaign', ok(spring(null)));
    renderPage(<CampaignPage />, { url: '/campaigns/spring', path: '/campaigns/:slug' });
    const hero = await screen.findByRole('region', { name: '新春红包节' });
    expect(hero.getAttribute('data-theme')).toBe('spring');
    expect(server.callsOf('getCampaign')[0]!.params).toEqual({ slug: 'spring' });
    await waitFor(() => expect(document.title).toContain('新春红包节'));
    expect(screen.getByRole('link', { name: '登录参加活动' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcampaigns%2Fspring',
    );
  });

  it('a member draws a red envelope on this campaign', async () => {
    server.reply('getCampaign', ok(spring(1)));
    server.reply('drawCampaign', (call) =>
      ok({ draw: draw((call.body as { memberSeed: string }).memberSeed), chances: chances(0), replayed: false }),
    );
    renderPage(<CampaignPage />, { url: '/campaigns/spring', path: '/campaigns/:slug' });
    fireEvent.click(await screen.findByRole('button', { name: '抽一个新春红包（用 1 次机会）' }));
    await waitFor(() => expect(server.callsOf('drawCampaign')).toHaveLength(1));
    expect(server.callsOf('drawCampaign')[0]!.params).toEqual({ slug: 'spring' });
    expect(screen.getByRole('link', { name: '我的抽奖记录 ›' }).getAttribute('href')).toBe('/campaigns/spring/records');
  });

  it('an unknown slug says the campaign is not there and offers 福利中心, without a toast', async () => {
    server.reply('getCampaign', refuse('NOT_FOUND', '没有这个活动'));
    renderPage(<CampaignPage />, { url: '/campaigns/nope', path: '/campaigns/:slug' });
    await screen.findByText('活动不存在或已下线');
    expect(screen.getByRole('link', { name: '去福利中心看看' }).getAttribute('href')).toBe('/welfare');
    expect(server.toasts).toEqual([]);
  });

  it('a slug no campaign can have is not found without asking the server', async () => {
    renderPage(<CampaignPage />, { url: '/campaigns/NOT_A_SLUG', path: '/campaigns/:slug' });
    await screen.findByText('活动不存在或已下线');
    expect(server.callsOf('getCampaign')).toHaveLength(0);
  });

  it('the records of an unknown slug say so too', async () => {
    server.reply('getCampaign', refuse('NOT_FOUND', '没有这个活动'));
    server.reply('listCampaignDraws', refuse('NOT_FOUND', '没有这个活动'));
    renderPage(<CampaignRecordsPage />, { url: '/campaigns/nope/records', path: '/campaigns/:slug/records' });
    await screen.findByText('活动不存在或已下线');
    expect(screen.getByRole('link', { name: '去福利中心看看' }).getAttribute('href')).toBe('/welfare');
  });

  it('a visitor on a campaign’s records logs in and comes back to them', async () => {
    session.loggedIn = false;
    server.reply('getCampaign', ok(spring(null)));
    renderPage(<CampaignRecordsPage />, { url: '/campaigns/spring/records', path: '/campaigns/:slug/records' });
    expect((await screen.findByRole('link', { name: '‹ 新春红包节' })).getAttribute('href')).toBe('/campaigns/spring');
    screen.getByText('登录后查看你的抽奖记录');
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcampaigns%2Fspring%2Frecords',
    );
  });
});

describe('福利中心’s campaigns', () => {
  it('lists every running and upcoming campaign, each linking to its page', async () => {
    server.reply(
      'listCampaigns',
      ok([
        {
          slug: 'christmas',
          title: '圣诞狂欢季',
          theme: 'christmas',
          description: '拆礼物',
          phase: 'running',
          startsAt: NOW - 86_400_000,
          endsAt: NOW + 86_400_000,
        },
        {
          slug: 'spring',
          title: '新春红包节',
          theme: 'spring',
          description: '',
          phase: 'upcoming',
          startsAt: NOW + 7 * 86_400_000,
          endsAt: NOW + 21 * 86_400_000,
        },
      ]),
    );
    renderPage(<WelfareSeason />, { url: '/welfare' });
    expect((await screen.findByRole('link', { name: /圣诞狂欢季/ })).getAttribute('href')).toBe('/christmas');
    expect(screen.getByRole('link', { name: /新春红包节/ }).getAttribute('href')).toBe('/campaigns/spring');
    screen.getByText('即将开始');
  });

  it('a list that cannot be read leaves the section out, without a toast', async () => {
    server.reply('listCampaigns', 'network-error');
    const { container } = renderPage(<WelfareSeason />, { url: '/welfare' });
    await waitFor(() => expect(server.callsOf('listCampaigns')).toHaveLength(1));
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(server.toasts).toEqual([]);
  });
});
