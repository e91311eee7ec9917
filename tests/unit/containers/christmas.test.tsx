import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChristmasPage from '../../../src/pages/christmas/ChristmasPage';
import ChristmasRecordsPage from '../../../src/pages/christmas/ChristmasRecordsPage';
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
 * `/christmas` and `/christmas/records` over a fake contract server: a visitor sees the campaign
 * and a login link; a member's draw sends a fresh key and seed for the christmas slug, shows the
 * server's result and reads the campaign again; a lost answer is retried with the same body; no
 * chance left is said on the page without a toast; the records list the member's draws.
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
    renderPage(<ChristmasPage />, { url: '/christmas' });
    expect(await screen.findByText('演***员')).toBeTruthy();
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
    renderPage(<ChristmasPage />, { url: '/christmas' });
    fireEvent.click(await screen.findByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }));
    expect(await screen.findByText('恭喜抽中「100 微豆」')).toBeTruthy();
    const body = server.callsOf('drawCampaign')[0]!.body as { requestKey: string; memberSeed: string };
    expect(body.requestKey).toMatch(/^[0-9a-f]{32}$/);
    expect(body.memberSeed).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(server.callsOf('getCampaign')).toHaveLength(2));
  });

  it('a lost answer is retried with the same key and seed', async () => {
    server.reply('getCampaign', ok(overview(2)));
    server.reply('drawCampaign', 'network-error');
    renderPage(<ChristmasPage />, { url: '/christmas' });
    fireEvent.click(await screen.findByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }));
    expect(await screen.findByText('网络不稳定，没有收到抽奖结果')).toBeTruthy();
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
    renderPage(<ChristmasPage />, { url: '/christmas' });
    fireEvent.click(await screen.findByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }));
    expect(await screen.findByText('抽奖机会已用完，完成调查任务或签到可再获得。')).toBeTruthy();
    expect(server.toasts).toEqual([]);
  });
});

describe('/christmas/records', () => {
  it('lists my draws of the christmas campaign', async () => {
    server.reply('listCampaignDraws', ok({ list: [draw('0123456789abcdef')], total: 1, page: 1, pageSize: 20 }));
    renderPage(<ChristmasRecordsPage />, { url: '/christmas/records' });
    expect(await screen.findByText('抽中「100 微豆」')).toBeTruthy();
    expect(server.callsOf('listCampaignDraws')[0]!.params).toEqual({ slug: 'christmas' });
  });

  it('a visitor sees the rules, the prizes and a login link back here; no records are asked for', async () => {
    session.loggedIn = false;
    server.reply('getCampaign', ok(overview(null)));
    renderPage(<ChristmasRecordsPage />, { url: '/christmas/records' });
    expect(await screen.findByText('活动规则')).toBeTruthy();
    expect(screen.getByText('100 微豆')).toBeTruthy();
    expect(screen.getByText('登录后查看你的抽奖记录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fchristmas%2Frecords',
    );
    expect(server.callsOf('listCampaignDraws')).toHaveLength(0);
  });
});
