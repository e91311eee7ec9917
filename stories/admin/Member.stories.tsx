import { Button } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { StaffMoveViewState } from '../../machines/staffMove';
import { LOST_ANSWER_MSG } from '../../machines/staffMove';
import type { Member360Data, MemberLedgerEntry } from '../../src/admin/flows/members';
import { MemberView } from '../../src/admin/pages/members/MemberView';
import { consolePaths } from '../../src/admin/routing/paths';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, noButton, shows, testIds, type Check } from '../play';

/**
 * /admin/members/:id, the member 360: the profile masked (查看完整 only for staff who may reveal),
 * the moves each permission opens, every section, the move dialogs with their refusals, phones.
 */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const H = 3_600_000;
const DAY = 24 * H;

const ledgerRow = (i: number): MemberLedgerEntry => ({
  id: 100 - i,
  amount: i % 3 === 0 ? -500 : 50,
  balanceAfter: 1280 - i * 10,
  reason: i % 3 === 0 ? 'exchange' : 'task',
  reasonLabel: i % 3 === 0 ? '兑换' : '任务奖励',
  description: i % 3 === 0 ? '兑换 5 元话费' : '完成「新会员欢迎问卷」',
  status: i === 1 ? 'pending' : 'posted',
  idempotencyKey: `k-${i}`,
  createdAt: NOW - i * H,
});

const full: Member360Data = {
  profile: {
    id: 1,
    memberCode: 'WDK3X9P2',
    nickname: '小林',
    avatar: null,
    mobile: '138****0000',
    email: 'li***@example.com',
    inviteCode: 'INV8K2Q1',
    registeredAt: NOW - 90 * DAY,
    registerIp: '110.87.1.20',
    hasPassword: true,
    passwordChangedAt: NOW - 10 * DAY,
    realName: { verified: true, name: '林*', idNumber: '3501**********1234', verifiedAt: NOW - 80 * DAY },
  },
  frozen: null,
  balances: { points: 1280, pointsPending: 50, pointsIncome: 5230, pointsSpent: 3900, credit: 36, creditEarned: 120 },
  ledger: { list: [1, 2, 3, 4].map(ledgerRow), total: 45, page: 1, pageSize: 20 },
  participations: [
    {
      id: 9,
      taskId: 3,
      taskTitle: '新会员欢迎问卷',
      status: 'finished',
      joinResult: 1,
      points: 50,
      pointsStatus: 'posted',
      ip: '110.87.1.20',
      deviceId: 'd-7f3a91',
      startedAt: NOW - 2 * H,
      finishedAt: NOW - H,
    },
    {
      id: 8,
      taskId: 4,
      taskTitle: '家电使用习惯调查',
      status: 'finished',
      joinResult: 2,
      points: 0,
      pointsStatus: 'none',
      ip: '110.87.1.21',
      deviceId: null,
      startedAt: NOW - 30 * H,
      finishedAt: NOW - 29 * H,
    },
  ],
  exchanges: [
    { id: 5, title: '5 元话费', rewardType: 2, points: 500, state: 1, reason: null, createdAt: NOW - 3 * DAY },
    {
      id: 4,
      title: '支付宝 10 元',
      rewardType: 1,
      points: 1000,
      state: 4,
      reason: '实名信息不一致',
      createdAt: NOW - 9 * DAY,
    },
  ],
  benefits: [
    {
      id: 3,
      name: '双倍微豆卡',
      kind: 1,
      source: 'claim',
      status: 'unused',
      obtainedAt: NOW - DAY,
      expiresAt: NOW + 6 * DAY,
    },
  ],
  invites: {
    inviter: { id: 2, memberCode: 'WDA1B2C3', nickname: '老王' },
    inviteeCount: 1,
    invitees: [
      { id: 15, memberCode: 'WDZ9Y8X7', nickname: '小周', registeredAt: NOW - 20 * DAY, registerIp: '110.87.1.20' },
    ],
  },
  feedback: [
    { id: 21, category: 2, state: 2, excerpt: '兑换的话费还没有到账', createdAt: NOW - 2 * DAY, updatedAt: NOW - DAY },
  ],
  sessions: [
    {
      id: 'a1b2c3d4',
      method: 'password',
      ip: '110.87.1.20',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      startedAt: NOW - 2 * H,
      expiresAt: NOW + 28 * DAY,
      active: true,
      revokedReason: null,
    },
    {
      id: 'e5f6a7b8',
      method: 'sms',
      ip: '110.87.1.21',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0',
      startedAt: NOW - 5 * DAY,
      expiresAt: NOW + 20 * DAY,
      active: false,
      revokedReason: 'logout',
    },
  ],
  devicesAndIps: {
    ips: [
      { ip: '110.87.1.20', seen: 3, lastAt: NOW - 2 * H, from: ['register', 'login', 'task'] },
      { ip: '110.87.1.21', seen: 2, lastAt: NOW - 29 * H, from: ['login', 'task'] },
    ],
    devices: [{ deviceId: 'd-7f3a91', seen: 1, lastAt: NOW - 2 * H }],
  },
  socialBindings: [{ platform: 1, nickname: '林林', boundAt: NOW - 60 * DAY }],
  pendingAdjustments: [],
};

