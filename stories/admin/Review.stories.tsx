import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ExchangeReviewViewState, ReviewExchange, ReviewQueueRow } from '../../machines/exchangeReview';
import { ReviewView } from '../../src/admin/pages/review/ReviewView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, noButton, shows, testIds } from '../play';

/** /admin/review: 兑换审核 — the queue with risk, one exchange's signals, the decisions. */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
type Signal = ReviewQueueRow['risk']['signals'][number];
const signal = (
  key: Signal['key'],
  label: string,
  flag: Signal['flag'],
  summary: string,
  extra: Partial<Signal> = {},
) => ({ key, label, flag, summary, count: null, ratio: null, members: [], ...extra }) satisfies Signal;

const quiet: Signal[] = [
  signal('accountAge', '账号注册时长', 'none', '注册 120 天', { count: 120 }),
  signal('sharedIpRange', '同注册 IP 段的其他账号', 'none', '没有其他账号从 203.0.113.0/24 注册', { count: 0 }),
  signal('answerQuality', '答题质量等级', 'none', '等级 3（42 份计入答卷，有效率 95%）', { count: 42, ratio: 0.95 }),
  signal('identity', '实名认证', 'none', '已实名认证'),
  signal('earnedVsRedeemed', '累计获得与兑换的微豆', 'none', '累计获得 5200 微豆，已兑换 3000 微豆'),
];
const risky: Signal[] = [
  signal('accountAge', '账号注册时长', 'watch', '注册 2 天', { count: 2 }),
  signal('sharedDevice', '同设备的其他账号', 'alert', '另有 3 个账号用过同一设备', {
    count: 3,
    members: [
      { id: 201, memberCode: 'W20261127001' },
      { id: 202, memberCode: 'W20261127002' },
      { id: 203, memberCode: 'W20261127003' },
    ],
  }),
  signal('sharedIpRange', '同注册 IP 段的其他账号', 'watch', '另有 1 个账号从 198.51.100.0/24 注册', {
    count: 1,
    members: [{ id: 204, memberCode: 'W20261126017' }],
  }),
  signal('inviteCluster', '邀请关系集中在同一 IP 段', 'none', '邀请的人中没有同一 IP 段注册的', { count: 0 }),
  signal('answerQuality', '答题质量等级', 'watch', '等级 1（8 份计入答卷，有效率 40%）', { count: 8, ratio: 0.4 }),
  signal('screenOut', '甄别淘汰比例', 'none', '10 次参与中被甄别 3 次（30%）', { count: 3, ratio: 0.3 }),
  signal('tooFast', '答题过快比例', 'alert', '10 次参与中答题过快 6 次（60%）', { count: 6, ratio: 0.6 }),
  signal('blockedJoins', '因 IP / 设备 / 城市被拒的参与', 'watch', '被拒 1 次（IP 1，设备 0，城市 0）', { count: 1 }),
  signal('mobileChange', '近 30 天更换过手机号', 'watch', '近 30 天更换手机号 1 次', { count: 1 }),
  signal('identity', '实名认证', 'none', '未实名认证'),
  signal('earnedVsRedeemed', '累计获得与兑换的微豆', 'watch', '累计获得 1000 微豆，已兑换 1000 微豆'),
];

const row = (id: number, extra: Partial<ReviewQueueRow> & { nickname?: string; hours?: number }): ReviewQueueRow => ({
  id,
  state: 0,
  member: {
    id: 100 + id,
    memberCode: `W2026110${id}`,
    mobile: '138****8000',
    nickname: extra.nickname ?? '微豆用户8000',
  },
  reward: { id: 7, title: '视频会员月卡', type: 2, faceValue: 2500 },
  points: 2500,
  createdAt: NOW - (extra.hours ?? 3) * 3_600_000,
  ageMs: (extra.hours ?? 3) * 3_600_000,
  risk: { level: 'low', signals: quiet },
  ...extra,
});
const rows = [
  row(101, { hours: 27, nickname: '小周', risk: { level: 'high', signals: risky } }),
  row(102, { hours: 5, nickname: '阿青' }),
  row(103, {
    hours: 3,
    nickname: '山里人',
    reward: { id: 9, title: '现金 10 元（支付宝）', type: 1, faceValue: 1000 },
    points: 1000,
    risk: { level: 'medium', signals: [risky[0]!, ...quiet.slice(1)] },
  }),
  row(104, { hours: 0.2, nickname: '微豆用户1234' }),
];
const item: ReviewExchange = {
  ...rows[0]!,
  identity: null,
  balance: 0,
  events: [{ from: null, to: 0, actor: '会员', reason: null, at: NOW - 27 * 3_600_000 }],
};

