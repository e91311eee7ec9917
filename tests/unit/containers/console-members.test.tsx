import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '../../../openapi/rules/staff';
import { StaffSessionProvider } from '../../../src/admin/app/staffSession';
import MemberPage from '../../../src/admin/pages/members/MemberPage';
import MembersPage from '../../../src/admin/pages/members/MembersPage';
import { ok, refuse, renderPage, server } from './harness';
import { staffAs } from './staff';

vi.mock('../../../src/admin/api', async (importOriginal) =>
  (await import('./harness')).withFakeConsoleApi(await importOriginal<{ createConsoleClient: () => unknown }>()),
);

/** The console's member pages over a fake contract server: what staff see, what the server is asked. */

const NOW = Date.UTC(2026, 10, 29, 8, 0);

const ledgerRow = (id: number) => ({
  id,
  amount: 50,
  balanceAfter: 50 * id,
  reason: 'task',
  reasonLabel: '任务奖励',
  description: `第 ${id} 笔`,
  status: 'posted',
  idempotencyKey: `k${id}`,
  createdAt: NOW - id * 60_000,
});

const member360 = (frozen: { at: number; reason: string } | null = null) => ({
  profile: {
    id: 7,
    memberCode: 'WDK3X9P2',
    nickname: '小周',
    avatar: null,
    mobile: '139****1234',
    email: null,
    inviteCode: 'INV8K2Q1',
    registeredAt: NOW - 86_400_000,
    registerIp: null,
    hasPassword: true,
    passwordChangedAt: null,
    realName: null,
  },
  frozen,
  balances: { points: 100, pointsPending: 0, pointsIncome: 100, pointsSpent: 0, credit: 0, creditEarned: 0 },
  ledger: { list: [ledgerRow(1), ledgerRow(2)], total: 25, page: 1, pageSize: 20 },
  participations: [],
  exchanges: [],
  benefits: [],
  invites: { inviter: null, inviteeCount: 0, invitees: [] },
  feedback: [],
  sessions: [],
  devicesAndIps: { ips: [], devices: [] },
  socialBindings: [],
  pendingAdjustments: [],
});

function renderMember(role: StaffRole) {
  return renderPage(
    <StaffSessionProvider initial={staffAs(role)}>
      <MemberPage />
    </StaffSessionProvider>,
    { url: '/admin/members/7' },
  );
}

const dialog = () => screen.getByRole('dialog');
const typeIn = (name: string, value: string) =>
  fireEvent.change(dialog().querySelector(`[name="${name}"]`)!, { target: { value } });

beforeEach(() => server.reset());
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  expect(server.toasts).toEqual([]);
});