const frozen: Member360Data = {
  ...full,
  frozen: { at: NOW - H, reason: '批量注册刷任务' },
  sessions: full.sessions.map((s) => ({ ...s, active: false, revokedReason: 'frozen' })),
};

const bare: Member360Data = {
  ...full,
  profile: { ...full.profile, email: null, realName: null, hasPassword: false, passwordChangedAt: null },
  balances: { points: 0, pointsPending: 0, pointsIncome: 0, pointsSpent: 0, credit: 0, creditEarned: 0 },
  ledger: { list: [], total: 0, page: 1, pageSize: 20 },
  participations: [],
  exchanges: [],
  benefits: [],
  invites: { inviter: null, inviteeCount: 0, invitees: [] },
  feedback: [],
  sessions: [],
  devicesAndIps: { ips: [], devices: [] },
  socialBindings: [],
};

const idle: StaffMoveViewState = {
  editing: null,
  made: null,
  fields: {},
  reason: '',
  code: '',
  withReason: true,
  withCode: false,
  busy: false,
  canSubmit: false,
  error: null,
  uncertain: false,
  result: null,
};
const editing = (move: string, extra: Partial<StaffMoveViewState> = {}): StaffMoveViewState => ({
  ...idle,
  editing: move,
  ...extra,
});

/** The dialog's confirm button by name, and whether it can be pressed (the page has a button of that name too). */
const confirm =
  (name: string, state: 'enabled' | 'disabled'): Check =>
  async (canvas) => {
    const dialog = await canvas.findByRole('dialog');
    const found = within(dialog).getByRole('button', { name });
    await expect((found as HTMLButtonElement).disabled, `${name} ${state}`).toBe(state === 'disabled');
  };

const ledgerOf = (m: Member360Data) => ({
  status: 'ready' as const,
  rows: m.ledger.list,
  page: 1,
  pageCount: Math.max(1, Math.ceil(m.ledger.total / 20)),
  total: m.ledger.total,
  error: null,
});
const everything = { reveal: true, freeze: true, sessions: true, message: true };
const support = { reveal: false, freeze: true, sessions: true, message: true };

