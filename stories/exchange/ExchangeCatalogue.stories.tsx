import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ExchangeView } from '../../src/pages/exchange/ExchangeView';
import { rewards } from './fixtures';
import { shows, hidden, button, link, alert } from '../play';

const meta = {
  title: 'Exchange/Catalogue',
  component: ExchangeView,
  parameters: { route: '/exchange' },
  args: {
    loggedIn: true,
    balance: 1280,
    filter: 'all',
    status: 'ready',
    items: rewards,
    hasMore: false,
    onFilter: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ExchangeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findAllByTestId('reward-card')).toHaveLength(rewards.length);
    await expect(c.getByTestId('exchange-balance')).toHaveTextContent('1,280');
    await expect(c.getByText('已兑完')).toBeInTheDocument();
    await expect(c.getByText('还差 720 微豆')).toBeInTheDocument();
  },
};

export const Visitor: Story = {
  args: { loggedIn: false, balance: null },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login?redirect=%2Fexchange');
    await expect(c.queryByText(/还差/)).toBeNull();
  },
};

export const CashTab: Story = {
  args: { filter: 1, items: rewards.filter((r) => r.type === 1) },
  play: shows('20 元现金（支付宝 / 微信）', '还差 720 微豆', '没有更多了', hidden('视频会员月卡（兑换码）')),
};
export const VirtualTab: Story = {
  args: { filter: 2, items: rewards.filter((r) => r.type === 2), hasMore: true },
  play: shows('视频会员月卡（兑换码）', '已兑完', button('加载更多'), hidden('5 元现金（支付宝 / 微信）')),
};
export const PhysicalTab: Story = {
  args: { filter: 3, items: rewards.filter((r) => r.type === 3) },
  play: shows('微豆定制帆布袋', 'Lv2 以上', hidden('5 元现金（支付宝 / 微信）')),
};

export const Loading: Story = {
  args: { status: 'loading', items: [], balance: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('加载中…')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { status: 'empty', items: [], filter: 3 },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无商品')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], error: '网络错误，请稍后重试' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  },
};

export const LoadingMore: Story = {
  args: { status: 'loadingMore', hasMore: true },
  play: shows(button('加载中…', 'disabled')),
};
export const LoadMoreFailed: Story = {
  args: { hasMore: true, moreError: '网络错误，请稍后重试' },
  play: shows(alert('网络错误，请稍后重试'), button('重新加载')),
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: shows('1,280', link('微豆定制帆布袋，800 微豆')),
};
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: shows('1,280', link('微豆定制帆布袋，800 微豆')),
};