const base: ExchangeReviewViewState = {
  status: 'ready',
  refreshing: false,
  rows,
  total: 4,
  page: 1,
  pageCount: 1,
  queueError: null,
  selectedId: null,
  selected: null,
  item: null,
  itemStatus: 'none',
  itemError: null,
  checked: [],
  canApprove: false,
  canReject: false,
  canBulk: false,
  canCheckAllLow: true,
  approving: null,
  dialog: null,
  notice: null,
};
const opened: Partial<ExchangeReviewViewState> = {
  selectedId: 101,
  selected: item,
  item,
  itemStatus: 'shown',
  canApprove: true,
  canReject: true,
};

const meta = {
  title: 'Admin/Review',
  component: ReviewView,
  parameters: { route: '/admin/review' },
  args: {
    ...base,
    onPage: fn(),
    onRetry: fn(),
    onSelect: fn(),
    onClose: fn(),
    onCheck: fn(),
    onCheckAllLow: fn(),
    onClearChecks: fn(),
    onApprove: fn(),
    onReject: fn(),
    onBulk: fn(),
    onReason: fn(),
    onCode: fn(),
    onSubmit: fn(),
    onCancel: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof ReviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { ...desktop, args: { status: 'loading', rows: [], total: 0 }, play: shows('加载中…') };
export const LoadError: Story = {
  ...desktop,
  args: { status: 'error', rows: [], total: 0, queueError: '网络错误，请稍后重试' },
  play: shows('审核队列加载失败', button('重新加载')),
};
export const Empty: Story = {
  ...desktop,
  args: { rows: [], total: 0, canCheckAllLow: false },
  play: shows('没有待审核的兑换', noButton(/批量通过/)),
};
export const Queue: Story = {
  ...desktop,
  play: shows(
    testIds('review-row', 4),
    '等待 1 天',
    '等待 5 小时',
    '等待 12 分钟',
    '风险高',
    '风险中',
    '风险低',
    '同设备的其他账号：另有 3 个账号用过同一设备',
    '各项信号正常',
    '第 1 / 1 页，共 4 笔待审核',
    button('批量通过', 'disabled'),
    '在左侧选择一笔兑换',
  ),
};
export const Signals: Story = {
  ...desktop,
  args: opened,
  play: shows(
    testIds('risk-signal', risky.length),
    '涉及账号：W20261127001、W20261127002、W20261127003',
    '高风险',
    '需留意',
    '注册 2 天',
    '实名：未实名认证 · 当前可用 0 微豆',
    '处理记录',
    button('通过', 'enabled'),
    button('驳回', 'enabled'),
  ),
};
export const SignalsLoading: Story = {
  ...desktop,
  args: { ...opened, item: null, selected: rows[0]!, itemStatus: 'loading' },
  play: shows('正在读取完整的证据…', button('通过', 'enabled')),
};
export const Approving: Story = {
  ...desktop,
  args: { ...opened, approving: 101, canApprove: false, canReject: false },
  play: shows(button(/正在通过/, 'disabled'), button('驳回', 'disabled')),
};
export const Approved: Story = {
  ...desktop,
  args: {
    rows: rows.slice(1),
    total: 3,
    notice: {
      kind: 'approved',
      decision: { id: 101, state: 1, refunded: 0, waitingForCode: false },
      createdAt: item.createdAt,
    },
    selectedId: 101,
    selected: { ...item, state: 1 },
    item: {
      ...item,
      state: 1,
      events: [...item.events, { from: 0, to: 1, actor: '财务小周', reason: null, at: NOW }],
    },
    itemStatus: 'shown',
  },
  play: shows(
    /DH20261128000101 已通过，现在为「已发放」/,
    '这笔兑换已处理，现在为「已发放」。',
    '财务小周',
    noButton('通过'),
    button('知道了'),
  ),
};
export const RejectDialog: Story = {
  ...desktop,
  args: {
    ...opened,
    canApprove: false,
    canReject: false,
    dialog: { kind: 'reject', id: 101, reason: '', busy: false, error: null, canSubmit: false },
  },
  play: shows(
    '驳回兑换',
    '驳回原因（会告诉会员，并写入审计日志）',
    hidden('身份验证器动态验证码'),
    button('驳回', 'disabled'),
  ),
};
export const RejectRefused: Story = {
  ...desktop,
  args: {
    ...opened,
    dialog: {
      kind: 'reject',
      id: 101,
      reason: '多账号刷单',
      busy: false,
      error: '网络错误，请稍后重试',
      canSubmit: true,
    },
  },
  play: shows(alert('网络错误，请稍后重试')),
};
export const Rejected: Story = {
  ...desktop,
  args: {
    rows: rows.slice(1),
    total: 3,
    notice: {
      kind: 'rejected',
      decision: { id: 101, state: 4, refunded: 2500, waitingForCode: false },
      createdAt: item.createdAt,
    },
  },
  play: shows(/已驳回，已退还 2500 微豆/),
};
export const Checked: Story = {
  ...desktop,
  args: { checked: [102, 104], canBulk: true, canCheckAllLow: false },
  play: shows('已选 2 笔低风险兑换', button('批量通过（2）', 'enabled'), button('清除选择')),
};
export const BulkDialog: Story = {
  ...desktop,
  args: {
    checked: [102, 104],
    dialog: { kind: 'bulk', ids: [102, 104], code: '', busy: false, error: null, canSubmit: false },
  },
  play: shows('批量通过 2 笔兑换', '身份验证器动态验证码', hidden('驳回原因'), button('批量通过', 'disabled')),
};
export const BulkCodeRefused: Story = {
  ...desktop,
  args: {
    checked: [102, 104],
    dialog: {
      kind: 'bulk',
      ids: [102, 104],
      code: '',
      busy: false,
      error: '动态验证码错误或已使用过，请等下一个验证码',
      canSubmit: false,
    },
  },
  play: shows(alert(/动态验证码错误/)),
};
export const BulkDone: Story = {
  ...desktop,
  args: {
    rows: rows.slice(2),
    total: 2,
    notice: {
      kind: 'bulk',
      result: {
        approved: [{ id: 102, state: 1, refunded: 0, waitingForCode: false }],
        skipped: [{ id: 104, reason: '已被其他同事处理', level: 'low' }],
      },
      createdAt: { 102: rows[1]!.createdAt, 104: rows[3]!.createdAt },
    },
  },
  play: shows('批量通过：已通过 1 笔，1 笔未通过。', /DH20261129000104：已被其他同事处理/),
};
export const Conflict: Story = {
  ...desktop,
  args: {
    rows: rows.slice(1),
    total: 3,
    notice: { kind: 'conflict', id: 101, createdAt: item.createdAt },
    selectedId: 101,
    selected: { ...item, state: 4 },
    item: {
      ...item,
      state: 4,
      events: [...item.events, { from: 0, to: 4, actor: '管理员老王', reason: '多账号', at: NOW }],
    },
    itemStatus: 'shown',
  },
  play: shows(alert(/刚刚已被其他同事处理/), '这笔兑换已处理，现在为「已驳回」。', '管理员老王', noButton('通过')),
};
export const Refused: Story = {
  ...desktop,
  args: { ...opened, notice: { kind: 'refused', id: 101, message: '网络错误，请稍后重试', createdAt: item.createdAt } },
  play: shows(alert(/未能处理：网络错误/), button('通过', 'enabled')),
};
export const Paged: Story = {
  ...desktop,
  args: { total: 45, page: 2, pageCount: 3, refreshing: true },
  play: shows('第 2 / 3 页，共 45 笔待审核', button('上一页', 'enabled'), button('下一页', 'enabled')),
};
export const PhoneQueue: Story = { ...phone, play: shows(testIds('review-row', 4), '风险高') };
export const PhoneSignals: Story = {
  ...phone,
  args: opened,
  play: shows(button('‹ 返回队列'), '涉及账号：W20261127001、W20261127002、W20261127003'),
};
