import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExchangeSuccessPage from '../../../src/pages/exchange-success/ExchangeSuccessPage';
import { refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
const session = vi.hoisted(() => ({ loggedIn: true }));
vi.mock('../../../src/flows/sessionShell', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useLoggedIn: () => session.loggedIn,
}));

/** `/exchange/success` for a visitor (what follows a redemption, login back here) and for an id that is not the member's. */

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/exchange/success', () => {
  it('a visitor reads what follows a redemption, with the catalogue and a login back to the same address; no call', async () => {
    session.loggedIn = false;
    renderPage(<ExchangeSuccessPage />, { url: '/exchange/success?id=1024' });
    await screen.findByText('登录后查看你的兑换结果');
    screen.getByText('兑换之后');
    expect(screen.getByRole('link', { name: '去兑换中心' }).getAttribute('href')).toBe('/exchange');
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fexchange%2Fsuccess%3Fid%3D1024',
    );
    expect(server.calls).toEqual([]);
  });

  it('a visitor without an id gets the same page', async () => {
    session.loggedIn = false;
    renderPage(<ExchangeSuccessPage />, { url: '/exchange/success' });
    await screen.findByText('登录后查看你的兑换结果');
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fexchange%2Fsuccess',
    );
  });

  it('another member’s id: 没有找到这笔兑换, with my records and the catalogue', async () => {
    server.reply('getExchange', refuse('NOT_FOUND'));
    renderPage(<ExchangeSuccessPage />, { url: '/exchange/success?id=99' });
    await screen.findByText('没有找到这笔兑换');
    expect(screen.getByRole('link', { name: '查看兑换记录' }).getAttribute('href')).toBe('/home/exchange');
    expect(screen.getByRole('link', { name: '去兑换中心' }).getAttribute('href')).toBe('/exchange');
    expect(server.callsOf('getExchange')[0]!.params).toEqual({ id: '99' });
  });
});