const meta = {
  title: 'Admin/Member',
  component: MemberView,
  parameters: { route: '/admin/members/1' },
  args: {
    status: 'ready',
    member: full,
    error: null,
    backTo: '/admin/members?q=13800000000',
    memberLink: consolePaths.member,
    can: everything,
    contact: null,
    ledger: ledgerOf(full),
    move: idle,
    onRetry: fn(),
    onLedgerPage: fn(),
    onLedgerRetry: fn(),
    onOpenMove: fn(),
    onMoveInput: fn(),
    onSubmitMove: fn(),
    onCancelMove: fn(),
    onCloseNotice: fn(),
  },
} satisfies Meta<typeof MemberView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  ...desktop,
  play: shows(
    '小林',
    '正常',
    '138****0000',
    '3501**********1234',
    button('查看完整'),
    button('冻结'),
    button('结束全部登录'),
    button('发消息'),
    linkTo('‹ 返回会员查找', '/admin/members?q=13800000000'),
    testIds('ledger-row', 4),
    '共 45 条',
    '新会员欢迎问卷',
    '被甄别',
    '已驳回',
    '双倍微豆卡',
    linkTo('老王（WDA1B2C3）', '/admin/members/2'),
    '兑换与提现',
    '注册、登录、做任务',
    '微信',
    'Chrome · 安卓',
    '已结束：会员退出登录',
    button('下一页', 'enabled'),
    hidden('已冻结'),
  ),
};
export const SupportStaff: Story = {
  ...desktop,
  args: { can: support },
  play: shows('138****0000', noButton('查看完整'), button('冻结'), hidden('调整微豆')),
};
export const ReadOnlyStaff: Story = {
  ...desktop,
  args: { can: { reveal: false, freeze: false, sessions: false, message: false } },
  play: shows('小林', noButton('冻结'), noButton('解冻'), noButton('结束全部登录'), noButton('发消息')),
};
export const WithAdjustSlot: Story = {
  ...desktop,
  args: { adjustAction: <Button size="sm">调整微豆</Button> },
  play: shows(button('调整微豆'), button('冻结')),
};
export const Frozen: Story = {
  ...desktop,
  args: { member: frozen },
  play: shows(alert('原因：批量注册刷任务'), '已冻结', button('解冻'), noButton('冻结'), '已结束：账号被冻结'),
};
export const Revealed: Story = {
  ...desktop,
  args: {
    contact: { mobile: '13800000000', realName: '林小林', idNumber: '3501**********1234', idNumberComplete: false },
  },
  play: shows('13800000000', '林小林', '站点只保存了脱敏号码', '已记入审计日志', noButton('查看完整')),
};
export const NoHistory: Story = {
  ...desktop,
  args: { member: bare, ledger: ledgerOf(bare) },
  play: shows('还没有微豆流水', '还没有参与过任务', '还没有兑换记录', '无（自行注册）', '没有登录记录', '未认证'),
};
export const PendingAdjustment: Story = {
  ...desktop,
  args: {
    member: {
      ...full,
      pendingAdjustments: [
        {
          id: 3,
          memberId: 1,
          memberCode: 'WDK3X9P2',
          nickname: '小林',
          amount: 8000,
          reason: '活动补发',
          state: 'pending',
          requestedBy: 'demo.finance',
          requestedAt: NOW - H,
          decidedBy: null,
          decidedAt: null,
          decisionReason: null,
          ledgerId: null,
        },
      ],
    },
  },
  play: shows('待复核的微豆调整', '+8,000', '活动补发'),
};
export const Loading: Story = { ...desktop, args: { status: 'loading', member: null }, play: shows('加载中…') };
export const LoadError: Story = {
  ...desktop,
  args: { status: 'error', member: null, error: '网络错误，请稍后重试' },
  play: shows(alert('会员信息加载失败'), button('重新加载')),
};
export const NotFound: Story = {
  ...desktop,
  args: { status: 'notFound', member: null },
  play: shows('会员不存在', linkTo('‹ 返回会员查找', '/admin/members?q=13800000000')),
};
export const LedgerSecondPage: Story = {
  ...desktop,
  args: { ledger: { ...ledgerOf(full), rows: [5, 6].map(ledgerRow), page: 2, pageCount: 3 } },
  play: shows('第 2 / 3 页', testIds('ledger-row', 2), button('上一页', 'enabled')),
};
export const LedgerError: Story = {
  ...desktop,
  args: { ledger: { ...ledgerOf(full), status: 'error', rows: [], page: 2, pageCount: 3, error: '网络错误' } },
  play: shows(alert('流水加载失败')),
};
export const FreezeDialog: Story = {
  ...desktop,
  args: { move: editing('freeze') },
  play: shows('冻结会员：小林', '通过客服邮箱申诉', confirm('冻结', 'disabled'), hidden('身份验证器动态验证码')),
};
export const FreezeReady: Story = {
  ...desktop,
  args: { move: editing('freeze', { reason: '批量注册刷任务', canSubmit: true }) },
  play: shows('冻结会员：小林', confirm('冻结', 'enabled')),
};
export const FreezeRefused: Story = {
  ...desktop,
  args: { move: editing('freeze', { reason: '刷单', error: '无权限：你的角色不能进行这项操作' }) },
  play: shows(alert('无权限：你的角色不能进行这项操作')),
};
export const FreezeLostAnswer: Story = {
  ...desktop,
  args: { move: editing('freeze', { reason: '刷单', error: LOST_ANSWER_MSG, uncertain: true }) },
  play: shows(alert(/可能已经生效/)),
};
export const Freezing: Story = {
  ...desktop,
  args: { move: editing('freeze', { reason: '刷单', busy: true }) },
  play: shows(button('取消', 'disabled')),
};
export const FrozenNotice: Story = {
  ...desktop,
  args: {
    member: frozen,
    move: { ...idle, made: 'freeze', result: { id: 1, frozen: frozen.frozen, sessionsEnded: 2 } },
  },
  play: shows('已冻结该会员，结束了 2 个登录', button('知道了')),
};
export const UnfreezeDialog: Story = {
  ...desktop,
  args: { member: frozen, move: editing('unfreeze') },
  play: shows('解冻会员：小林', '原因（写入审计日志）'),
};
export const EndSessionsDialog: Story = {
  ...desktop,
  args: { move: editing('endSessions') },
  play: shows('结束全部登录：小林', confirm('结束登录', 'disabled')),
};
export const SessionsEndedNotice: Story = {
  ...desktop,
  args: { move: { ...idle, made: 'endSessions', result: { id: 1, frozen: null, sessionsEnded: 3 } } },
  play: shows('已结束该会员的 3 个登录'),
};
export const MessageDialog: Story = {
  ...desktop,
  args: { move: editing('message', { fields: { title: '', content: '' }, withReason: false }) },
  play: shows('发消息：小林', '标题（最多 60 个字）', confirm('发送', 'disabled'), hidden('原因（写入审计日志）')),
};
export const MessageReady: Story = {
  ...desktop,
  args: {
    move: editing('message', {
      fields: { title: '兑换说明', content: '你的话费已发放' },
      withReason: false,
      canSubmit: true,
    }),
  },
  play: shows(confirm('发送', 'enabled')),
};
export const MessageSent: Story = {
  ...desktop,
  args: { move: { ...idle, made: 'message', result: { messageId: 9 } } },
  play: shows('消息已发送'),
};
export const RevealDialog: Story = {
  ...desktop,
  args: { move: editing('reveal') },
  play: shows('查看完整手机号与实名信息', '查看原因（写入审计日志）', confirm('查看', 'disabled')),
};
export const PhoneFull: Story = { ...phone, play: shows('小林', testIds('ledger-row', 4), button('冻结')) };
export const PhoneFrozen: Story = {
  ...phone,
  args: { member: frozen },
  play: shows(alert('批量注册刷任务'), button('解冻')),
};
export const PhoneFreezeDialog: Story = {
  ...phone,
  args: { move: editing('freeze', { reason: '刷单' }) },
  play: shows('冻结会员：小林'),
};
