import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../src/pages/login/LoginPage';
import TaskListPage from '../../../src/pages/task-list/TaskListPage';
import ExchangePage from '../../../src/pages/exchange/ExchangePage';
import { ok, renderPage, server, stubScreen } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * The pages that show operators' banners ask for their own placement and the screen they are
 * on, and show them; an https banner is a plain link, an in-site one the router's. None
 * published, or a failed load: no carousel, no toast.
 */

const banner = (id: number, title: string, link: string | null) => ({
  id,
  title,
  image: `/promo/${id}.svg`,
  mobileImage: `/promo/${id}-m.svg`,
  link,
});
const emptyPage = (call: { query: Record<string, string> }) =>
  ok({ list: [], total: 0, page: Number(call.query.page), pageSize: Number(call.query.pageSize) });

beforeEach(() => {
  server.reset();
  server.reply('listTasks', emptyPage);
  server.reply('listRewards', emptyPage);
  server.reply('listSnsProviders', ok([]));
});
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  stubScreen(null);
});

describe('banners on the pages', () => {
  it('/task asks for the task page’s banners for a phone and shows them', async () => {
    server.reply(
      'listBanners',
      ok([banner(1, '限时抢答', '/task?module=3'), banner(2, '外部活动', 'https://weidou.example/a')]),
    );
    renderPage(<TaskListPage />, { url: '/task' });
    const first = await screen.findByRole('img', { name: '限时抢答' });
    expect(first.closest('a')?.getAttribute('href')).toBe('/task?module=3');
    expect(screen.getByRole('img', { name: '外部活动', hidden: true }).closest('a')?.getAttribute('href')).toBe(
      'https://weidou.example/a',
    );
    // The phone picture is the source for the phone layout.
    expect(first.closest('picture')?.querySelector('source')?.getAttribute('srcset')).toBe('/promo/1-m.svg');
    expect(server.callsOf('listBanners').map((c) => c.query)).toEqual([{ position: 'task', platform: 'phone' }]);
  });

  it('/exchange asks for its own placement on a desktop', async () => {
    stubScreen('desktop');
    server.reply('listBanners', ok([banner(3, '兑换季', '/exchange')]));
    renderPage(<ExchangePage />, { url: '/exchange' });
    await screen.findByRole('img', { name: '兑换季' });
    expect(server.callsOf('listBanners').map((c) => c.query)).toEqual([{ position: 'exchange', platform: 'desktop' }]);
  });

  it('/login shows the login banners for its screen', async () => {
    stubScreen('desktop');
    server.reply('listLoginBanners', ok([banner(4, '认真答问卷', '/product')]));
    renderPage(<LoginPage />, { url: '/login' });
    // In the brand panel, which jsdom (no media queries) takes for the hidden phone layout.
    await waitFor(() =>
      expect(document.querySelector('img[alt="认真答问卷"]')?.closest('a')?.getAttribute('href')).toBe('/product'),
    );
    expect(server.callsOf('listLoginBanners').map((c) => c.query)).toEqual([{ platform: 'desktop' }]);
    // Instead of the brand panel's perks.
    expect(screen.queryByText('海量调研任务')).toBeNull();
  });

  it('none published or a failed load: no carousel, no toast', async () => {
    server.reply('listBanners', 'network-error');
    renderPage(<TaskListPage />, { url: '/task' });
    await waitFor(() => expect(server.callsOf('listBanners')).toHaveLength(1));
    await screen.findByText('暂时没有可参加的任务');
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(server.toasts).toEqual([]);
  });
});
