import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RankingArticlePage from '../../../src/pages/ranking-article/RankingArticlePage';
import RankingPage from '../../../src/pages/ranking/RankingPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * The ranking's containers: `/ranking` (getRanking for the tab in the address, listRankingTips)
 * and `/ranking/article/{id}` (getRankingTip; an address that is no id asks nothing).
 */

const board = (period: 'week' | 'month', mine: { rank: number | null; amount: number } | null) => ({
  period,
  start: period === 'week' ? '2026-11-23' : '2026-11-01',
  end: period === 'week' ? '2026-11-29' : '2026-11-30',
  entries: [
    { rank: 1, nickname: '豆***满', avatar: null, amount: period === 'week' ? 768 : 2400, me: false },
    { rank: 2, nickname: '问***杰', avatar: null, amount: period === 'week' ? 700 : 2100, me: true },
  ],
  mine,
});
const tips = [
  { id: 3, title: '前后回答要一致', summary: '前后矛盾会被判为逻辑错误', updatedAt: Date.UTC(2026, 10, 20) },
];

beforeEach(() => {
  server.reset();
  server.reply('listRankingTips', ok(tips));
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/ranking container', () => {
  it('asks for this week, shows my rank and the tips; the 本月 tab asks for the month', async () => {
    server.reply('getRanking', (call) =>
      ok(
        board(
          call.query.period as 'week' | 'month',
          call.query.period === 'month' ? { rank: 7, amount: 2100 } : { rank: 2, amount: 700 },
        ),
      ),
    );
    renderPage(<RankingPage />, { url: '/ranking' });
    expect((await screen.findByTestId('my-rank')).textContent).toContain('第 2 名');
    expect(screen.getByRole('link', { name: /前后回答要一致/ }).getAttribute('href')).toBe('/ranking/article/3');
    expect(screen.getByRole('link', { name: '去看看' }).getAttribute('href')).toBe('/appraise');
    fireEvent.click(screen.getByRole('tab', { name: '本月' }));
    await waitFor(() => expect(screen.getByTestId('my-rank').textContent).toContain('第 7 名'));
    expect(within(screen.getByRole('list', { name: '本月排行榜' })).getAllByRole('listitem')).toHaveLength(2);
    expect(server.callsOf('getRanking').map((c) => c.query.period)).toEqual(['week', 'month']);
    expect(server.callsOf('listRankingTips')).toHaveLength(1);
  });

  it('opens on the tab in the address; a visitor is asked to log in and come back', async () => {
    server.reply('getRanking', ok(board('month', null)));
    renderPage(<RankingPage />, { url: '/ranking?period=month' });
    expect((await screen.findByRole('link', { name: '登录/注册' })).getAttribute('href')).toBe(
      '/login?redirect=%2Franking%3Fperiod%3Dmonth',
    );
    expect(server.callsOf('getRanking').map((c) => c.query.period)).toEqual(['month']);
  });

  it('shows a failed board with a retry that asks again', async () => {
    let n = 0;
    server.reply('getRanking', () => (n++ === 0 ? 'network-error' : ok(board('week', { rank: null, amount: 0 }))));
    renderPage(<RankingPage />, { url: '/ranking' });
    await screen.findByText('排行榜加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await screen.findByText('你本周还没有获得微豆，完成任务就能上榜');
    expect(server.toasts).toEqual([]);
  });
});

describe('/ranking/article/{id} container', () => {
  it('shows the article', async () => {
    server.reply('getRankingTip', ok({ ...tips[0], content: '<p>按<strong>真实情况</strong>回答</p>' }));
    renderPage(<RankingArticlePage />, { url: '/ranking/article/3', path: '/ranking/article/:id' });
    await screen.findByRole('heading', { level: 1, name: '前后回答要一致' });
    screen.getByText('真实情况');
    expect(server.callsOf('getRankingTip').map((c) => c.params.id)).toEqual(['3']);
  });

  it('an unpublished article is not found; an address that is no id asks nothing', async () => {
    server.reply('getRankingTip', refuse('NOT_FOUND', '这篇文章不存在或已下线'));
    const first = renderPage(<RankingArticlePage />, { url: '/ranking/article/9', path: '/ranking/article/:id' });
    await screen.findByText('这篇文章不存在或已下线');
    first.unmount();
    renderPage(<RankingArticlePage />, { url: '/ranking/article/abc', path: '/ranking/article/:id' });
    await screen.findByText('这篇文章不存在或已下线');
    expect(server.callsOf('getRankingTip')).toHaveLength(1);
    expect(server.toasts).toEqual([]);
  });
});
