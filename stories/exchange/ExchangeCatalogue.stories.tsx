import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ExchangeView } from '../../src/pages/exchange/ExchangeView';
import { rewards } from './fixtures';
import { shows, hidden, button, link, linkTo } from '../play';
import { desktop, phone } from '../layout';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';
import { BANNERS } from '../promo/fixtures';

const meta = {
  title: 'Exchange/Catalogue',
  component: ExchangeView,
  parameters: { route: '/exchange' },
  args: {
    loggedIn: true,
    balance: 1280,
    filter: 'all',
    ...readyList(rewards, { hasMore: false }),
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
  play: shows(linkTo('登录', '/login?redirect=%2Fexchange'), hidden(/还差/)),
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
  play: shows('加载中…'),
};

export const Empty: Story = {
  args: { status: 'empty', items: [], filter: 3 },
  play: shows('暂无商品'),
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], error: '网络错误，请稍后重试' },
  play: shows(button('重新加载')),
};

export const LoadingMore: Story = loadingMore;
export const LoadMoreFailed: Story = loadMoreFailed;

export const Phone: Story = {
  ...phone,
  play: shows('1,280', link('微豆定制帆布袋，800 微豆')),
};
export const Desktop: Story = {
  ...desktop,
  play: shows('1,280', link('微豆定制帆布袋，800 微豆')),
};

/** The banners published for /exchange, between the balance and the catalogue. */
export const WithBanners: Story = {
  ...desktop,
  args: { banners: BANNERS.slice(1, 2) },
  play: shows(linkTo('完善个人属性，收到更多任务邀请', '/user/survey'), link('兑换记录')),
};
