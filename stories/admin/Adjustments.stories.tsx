import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AdjustmentData } from '../../machines/balanceAdjustment';
import { AdjustmentsView } from '../../src/admin/pages/adjustments/AdjustmentsView';
import { desktop, phone } from '../layout';
import { alert, button, noButton, presses, shows, testIds } from '../play';

/** /admin/adjustments: four-eyes requests waiting for a second finance or admin account. */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const row = (id: number, extra: Partial<AdjustmentData>): AdjustmentData => ({
  id,
  memberId: 40 + id,
  memberCode: `W0000${40 + id}`,
  nickname: `微豆用户00${40 + id}`,
  amount: 6_000,
  reason: '活动奖励补发',
  state: 'pending',
  requestedBy: 'demo.finance',
  requestedAt: NOW - 3 * 3_600_000,
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  ledgerId: null,
  ...extra,
});
const rows = [
  row(1, {}),
  row(2, { amount: -8_000, reason: '重复发放，扣回', requestedAt: NOW - 26 * 3_600_000 }),
  row(3, { requestedBy: 'demo.admin', amount: 12_000, reason: '线下活动奖励', requestedAt: NOW - 20 * 60_000 }),
];
const deciding = {
  kind: 'approve' as const,
  adjustment: rows[0]!,
  reason: '',
  code: '',
  busy: false,
  canSubmit: false,
  error: null,
};

const meta = {
  title: 'Admin/Adjustments',
  component: AdjustmentsView,
  parameters: { route: '/admin/adjustments' },
  args: {
    status: 'ready',
    rows,
    total: rows.length,
    error: null,
    me: 'demo.admin',
    now: NOW,
    deciding: null,
    notice: null,
    onRetry: fn(),
    onDecide: fn(),
    onInput: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof AdjustmentsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  ...desktop,
  play: presses(
    '通过',
    'onDecide',
    testIds('adjustment-row', 3),
    '共 3 笔待复核',
    '+6,000 微豆',
    '−8,000 微豆',
    '已等待 1 天',
    '原因：重复发放，扣回',
    testIds('own-request', 1),
    '这是你发起的调整，需由另一位财务或管理员复核',
  ),
};
export const OnlyMine: Story = {
  ...desktop,
  args: { rows: [rows[2]!], total: 1 },
  play: shows('这是你发起的调整', noButton('通过'), noButton('驳回')),
};
export const Loading: Story = { ...desktop, args: { status: 'loading', rows: [] }, play: shows('加载中…') };
export const LoadError: Story = {
  ...desktop,
  args: { status: 'error', rows: [], error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', '待复核调整加载失败'),
};
export const Empty: Story = { ...desktop, args: { rows: [], total: 0 }, play: shows('没有待复核的调整') };
export const Cut: Story = { ...desktop, args: { total: 130 }, play: shows('共 130 笔待复核，显示最近发起的 3 笔') };
export const Approving: Story = {
  ...desktop,
  args: { deciding },
  play: shows('通过调整：微豆用户0041', '复核意见（写入审计日志）', /通过后立即入账/, button('通过并入账', 'disabled')),
};
export const ApproveReady: Story = {
  ...desktop,
  args: { deciding: { ...deciding, reason: '已核对活动名单', code: '123456', canSubmit: true } },
  play: presses('通过并入账', 'onSubmit'),
};
export const Deciding: Story = {
  ...desktop,
  args: { deciding: { ...deciding, reason: '已核对活动名单', code: '123456', busy: true } },
  play: shows(button('取消', 'disabled')),
};
export const Rejecting: Story = {
  ...desktop,
  args: { deciding: { ...deciding, kind: 'reject', adjustment: rows[1]! } },
  play: shows('驳回调整：微豆用户0042', '驳回原因（写入审计日志）', /驳回后不入账/, button('确认驳回', 'disabled')),
};
export const CodeRefused: Story = {
  ...desktop,
  args: { deciding: { ...deciding, reason: '已核对', error: '动态验证码错误或已使用过，请等下一个验证码' } },
  play: shows(alert(/动态验证码错误/)),
};
export const Approved: Story = {
  ...desktop,
  args: { rows: rows.slice(1), total: 2, notice: { kind: 'approved', adjustment: { ...rows[0]!, state: 'applied' } } },
  play: shows('已通过：微豆用户0041（会员号 W000041） +6,000 微豆，已入账', testIds('adjustment-row', 2)),
};
export const Rejected: Story = {
  ...desktop,
  args: {
    rows: [rows[0]!, rows[2]!],
    total: 2,
    notice: { kind: 'rejected', adjustment: { ...rows[1]!, state: 'rejected' } },
  },
  play: shows('已驳回：微豆用户0042（会员号 W000042） −8,000 微豆，未入账'),
};
export const TakenByAnother: Story = {
  ...desktop,
  args: {
    rows: rows.slice(1),
    total: 2,
    notice: { kind: 'taken', adjustment: rows[0]!, message: '这一项已被其他同事处理，列表已刷新' },
  },
  play: shows('这一项已被其他同事处理，列表已刷新', testIds('adjustment-row', 2)),
};
export const PhoneList: Story = { ...phone, play: shows(testIds('adjustment-row', 3), button('驳回')) };
export const PhoneApproving: Story = {
  ...phone,
  args: { deciding: { ...deciding, reason: '已核对活动名单', code: '123456', canSubmit: true } },
  play: shows(button('通过并入账', 'enabled')),
};
