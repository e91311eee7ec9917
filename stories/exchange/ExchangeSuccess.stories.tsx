import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ExchangeSuccessView } from '../../src/pages/exchange-success/ExchangeSuccessView';
import { cashIssued, exchange, physicalIssued } from './fixtures';
import { shows, button, link, alert, linkTo } from '../play';
import { desktop, phone } from '../layout';

/** `/exchange/success?id=…`: the new exchange followed through the exchange machine. */
const meta = {
  title: 'Exchange/Success',
  component: ExchangeSuccessView,
  parameters: { route: '/exchange/success?id=1024' },
  args: {
    status: 'pendingReview',
    exchange: exchange(0),
    balanceAfter: 1780,
    onRefresh: fn(),
    onRetry: fn(),
    onCopy: fn(async () => true),
  },
} satisfies Meta<typeof ExchangeSuccessView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PendingReview: Story = {
  play: shows('兑换已提交', /当前余额 1,780 微豆/, '审核中', linkTo('查看兑换记录', '/home/exchange?id=1024')),
};

export const Loading: Story = {
  args: { status: 'tracking', exchange: null, balanceAfter: null },
  play: shows('加载中…'),
};

export const LoadFailed: Story = {
  args: { status: 'trackFailed', exchange: null, error: '网络错误，请稍后重试' },
  play: shows(button('重新加载')),
};

export const Refreshing: Story = {
  args: { status: 'tracking' },
  play: shows('兑换已提交', button('刷新中…', 'disabled')),
};
export const RefreshFailed: Story = {
  args: { refreshError: '网络错误，请稍后重试' },
  play: shows(alert('刷新失败：网络错误，请稍后重试'), button('刷新状态', 'enabled')),
};
export const ToBeIssued: Story = {
  args: { status: 'toBeIssued', exchange: exchange(2), balanceAfter: null },
  play: shows('兑换进行中', '兑换单待发放'),
};

export const Issued: Story = {
  args: { status: 'issued', exchange: exchange(1), balanceAfter: null },
  play: shows('DEMO-A0EF-094E'),
};

export const IssuedCash: Story = {
  args: { status: 'issued', exchange: cashIssued, balanceAfter: null },
  play: shows('兑换完成', '2026112220001004590512345678', button('复制打款流水号')),
};
export const IssuedPhysical: Story = {
  args: { status: 'issued', exchange: physicalIssued, balanceAfter: null },
  play: shows('兑换完成', 'SF1402938475612'),
};

export const Rejected: Story = {
  args: { status: 'rejected', exchange: exchange(4), balanceAfter: null },
  play: shows('兑换未完成', '微豆已退回'),
};

export const Revoked: Story = {
  args: { status: 'revoked', exchange: exchange(3), balanceAfter: null },
  play: shows('兑换未完成', '1,500 微豆已退回你的账户', '原因：商品信息有误，已撤销'),
};
export const IssuingFailed: Story = {
  args: { status: 'issuingFailed', exchange: exchange(5), balanceAfter: null },
  play: shows('兑换未完成', '原因：充值渠道维护，暂时无法发放'),
};

export const Phone: Story = {
  ...phone,
  play: shows('兑换已提交', link('查看兑换记录'), link('继续兑换')),
};
export const Desktop: Story = {
  ...desktop,
  play: shows('兑换已提交', link('查看兑换记录'), link('继续兑换')),
};

/** Another member's id or a mistyped one: said plainly, with the member's records and the catalogue. */
export const NotFound: Story = {
  args: { status: 'trackFailed', exchange: null, error: '请求的内容不存在', balanceAfter: null },
  play: shows(
    '没有找到这笔兑换',
    '兑换之后',
    linkTo('查看兑换记录', '/home/exchange'),
    linkTo('去兑换中心', '/exchange'),
  ),
};