describe('member search', () => {
  it('searches what was typed, keeps it in the URL, and links each result to its member', async () => {
    server.reply('searchMembers', (call) =>
      ok({
        list: [
          {
            id: 7,
            memberCode: 'WDK3X9P2',
            nickname: call.query.q === '小周' ? '小周' : '?',
            mobile: '139****1234',
            registeredAt: NOW,
            balance: 100,
            frozen: null,
            matchedBy: 'nickname',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    );
    renderPage(
      <StaffSessionProvider initial={staffAs('support')}>
        <MembersPage />
      </StaffSessionProvider>,
      { url: '/admin/members' },
    );
    expect(server.callsOf('searchMembers')).toHaveLength(0);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' 小周 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    await waitFor(() =>
      expect(screen.getByTestId('current-url').textContent).toBe('/admin/members?q=%E5%B0%8F%E5%91%A8'),
    );
    const hit = await screen.findByTestId('member-hit');
    expect(server.callsOf('searchMembers')[0]!.query).toEqual({ q: '小周', page: '1', pageSize: '20' });
    expect(within(hit).getByRole('link', { name: '小周' }).getAttribute('href')).toBe('/admin/members/7');
    expect(within(hit).getByText('按昵称')).toBeTruthy();
  });

  it('says nothing was found, and a failure with 重新加载', async () => {
    server.reply('searchMembers', ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    renderPage(
      <StaffSessionProvider initial={staffAs('support')}>
        <MembersPage />
      </StaffSessionProvider>,
      { url: '/admin/members?q=13900000000', path: '/admin/members' },
    );
    await screen.findByText('没有找到会员');
    server.reply('searchMembers', 'network-error');
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    await screen.findByText('查找失败');
  });
});

describe('member 360', () => {
  it('support: masked, no 查看完整; freezes with a reason, and the page reloads to 已冻结', async () => {
    let frozen: { at: number; reason: string } | null = null;
    server.reply('getMember360', () => ok(member360(frozen)));
    server.reply('freezeMember', (call) => {
      frozen = { at: NOW, reason: (call.body as { reason: string }).reason };
      return ok({ id: 7, frozen, sessionsEnded: 2 });
    });
    renderMember('support');
    await screen.findByText('139****1234');
    expect(screen.queryByRole('button', { name: '查看完整' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '冻结' }));
    const confirm = within(dialog()).getByRole('button', { name: '冻结' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    typeIn('reason', ' 批量注册 ');
    fireEvent.click(within(dialog()).getByRole('button', { name: '冻结' }));
    await screen.findByText('已冻结该会员，结束了 2 个登录');
    expect(server.callsOf('freezeMember')[0]).toMatchObject({ params: { id: '7' }, body: { reason: '批量注册' } });
    await screen.findByText('原因：批量注册');
    expect(server.callsOf('getMember360')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '解冻' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refusal stays in the dialog (no toast), and a lost answer is said plainly', async () => {
    server.reply('getMember360', ok(member360()));
    server.reply('endMemberSessions', refuse('STAFF_FORBIDDEN'));
    renderMember('support');
    fireEvent.click(await screen.findByRole('button', { name: '结束全部登录' }));
    typeIn('reason', '会员要求');
    fireEvent.click(within(dialog()).getByRole('button', { name: '结束登录' }));
    await within(dialog()).findByText('无权限：你的角色不能进行这项操作');
    server.reply('endMemberSessions', 'network-error');
    fireEvent.click(within(dialog()).getByRole('button', { name: '结束登录' }));
    await within(dialog()).findByText(/这次操作可能已经生效/);
  });

  it('a message: title and content, no reason', async () => {
    server.reply('getMember360', ok(member360()));
    server.reply('messageMember', ok({ messageId: 3 }));
    renderMember('support');
    fireEvent.click(await screen.findByRole('button', { name: '发消息' }));
    expect(dialog().querySelector('[name="reason"]')).toBeNull();
    typeIn('title', '兑换说明');
    typeIn('content', '你的话费已发放');
    fireEvent.click(within(dialog()).getByRole('button', { name: '发送' }));
    await screen.findByText('消息已发送');
    expect(server.callsOf('messageMember')[0]!.body).toEqual({ title: '兑换说明', content: '你的话费已发放' });
  });

  it('admin: 查看完整 asks a reason, then shows the full mobile', async () => {
    server.reply('getMember360', ok(member360()));
    server.reply(
      'revealMemberContact',
      ok({ mobile: '13912341234', realName: null, idNumber: null, idNumberComplete: false }),
    );
    renderMember('admin');
    fireEvent.click(await screen.findByRole('button', { name: '查看完整' }));
    typeIn('reason', '会员来电核对身份');
    fireEvent.click(within(dialog()).getByRole('button', { name: '查看' }));
    await screen.findByText('13912341234');
    expect(server.callsOf('revealMemberContact')[0]!.body).toEqual({ reason: '会员来电核对身份' });
    expect(screen.queryByText('139****1234')).toBeNull();
    expect(server.callsOf('getMember360')).toHaveLength(1);
  });

  it('the ledger pages on from getMemberLedger; page 1 is the 360’s own', async () => {
    server.reply('getMember360', ok(member360()));
    server.reply('getMemberLedger', ok({ list: [ledgerRow(21)], total: 25, page: 2, pageSize: 20 }));
    renderMember('finance');
    await screen.findByText('第 1 笔');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('第 21 笔');
    expect(server.callsOf('getMemberLedger')[0]).toMatchObject({
      params: { id: '7' },
      query: { page: '2', pageSize: '20' },
    });
    expect(screen.queryByRole('button', { name: '冻结' })).toBeNull();
  });

  it('a member that does not exist', async () => {
    server.reply('getMember360', refuse('NOT_FOUND', '会员不存在'));
    renderMember('support');
    await screen.findByText('会员不存在', { selector: 'h1' });
  });
});
