import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import GoldPage from '../../../src/pages/gold/GoldPage';
import { ok, refuse, renderPage, server, type RecordedCall } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/** A list container: `/home/gold` 微豆明细 (getPoints + listPointsHistory through usePagedList). */

const record = (id: number, amount: number, description: string) => ({
  id,
  amount,
  balanceAfter: 1000,
  reason: amount > 0 ? 'task' : 'exchange',
  reasonLabel: amount > 0 ? '任务奖励' : '兑换',
  description,
  status: 'posted' as const,
  createdAt: Date.UTC(2026, 10, 20, 1, 5),
});

const page = (call: RecordedCall, rows: ReturnType<typeof record>[], total: number) =>
  ok({ list: rows, total, page: Number(call.query.page), pageSize: Number(call.query.pageSize) });

const summary = {
  balance: 1280,
  pending: 30,
  todayIncome: 0,
  monthIncome: 0,
  totalIncome: 0,
  totalSpent: 0,
  pointsPerYuan: 100,
};

beforeEach(() => {
  server.reset();
  server.reply('getPoints', ok(summary));
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/home/gold container', () => {
  it('shows the balance and the first page, asking for page 1 of everything', async () => {
    server.reply('listPointsHistory', (call) =>
      page(call, [record(1, 100, '家电问卷'), record(2, -50, '话费充值')], 2),
    );
    renderPage(<GoldPage />, { url: '/home/gold' });

    await screen.findByText('家电问卷');
    screen.getByText('话费充值');
    expect(screen.getByTestId('gold-balance').textContent).toBe('1280');
    screen.getByText('另有 30 微豆待入账');
    screen.getByText('没有更多了');
    expect(server.callsOf('listPointsHistory').map((c) => c.query)).toEqual([{ page: '1', pageSize: '20' }]);
  });

  it('a tab asks for that direction from page 1; the tab shown again asks nothing', async () => {
    server.reply('listPointsHistory', (call) =>
      call.query.direction === 'out'
        ? page(call, [record(3, -200, '京东卡')], 1)
        : page(call, [record(1, 100, '家电问卷')], 1),
    );
    renderPage(<GoldPage />, { url: '/home/gold' });
    await screen.findByText('家电问卷');

    fireEvent.click(screen.getByRole('tab', { name: '支出' }));
    await screen.findByText('京东卡');
    expect(screen.queryByText('家电问卷')).toBeNull();
    expect(screen.getByRole('tab', { name: '支出' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '支出' }));
    expect(server.callsOf('listPointsHistory').map((c) => c.query)).toEqual([
      { page: '1', pageSize: '20' },
      { page: '1', pageSize: '20', direction: 'out' },
    ]);
  });

  it('加载更多 appends the next page; a failed one keeps the rows and offers 重新加载', async () => {
    let failNext = false;
    server.reply('listPointsHistory', (call) => {
      if (call.query.page === '1') return page(call, [record(1, 100, '第一页的记录')], 3);
      if (failNext) return 'network-error';
      return page(call, [record(2, 100, '第二页的记录')], 3);
    });
    renderPage(<GoldPage />, { url: '/home/gold' });
    await screen.findByText('第一页的记录');

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('第二页的记录');
    screen.getByText('第一页的记录');
    expect(screen.getAllByTestId('gold-row')).toHaveLength(2);

    failNext = true;
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect((await screen.findByRole('button', { name: '重新加载' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/网络/);
    expect(screen.getAllByTestId('gold-row')).toHaveLength(2);
    expect(server.callsOf('listPointsHistory').map((c) => c.query.page)).toEqual(['1', '2', '3']);
  });

  it('a failed first page shows the error once (in the list, no toast); 重新加载 asks again', async () => {
    let fail = true;
    server.reply('listPointsHistory', (call) =>
      fail ? refuse('INTERNAL', '服务繁忙，请稍后再试') : page(call, [record(1, 100, '家电问卷')], 1),
    );
    renderPage(<GoldPage />, { url: '/home/gold' });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('加载失败');
    within(alert).getByText('服务繁忙，请稍后再试');
    expect(server.toasts).toEqual([]);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByText('家电问卷');
    expect(server.callsOf('listPointsHistory')).toHaveLength(2);
  });

  it('no rows: the empty state with its way to the tasks', async () => {
    server.reply('listPointsHistory', (call) => page(call, [], 0));
    renderPage(<GoldPage />, { url: '/home/gold' });

    await screen.findByText('还没有微豆记录，去做任务或签到吧');
    expect(screen.getByRole('link', { name: '去做任务' }).getAttribute('href')).toBe('/task');
    await waitFor(() => expect(screen.getByTestId('gold-balance').textContent).toBe('1280'));
  });
});
