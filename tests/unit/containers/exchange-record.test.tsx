import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomeExchangePage from '../../../src/pages/home-exchange/HomeExchangePage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/** A detail container: `/home/exchange?id=…` 兑换详情 (getExchange through the exchange machine). */

const at = Date.UTC(2026, 10, 20, 1, 5);
const exchange = {
  id: 12,
  rewardId: 3,
  type: 2,
  title: '京东 E 卡 50 元',
  cover: null,
  points: 5000,
  faceValue: 5000,
  state: 1,
  stateLabel: '已发放',
  reason: null,
  refunded: false,
  payout: null,
  shipping: null,
  code: 'JD-1234-5678',
  transferRef: null,
  trackingNo: null,
  won: false,
  awaitingAddress: false,
  createdAt: at,
  updatedAt: at,
  history: [
    { from: null, to: 0, toLabel: '待审核', actor: 'member', reason: null, at },
    { from: 0, to: 1, toLabel: '已发放', actor: 'operator', reason: null, at },
  ],
};

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/home/exchange?id= container', () => {
  it('loaded: the exchange, its issued code and its history, for the id in the URL', async () => {
    server.reply('getExchange', ok(exchange));
    renderPage(<HomeExchangePage />, { url: '/home/exchange?id=12' });

    await screen.findByText('京东 E 卡 50 元');
    screen.getByText('JD-1234-5678');
    screen.getByText('状态记录');
    expect(screen.getByRole('button', { name: /刷新状态/ }).hasAttribute('disabled')).toBe(false);
    expect(server.calls.map((c) => [c.operationId, c.params])).toEqual([['getExchange', { id: '12' }]]);
  });

  it('not found: the server’s message, no exchange', async () => {
    server.reply('getExchange', refuse('NOT_FOUND', '兑换单不存在'));
    renderPage(<HomeExchangePage />, { url: '/home/exchange?id=99' });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('兑换单不存在');
    expect(screen.queryByText('京东 E 卡 50 元')).toBeNull();
    expect(screen.getByRole('link', { name: '‹ 兑换记录' }).getAttribute('href')).toBe('/home/exchange');
  });

  it('a network error: 加载失败 with 重新加载, which asks again and shows the exchange', async () => {
    let down = true;
    server.reply('getExchange', () => (down ? 'network-error' : ok(exchange)));
    renderPage(<HomeExchangePage />, { url: '/home/exchange?id=12' });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('加载失败');
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByText('京东 E 卡 50 元');
    expect(server.callsOf('getExchange')).toHaveLength(2);
  });
});
