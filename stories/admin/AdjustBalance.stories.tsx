import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AdjustmentData } from '../../machines/balanceAdjustment';
import { AdjustBalanceView } from '../../src/admin/pages/members/AdjustBalanceView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, presses, shows } from '../play';

/** 调整微豆 on a member (the member page's actions): the button, the dialog, and what happened. */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const result = (extra: Partial<AdjustmentData>): AdjustmentData => ({
  id: 7,
  memberId: 42,
  memberCode: 'W000042',
  nickname: '微豆用户0042',
  amount: 200,
  reason: '问卷奖励补发',
  state: 'applied',
  requestedBy: 'demo.finance',
  requestedAt: NOW,
  decidedBy: 'demo.finance',
  decidedAt: NOW,
  decisionReason: null,
  ledgerId: 99,
  ...extra,
});

const meta = {
  title: 'Admin/AdjustBalance',
  component: AdjustBalanceView,
  parameters: { route: '/admin' },
  args: {
    memberLabel: '微豆用户0042 · W000042',
    step: 'editing',
    busy: false,
    balance: 1_000,
    direction: 'credit',
    amount: '',
    reason: '',
    code: '',
    amountProblem: null,
    balanceAfter: null,
    canSubmit: false,
    error: null,
    result: null,
    onOpen: fn(),
    onInput: fn(),
    onSubmit: fn(),
    onCancel: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof AdjustBalanceView>;

export default meta;
type Story = StoryObj<typeof meta>;

const ready = { amount: '200', reason: '问卷奖励补发', code: '123456', balanceAfter: 1_200, canSubmit: true };

export const Closed: Story = {
  ...desktop,
  args: { step: 'closed' },
  play: presses('调整微豆', 'onOpen', hidden('提交调整')),
};
export const Editing: Story = {
  ...desktop,
  play: shows(
    '调整微豆：微豆用户0042 · W000042',
    '当前余额 1,000 微豆',
    '增加',
    '扣减',
    button('提交调整', 'disabled'),
  ),
};
export const EditingReady: Story = {
  ...desktop,
  args: ready,
  play: presses('提交调整', 'onSubmit', '调整后 1,200 微豆'),
};
export const BelowZero: Story = {
  ...desktop,
  args: {
    ...ready,
    direction: 'debit',
    amount: '2000',
    balanceAfter: null,
    canSubmit: false,
    amountProblem: '扣减后余额会低于 0：会员当前余额 1,000 微豆',
  },
  play: shows('扣减数量（微豆）', alert('扣减后余额会低于 0'), button('提交调整', 'disabled')),
};
export const Submitting: Story = {
  ...desktop,
  args: { ...ready, busy: true, canSubmit: false },
  play: shows(button('取消', 'disabled')),
};
export const Refused: Story = {
  ...desktop,
  args: { ...ready, code: '', canSubmit: false, error: '动态验证码错误或已使用过，请等下一个验证码' },
  play: shows(alert(/动态验证码错误/), button('提交调整', 'disabled')),
};
export const Applied: Story = {
  ...desktop,
  args: { step: 'applied', result: result({}) },
  play: presses('完成', 'onClose', '已入账', '+200 微豆'),
};
export const AwaitingApproval: Story = {
  ...desktop,
  args: {
    step: 'awaitingApproval',
    result: result({ id: 8, amount: -6_000, state: 'pending', decidedBy: null, decidedAt: null, ledgerId: null }),
  },
  play: shows('已提交复核', '−6,000 微豆', /另一位财务或管理员/, button('完成')),
};
export const Uncertain: Story = {
  ...desktop,
  args: { step: 'uncertain' },
  play: presses('关闭并刷新', 'onClose', alert(/没能确认这笔调整是否已提交/)),
};
export const PhoneEditing: Story = {
  ...phone,
  args: ready,
  play: shows('调整微豆：微豆用户0042 · W000042', button('提交调整', 'enabled')),
};
