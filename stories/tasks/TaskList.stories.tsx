import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TaskListView } from '../../src/pages/task-list/TaskListView';
import { cardViews, NOW } from './fixtures';
import { shows, link, tab, linkTo, presses, button } from '../play';
import { desktop, phone } from '../layout';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';
import { BANNERS } from '../promo/fixtures';

const meta = {
  title: 'Tasks/TaskList',
  component: TaskListView,
  parameters: { route: '/task' },
  args: {
    filter: { module: null, pointsRange: null },
    total: 14,
    now: NOW,
    ...readyList(cardViews, { hasMore: true }),
  },
} satisfies Meta<typeof TaskListView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', items: [], total: 0, hasMore: false },
  play: shows('正在加载任务…'),
};

export const Empty: Story = {
  args: { status: 'empty', items: [], total: 0, hasMore: false },
  play: shows('暂时没有可参加的任务', linkTo('完善个人属性', '/user/survey')),
};

export const EmptyWithFilter: Story = {
  args: { filter: { module: 3, pointsRange: 5 }, status: 'empty', items: [], total: 0, hasMore: false },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: '查看全部任务' }));
    await expect(args.onFilter).toHaveBeenCalledWith({ module: null, pointsRange: null });
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], total: 0, hasMore: false, error: '网络错误' },
  play: presses('重新加载', 'onRetry', '任务加载失败'),
};

/** Every card: title, type, reward, consolation, minutes, quota, devices, close time and my state. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const cards = await c.findAllByTestId('task-card');
    await expect(cards).toHaveLength(cardViews.length);
    await expect(cards[0]).toHaveAttribute('href', '/task/detail/k3Xp9QaLm2Vd');
    await expect(within(cards[0]!).getByText('甄别得 10')).toBeInTheDocument();
    await expect(within(cards[0]!).getByText('满额得 5')).toBeInTheDocument();
    await expect(within(cards[0]!).getByText('约 12 分钟')).toBeInTheDocument();
    await expect(within(cards[0]!).getByText('剩 86 个名额')).toBeInTheDocument();
    await expect(within(cards[1]!).getByText('今天 18:05 截止')).toBeInTheDocument();
    await expect(within(cards[2]!).getByText('进行中')).toBeInTheDocument();
    await expect(within(cards[3]!).getByText('手机')).toBeInTheDocument();
    await expect(within(cards[4]!).getByText('已完成 +50')).toBeInTheDocument();
    await expect(c.getByText('共 14 个')).toBeInTheDocument();
    await userEvent.click(c.getByRole('tab', { name: '抢答任务' }));
    await expect(args.onFilter).toHaveBeenCalledWith({ module: 3, pointsRange: null });
    await userEvent.click(c.getByRole('button', { name: '300-499 微豆' }));
    await expect(args.onFilter).toHaveBeenCalledWith({ module: null, pointsRange: 4 });
  },
};

export const ModuleAndRangeChosen: Story = {
  args: { filter: { module: 2, pointsRange: 3 }, items: cardViews.slice(2, 3), total: 1, hasMore: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('tab', { name: '日常任务' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByRole('button', { name: '85-299 微豆' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByText('没有更多了')).toBeInTheDocument();
  },
};

export const LoadingMore: Story = loadingMore;

export const LoadMoreFailed: Story = loadMoreFailed;

export const Phone: Story = {
  ...phone,
  play: shows(tab('新手任务'), link(/^限时抢答：外卖平台满意度调研/)),
};

export const Desktop: Story = {
  ...desktop,
  play: shows(link('任务概况'), link(/^家用智能设备使用情况调查/)),
};

/** The banners published for /task, above the filters. */
export const WithBanners: Story = {
  ...desktop,
  args: { banners: BANNERS },
  play: shows(link('邀请好友一起赚微豆'), button('下一张'), tab('新手任务')),
};

export const WithBannersPhone: Story = {
  ...phone,
  args: { banners: BANNERS.slice(2) },
  play: shows(linkTo('限时抢答：名额有限，先到先得', 'https://weidou.example/snap'), tab('新手任务')),
};

/** The banners are still loading: their place is kept, so the filters and list do not move when they come. */
export const BannersLoading: Story = {
  ...phone,
  args: { bannersLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('banner-placeholder')).toBeVisible();
    await expect(canvas.queryByTestId('banner-carousel')).toBeNull();
    await expect(canvas.getByRole('tab', { name: '新手任务' })).toBeVisible();
  },
};
