import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ExchangeRecordDetailView } from '../../src/pages/home-exchange/ExchangeRecordDetailView';
import { cashIssued, exchange, physicalIssued, prizeAwaitingAddress } from './fixtures';
import { shows, button, alert, testIds, presses, linkTo, linkToOrNone } from '../play';
import { feedbackAsk } from '../../src/routing/feedback';
import { desktop, phone } from '../layout';

/** `/home/exchange?id=…`: one exchange in each state with its history (who, why). */

/** 反馈问题 about exchange 1024, once the feedback form is built (the route table decides). */
const feedbackPath = feedbackAsk()?.({ exchangeId: 1024 }) ?? null;
const meta = {
  title: 'Exchange/RecordDetail',
  component: ExchangeRecordDetailView,
  parameters: { route: '/home/exchange?id=1024' },
  args: {
    status: 'pendingReview',
    exchange: exchange(0),
    onRefresh: fn(),
    onRetry: fn(),
    onCopy: fn(async () => true),
    feedbackPath,
  },
} satisfies Meta<typeof ExchangeRecordDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PendingReview: Story = {
  play: presses('刷新状态', 'onRefresh', testIds('history-item', 1), '兑换单号 DH20261122001024 · 2026-11-22 09:05'),
};

export const ToBeIssued: Story = {
  args: { status: 'toBeIssued', exchange: exchange(2) },
  play: shows('审核已通过，卡密发放后会显示在兑换记录里。', button('刷新状态', 'enabled')),
};

export const Issued: Story = {
  args: { status: 'issued', exchange: exchange(1) },
  play: shows(testIds('history-item', 3), '自动发放卡密', '运营人员'),
};

export const IssuedCash: Story = {
  args: { status: 'issued', exchange: cashIssued },
  play: shows('收款账号：支付宝（小张）'),
};

export const IssuedPhysical: Story = {
  args: { status: 'issued', exchange: physicalIssued },
  play: shows('SF1402938475612', button('复制快递单号')),
};

export const PrizeAwaitingAddress: Story = {
  args: { status: 'pendingReview', exchange: prizeAwaitingAddress },
  play: shows('幸运大转盘奖品', /这件奖品还没有收货地址/, linkTo('填写收货地址', '/home/user?form=address')),
};

export const Rejected: Story = {
  args: { status: 'rejected', exchange: exchange(4) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('exchange-status')).toHaveAttribute('data-state', '4');
    await expect(c.getByText('微豆已退回')).toBeInTheDocument();
    await expect(c.getAllByText('账号存在异常答题记录').length).toBeGreaterThan(0);
    await linkToOrNone('反馈问题', feedbackPath)(c);
  },
};

export const Revoked: Story = {
  args: { status: 'revoked', exchange: exchange(3) },
  play: shows('微豆已退回', '原因：商品信息有误，已撤销', linkToOrNone('反馈问题', null)),
};
export const IssuingFailed: Story = {
  args: { status: 'issuingFailed', exchange: exchange(5) },
  play: shows('微豆已退回', '原因：充值渠道维护，暂时无法发放', linkToOrNone('反馈问题', feedbackPath)),
};
export const Refreshing: Story = { args: { status: 'tracking' }, play: shows(button('刷新中…', 'disabled')) };
export const RefreshFailed: Story = {
  args: { refreshError: '网络错误，请稍后重试' },
  play: shows(alert('刷新失败：网络错误，请稍后重试')),
};

export const Loading: Story = {
  args: { status: 'tracking', exchange: null },
  play: shows('加载中…'),
};

export const LoadFailed: Story = {
  args: { status: 'trackFailed', exchange: null, error: '兑换记录不存在' },
  play: shows('兑换记录不存在'),
};

export const Phone: Story = {
  args: { status: 'issued', exchange: exchange(1) },
  ...phone,
  play: shows('DEMO-A0EF-094E', button('复制卡密 / 兑换码')),
};
export const Desktop: Story = {
  args: { status: 'issued', exchange: exchange(1) },
  ...desktop,
  play: shows('DEMO-A0EF-094E', button('复制卡密 / 兑换码')),
};
