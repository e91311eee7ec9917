import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewExchange, ReviewQueueRow } from '../../../machines/exchangeReview';
import ReviewPage from '../../../src/admin/pages/review/ReviewPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/admin/api', async (importOriginal) =>
  (await import('./harness')).withFakeConsoleApi(await importOriginal<{ createConsoleClient: () => unknown }>()),
);

/** 兑换审核 over a fake contract server: what the staff member sees, what the server is asked. */

const T0 = Date.UTC(2026, 10, 29, 2, 0);
const signals: ReviewQueueRow['risk']['signals'] = [
  {
    key: 'sharedDevice',
    label: '同设备的其他账号',
    flag: 'watch',
    summary: '另有 1 个账号用过同一设备',
    count: 1,
    ratio: null,
    members: [{ id: 9, memberCode: 'W20261120009' }],
  },
];
const row = (id: number, level: 'low' | 'medium', state: ReviewQueueRow['state'] = 0): ReviewQueueRow => ({
  id,
  state,
  member: { id: 100 + id, memberCode: `W2026112${id}`, mobile: '138****8000', nickname: `会员${id}` },
  reward: { id: 5, title: '视频会员 3 天卡', type: 2, faceValue: 1500 },
  points: 100,
  createdAt: T0,
  ageMs: 3 * 3_600_000,
  risk: { level, signals: level === 'low' ? [] : signals },
});
const item = (id: number, level: 'low' | 'medium', state: ReviewQueueRow['state'] = 0): ReviewExchange => ({
  ...row(id, level, state),
  identity: null,
  balance: 900,
  events: [{ from: null, to: 0, actor: '会员', reason: null, at: T0 }],
});
const page = (list: ReviewQueueRow[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });

const render = () => renderPage(<ReviewPage />, { url: '/admin/review' });

// Three reads and a decision rendered through Chakra in jsdom: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('兑换审核', () => {
  it('approves the opened exchange: the queue and the exchange are asked again, nothing toasts', async () => {
    let decided = false;
    server.reply('listReviewQueue', () => page(decided ? [row(2, 'low')] : [row(1, 'medium'), row(2, 'low')]));
    server.reply('getReviewItem', (c) => ok(item(Number(c.params.id), 'medium', decided ? 1 : 0)));
    server.reply('approveExchange', () => {
      decided = true;
      return ok({ id: 1, state: 1, refunded: 0, waitingForCode: false });
    });
    render();
    expect(await screen.findAllByTestId('review-row')).toHaveLength(2);
    expect(server.callsOf('listReviewQueue')[0]!.query).toEqual({ page: '1', pageSize: '20' });
    fireEvent.click(screen.getByRole('button', { name: /查看 DH20261129000001/ }));
    const detail = await screen.findByTestId('review-detail');
    await within(detail).findByText('实名：未实名认证 · 当前可用 900 微豆', { exact: false });
    expect(within(detail).getByText(/涉及账号：W20261120009/)).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: '通过' }));
    await screen.findByText(/DH20261129000001 已通过，现在为「已发放」/);
    expect(server.callsOf('approveExchange')[0]!.params).toEqual({ id: '1' });
    await waitFor(() => expect(screen.getAllByTestId('review-row')).toHaveLength(1));
    await screen.findByText('这笔兑换已处理，现在为「已发放」。');
    expect(server.toasts).toEqual([]);
  });

  it('someone else decided first: says so in words and shows the exchange as it is now', async () => {
    let decided = false;
    server.reply('listReviewQueue', () => page(decided ? [] : [row(1, 'medium')]));
    server.reply('getReviewItem', () => ok(item(1, 'medium', decided ? 4 : 0)));
    server.reply('rejectExchange', () => {
      decided = true;
      return refuse('ALREADY_DECIDED');
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /查看 DH20261129000001/ }));
    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog', { name: '驳回兑换' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '多账号刷单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await screen.findByText(/刚刚已被其他同事处理/);
    expect(server.callsOf('rejectExchange')[0]!.body).toEqual({ reason: '多账号刷单' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByText('没有待审核的兑换');
    await screen.findByText('这笔兑换已处理，现在为「已驳回」。');
    expect(server.toasts).toEqual([]);
  });

  it('bulk approval: only low-risk rows can be checked; the fresh code goes with the ids; skipped rows say why', async () => {
    server.reply('listReviewQueue', page([row(1, 'medium'), row(2, 'low'), row(3, 'low')]));
    server.reply('bulkApproveExchanges', (c) =>
      (c.body as { totp: string }).totp === '111111'
        ? refuse('TOTP_WRONG')
        : ok({
            approved: [{ id: 2, state: 1, refunded: 0, waitingForCode: false }],
            skipped: [{ id: 3, reason: '已被其他同事处理', level: 'low' }],
          }),
    );
    render();
    await screen.findAllByTestId('review-row');
    expect((screen.getByLabelText(/DH20261129000001 不是低风险/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '选中本页低风险' }));
    fireEvent.click(screen.getByRole('button', { name: '批量通过（2）' }));
    const dialog = await screen.findByRole('dialog', { name: '批量通过 2 笔兑换' });
    const code = within(dialog).getByPlaceholderText('6 位数字');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '批量通过' }));
    await within(dialog).findByText(/动态验证码错误/);
    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '批量通过' }));
    await screen.findByText('批量通过：已通过 1 笔，1 笔未通过。');
    expect(screen.getByText(/DH20261129000003：已被其他同事处理/)).toBeTruthy();
    expect(server.callsOf('bulkApproveExchanges').map((c) => c.body)).toEqual([
      { ids: [2, 3], totp: '111111' },
      { ids: [2, 3], totp: '222222' },
    ]);
    expect(server.toasts).toEqual([]);
  });
});
