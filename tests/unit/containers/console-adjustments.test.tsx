import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjustmentData } from '../../../machines/balanceAdjustment';
import { StaffSessionProvider, type Staff } from '../../../src/admin/app/staffSession';
import { AdjustBalanceAction } from '../../../src/admin/pages/members/AdjustBalanceAction';
import AdjustmentsPage from '../../../src/admin/pages/adjustments/AdjustmentsPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/admin/api', async (importOriginal) =>
  (await import('./harness')).withFakeConsoleApi(await importOriginal<{ createConsoleClient: () => unknown }>()),
);

/**
 * 微豆 adjustments over a fake contract server: the review page (approve with a code, another
 * approver first, one's own request) and the member page's 调整微豆 action (a debit below zero
 * stopped, a large credit waiting, a refused code). Refusals are said once, in the page (no toast).
 */

const admin: Staff = {
  id: 4,
  login: 'demo.admin',
  name: '管理员老王',
  roles: ['admin'],
  permissions: ['console.home', 'balance.adjust', 'balance.approve'],
  sessionExpiresAt: Date.UTC(2026, 10, 29, 20),
};
const row = (id: number, extra: Partial<AdjustmentData> = {}): AdjustmentData => ({
  id,
  memberId: 42,
  memberCode: 'W000042',
  nickname: `会员${id}`,
  amount: 6_000,
  reason: '活动奖励补发',
  state: 'pending',
  requestedBy: 'demo.finance',
  requestedAt: Date.now() - 3_600_000,
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  ledgerId: null,
  ...extra,
});
const page = (list: AdjustmentData[]) => ok({ list, total: list.length, page: 1, pageSize: 100 });

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => server.reset());
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  expect(server.toasts).toEqual([]);
});

function renderReview() {
  return renderPage(
    <StaffSessionProvider initial={admin}>
      <AdjustmentsPage />
    </StaffSessionProvider>,
    { url: '/admin/adjustments' },
  );
}

describe('微豆调整复核', () => {
  it('approves another staff member’s request with a reason and a fresh code, then reads the list again', async () => {
    let lists = 0;
    server.reply('listAdjustments', () =>
      ++lists === 1
        ? page([row(1), row(2, { requestedBy: 'demo.admin' })])
        : page([row(2, { requestedBy: 'demo.admin' })]),
    );
    server.reply(
      'approveAdjustment',
      ok(row(1, { state: 'applied', decidedBy: 'demo.admin', decidedAt: Date.now(), ledgerId: 9 })),
    );
    renderReview();
    const first = (await screen.findAllByTestId('adjustment-row'))[0]!;
    expect(server.callsOf('listAdjustments')[0]!.query).toMatchObject({ state: 'pending', page: '1', pageSize: '100' });
    // one's own: why not, and no buttons
    const own = screen.getAllByTestId('adjustment-row')[1]!;
    expect(within(own).getByText('这是你发起的调整，需由另一位财务或管理员复核')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: '通过' }));
    const dialog = screen.getByRole('dialog', { name: '通过调整：会员1' });
    fill('复核意见（写入审计日志）', '已核对活动名单');
    fill('身份验证器动态验证码', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: '通过并入账' }));
    await screen.findByText('已通过：会员1（会员号 W000042） +6,000 微豆，已入账');
    expect(server.callsOf('approveAdjustment')).toEqual([
      expect.objectContaining({ params: { id: '1' }, body: { reason: '已核对活动名单', totp: '123456' } }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('adjustment-row')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('another approver first: says so, closes the dialog and reads the list again', async () => {
    server.reply('listAdjustments', page([row(1)]));
    server.reply('rejectAdjustment', refuse('ALREADY_DECIDED'));
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    fill('驳回原因（写入审计日志）', '缺少名单');
    fill('身份验证器动态验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await screen.findByText('这一项已被其他同事处理，列表已刷新');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(server.callsOf('listAdjustments')).toHaveLength(2));
  });

  it('a wrong code stays in the dialog with the refusal, the code cleared', async () => {
    server.reply('listAdjustments', page([row(1)]));
    server.reply('approveAdjustment', refuse('TOTP_WRONG'));
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: '通过' }));
    fill('复核意见（写入审计日志）', '已核对');
    fill('身份验证器动态验证码', '111111');
    fireEvent.click(screen.getByRole('button', { name: '通过并入账' }));
    expect((await screen.findByRole('alert')).textContent).toContain('动态验证码错误或已使用过');
    expect((screen.getByLabelText('身份验证器动态验证码') as HTMLInputElement).value).toBe('');
    expect(server.callsOf('listAdjustments')).toHaveLength(1);
  });
});

describe('调整微豆', () => {
  function renderAction(onChanged = vi.fn()) {
    renderPage(
      <AdjustBalanceAction memberId={42} memberLabel="会员42 · W000042" balance={1_000} onChanged={onChanged} />,
      {
        url: '/admin',
      },
    );
    return onChanged;
  }

  it('stops a debit below zero before asking the server', () => {
    renderAction();
    fireEvent.click(screen.getByRole('button', { name: '调整微豆' }));
    fireEvent.click(screen.getByLabelText('扣减'));
    fill('扣减数量（微豆）', '1500');
    fill(/^原因/, '重复发放');
    fill('身份验证器动态验证码', '123456');
    expect(screen.getByRole('alert').textContent).toBe('扣减后余额会低于 0：会员当前余额 1,000 微豆');
    expect((screen.getByRole('button', { name: '提交调整' }) as HTMLButtonElement).disabled).toBe(true);
    fill('扣减数量（微豆）', '300');
    expect(screen.getByText('当前余额 1,000 微豆，调整后 700 微豆')).toBeTruthy();
    expect((screen.getByRole('button', { name: '提交调整' }) as HTMLButtonElement).disabled).toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('a large credit waits for a second account; the page is told to read the member again', async () => {
    server.reply('requestAdjustment', ok(row(5, { amount: 8_000, requestedBy: 'demo.finance' })));
    const onChanged = renderAction();
    fireEvent.click(screen.getByRole('button', { name: '调整微豆' }));
    fill('增加数量（微豆）', '8000');
    fill(/^原因/, '线下活动奖励');
    fill('身份验证器动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '提交调整' }));
    await screen.findByText('已提交复核');
    expect(server.callsOf('requestAdjustment')).toEqual([
      expect.objectContaining({
        params: { id: '42' },
        body: { amount: 8_000, reason: '线下活动奖励', totp: '123456' },
      }),
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refusal goes back to the form with its words, nothing changed', async () => {
    server.reply('requestAdjustment', refuse('INSUFFICIENT_POINTS'));
    const onChanged = renderAction();
    fireEvent.click(screen.getByRole('button', { name: '调整微豆' }));
    fireEvent.click(screen.getByLabelText('扣减'));
    fill('扣减数量（微豆）', '900');
    fill(/^原因/, '扣回重复发放');
    fill('身份验证器动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '提交调整' }));
    expect((await screen.findByRole('alert')).textContent).toBe('会员微豆余额不足，扣减后会低于 0，未做调整');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
