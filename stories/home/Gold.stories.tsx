import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { GoldView, type GoldRecord } from '../../src/pages/gold/GoldView';
import { desktop, homePage, phone } from '../layout';
import { shows, hidden, button } from '../play';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';

/** 2026-11-22 09:05 Beijing. */
const T = Date.UTC(2026, 10, 22, 1, 5);
const HOUR = 3_600_000;

const rows: GoldRecord[] = [
  {
    id: 6,
    amount: 40,
    balanceAfter: 1280,
    reason: 'task',
    reasonLabel: '任务奖励',
    description: '完成任务：新品口味测试问卷',
    status: 'pending',
    createdAt: T,
  },
  {
    id: 5,
    amount: 15,
    balanceAfter: 1280,
    reason: 'checkin',
    reasonLabel: '每日签到',
    description: '每日签到：连续签到第 3 天',
    status: 'posted',
    createdAt: T - 2 * HOUR,
  },
  {
    id: 4,
    amount: -1000,
    balanceAfter: 1265,
    reason: 'exchange',
    reasonLabel: '兑换',
    description: '兑换：话费充值 10 元',
    status: 'posted',
    createdAt: T - 26 * HOUR,
  },
  {
    id: 3,
    amount: 200,
    balanceAfter: 2265,
    reason: 'task',
    reasonLabel: '任务奖励',
    description: '完成任务：手机使用习惯调查',
    status: 'posted',
    createdAt: T - 50 * HOUR,
  },
  {
    id: 2,
    amount: 50,
    balanceAfter: 2065,
    reason: 'invite',
    reasonLabel: '邀请奖励',
    description: '邀请好友奖励：好友注册',
    status: 'posted',
    createdAt: T - 75 * HOUR,
  },
];

const meta = {
  title: 'Pages/Gold',
  component: GoldView,
  ...homePage('/home/gold'),
  args: {
    balance: 1280,
    pending: 40,
    filter: 'all',
    ...readyList(rows, { hasMore: true }),
  },
} satisfies Meta<typeof GoldView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { balance: null, pending: null, status: 'loading', items: [], hasMore: false },
  play: shows('加载中…'),
};

export const Empty: Story = {
  args: { balance: 0, pending: 0, status: 'empty', items: [], hasMore: false },
  play: shows('还没有微豆记录，去做任务或签到吧'),
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], hasMore: false, error: '网络错误，请稍后重试' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  },
};

export const PendingAndPosted: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findAllByTestId('gold-row')).toHaveLength(rows.length);
    await expect(c.getAllByText('待入账')).toHaveLength(1);
    await expect(c.getByText('−1000')).toBeInTheDocument();
    await expect(c.getByText('+40')).toBeInTheDocument();
    await expect(c.getByText('2026-11-22 09:05')).toBeInTheDocument();
    await expect(c.getByText('每日签到：连续签到第 3 天')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '加载更多' })).toBeInTheDocument();
  },
};

export const LoadingMore: Story = loadingMore;

export const LoadMoreFailed: Story = loadMoreFailed;

export const AllShown: Story = {
  args: { hasMore: false, filter: 'out', items: rows.filter((r) => r.amount < 0) },
  play: shows('兑换：话费充值 10 元', '没有更多了', hidden('完成任务：手机使用习惯调查')),
};

export const Phone: Story = {
  ...phone,
  play: shows('另有 40 微豆待入账', '邀请好友奖励：好友注册', button('加载更多')),
};

export const Desktop: Story = {
  ...desktop,
  play: shows('另有 40 微豆待入账', '邀请好友奖励：好友注册', button('加载更多')),
};
