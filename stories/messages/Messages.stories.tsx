import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MessagesView } from '../../src/pages/messages/MessagesView';
import { desktop, homePage, phone } from '../layout';
import { loadMoreFailed, loadingMore, readyList } from '../pagedList';
import { alert, button, hidden, linkTo, presses, shows, tab, testIds, text } from '../play';
import { allRead, messages } from './fixtures';

/** `/home/message` 我的消息: the inbox by type, unread rows marked, 全部标为已读. */
const meta = {
  title: 'Messages/Inbox',
  component: MessagesView,
  ...homePage('/home/message'),
  args: {
    filter: 'all',
    unread: 3,
    markingAll: false,
    onReadAll: fn(),
    ...readyList(messages, { hasMore: true }),
  },
} satisfies Meta<typeof MessagesView>;

export default meta;
type Story = StoryObj<typeof meta>;

const ofType = (type: number) => messages.filter((m) => m.type === type);

export const Loading: Story = {
  args: { status: 'loading', items: [], hasMore: false, unread: null },
  play: shows('正在加载消息…', hidden('全部标为已读')),
};

export const EmptyInbox: Story = {
  args: { status: 'empty', items: [], hasMore: false, unread: 0 },
  play: shows('暂无消息', '兑换、任务审核和活动的通知会出现在这里', '没有未读消息', hidden('全部标为已读')),
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], hasMore: false, unread: null, error: '网络错误，请稍后重试' },
  play: shows(alert('消息加载失败'), alert('网络错误，请稍后重试'), button('重新加载')),
};

export const UnreadRows: Story = {
  play: presses(
    '全部标为已读',
    'onReadAll',
    '3 条未读',
    testIds('message-row', 5),
    testIds('unread-dot', 3),
    '兑换已发放：京东E卡 50 元',
    '2026-11-22 09:05',
    linkTo(/兑换已发放/, '/home/message/31'),
    tab('全部'),
  ),
};

export const MarkingAllRead: Story = {
  args: { markingAll: true },
  play: shows(button('标记中…', 'disabled'), testIds('unread-dot', 3)),
};

export const AllRead: Story = {
  args: { unread: 0, ...readyList(allRead, { hasMore: false }) },
  play: shows('没有未读消息', hidden('全部标为已读'), hidden('（未读）'), '没有更多了'),
};

export const SystemTab: Story = {
  args: { filter: 1, unread: 3, ...readyList(ofType(1), { hasMore: false }) },
  play: shows('系统维护通知', testIds('message-row', 1), hidden('兑换已发放：京东E卡 50 元')),
};

export const TaskTab: Story = {
  args: { filter: 2, ...readyList(ofType(2), { hasMore: false }) },
  play: shows('任务审核通过，奖励已到账', testIds('unread-dot', 1)),
};

export const ExchangeTab: Story = {
  args: { filter: 3, ...readyList(ofType(3), { hasMore: false }) },
  play: shows('兑换已发放：京东E卡 50 元', testIds('message-row', 1)),
};

export const FeedbackTab: Story = {
  args: { filter: 4, ...readyList(ofType(4), { hasMore: false }) },
  play: shows('你的反馈有了回复', testIds('message-row', 1)),
};

export const ActivityTab: Story = {
  args: { filter: 5, ...readyList(ofType(5), { hasMore: false }) },
  play: shows('双十一加码：任务奖励翻倍', testIds('message-row', 1)),
};

export const EmptyTab: Story = {
  args: { filter: 4, status: 'empty', items: [], hasMore: false, unread: 3 },
  play: shows('暂无反馈回复', '换个类型看看吧', button('全部标为已读')),
};

export const LoadingMore: Story = loadingMore;

export const LoadMoreFailed: Story = loadMoreFailed;

export const Phone: Story = {
  ...phone,
  play: shows(text('3 条未读'), button('全部标为已读'), tab('活动消息'), testIds('message-row', 5)),
};

export const Desktop: Story = {
  ...desktop,
  play: shows(text('3 条未读'), button('全部标为已读'), tab('活动消息'), testIds('message-row', 5)),
};
