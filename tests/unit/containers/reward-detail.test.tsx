import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RewardDetailPage from '../../../src/pages/reward-detail/RewardDetailPage';
import { virtualReward } from '../../../stories/exchange/fixtures';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * `/exchange/detail/{id}` over a fake contract server, one place per error: a reward that
 * is not there gets the not-found state — no 重新加载, no toast; a failed load says so once, with
 * 重新加载, and no toast says it again.
 */

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

const open = (id: number) =>
  renderPage(<RewardDetailPage />, { url: `/exchange/detail/${id}`, path: '/exchange/detail/:id' });

describe('/exchange/detail/{id}', () => {
  it('a reward that is not there: the not-found state, the catalogue offered, no retry, no toast', async () => {
    server.reply('getReward', () => refuse('NOT_FOUND', '该商品不存在或已下架'));
    open(999);
    await screen.findByText('这个商品不存在或已下架');
    expect(screen.getByRole('link', { name: '返回兑换中心' }).getAttribute('href')).toBe('/exchange');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(server.toasts).toEqual([]);
  });

  it('a failed load: said once on the page with 重新加载, which loads again; no toast', async () => {
    let calls = 0;
    server.reply('getReward', () => (++calls === 1 ? 'network-error' : ok({ ...virtualReward, eligibility: null })));
    open(virtualReward.id);
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect((await screen.findAllByRole('heading', { name: virtualReward.title })).length).toBeGreaterThan(0);
    expect(server.toasts).toEqual([]);
  });
});
