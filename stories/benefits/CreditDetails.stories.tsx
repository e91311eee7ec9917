import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CreditDetailsView, type CreditRow } from '../../src/pages/credit-details/CreditDetailsView';
import { HOUR, T } from './fixtures';
import { desktop, homePage, phone } from '../layout';
import { shows, hidden, button, link, testIds } from '../play';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';

/** `/home/creditDetails` 权益值明细: loading, empty, error, rows, 加载更多 and 邀请所得. */

const rows: CreditRow[] = [
  { id: 9, change: 10, title: '完成任务', detail: '新品口味测试问卷', balance: 120, createdAt: T },
  { id: 8, change: -30, title: '兑换权益', detail: '微豆加成卡 +10%', balance: 110, createdAt: T - 3 * HOUR },
  { id: 7, change: 5, title: '答题质量', detail: '本周有效率 98%', balance: 140, createdAt: T - 26 * HOUR },
  {
    id: 6,
    change: 20,
    title: '邀请好友',
    detail: '好友 小橙** 完成首个有效任务',
    balance: 135,
    createdAt: T - 50 * HOUR,
  },
];

const inviteRows: CreditRow[] = [
  {
    id: 3,
    change: 20,
    title: '好友完成首个有效任务',
    detail: '好友 小橙**',
    who: '小橙**',
    balance: null,
    avatar: null,
    createdAt: T - 50 * HOUR,
  },
  {
    id: 2,
    change: 20,
    title: '好友完成首个有效任务',
    detail: '好友 阿木**',
    who: '阿木**',
    balance: null,
    avatar: null,
    createdAt: T - 90 * HOUR,
  },
];

const meta = {
  title: 'Benefits/CreditDetails',
  component: CreditDetailsView,
  ...homePage('/home/creditDetails'),
  args: {
    value: 120,
    filter: 'all',
    ...readyList(rows, { hasMore: true }),
  },
} satisfies Meta<typeof CreditDetailsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { value: null, status: 'loading', items: [], hasMore: false },
  play: shows('加载中…'),
};

export const Empty: Story = {
  args: { value: 0, status: 'empty', items: [], hasMore: false },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('认真完成任务、保持答题质量都能获得权益值'),
    ).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], hasMore: false, error: '网络错误，请稍后重试' },
  play: shows(button('重新加载')),
};

export const Ready: Story = {
  play: shows(testIds('credit-row', rows.length), '−30', '2026-11-22 09:05 · 余额 120'),
};

export const LoadingMore: Story = loadingMore;
export const LoadMoreFailed: Story = loadMoreFailed;
export const AllShown: Story = { args: { hasMore: false }, play: shows('没有更多了', hidden('加载更多')) };

export const InviteEarnings: Story = {
  args: { filter: 'invite', items: inviteRows, hasMore: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('tab', { name: '邀请所得' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getAllByText('好友完成首个有效任务')).toHaveLength(2);
  },
};

export const InviteEmpty: Story = {
  args: { filter: 'invite', status: 'empty', items: [], hasMore: false },
  play: shows(link('去邀请好友')),
};

export const Phone: Story = { ...phone, play: shows('当前权益值', button('加载更多')) };
export const Desktop: Story = { ...desktop, play: shows('当前权益值', button('加载更多')) };
