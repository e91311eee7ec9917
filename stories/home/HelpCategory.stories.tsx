import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HelpCategoryView, type HelpArticleRow } from '../../src/pages/help-category/HelpCategoryView';
import { desktop, homePage, phone } from '../layout';
import { loadingMore, loadMoreFailed, readyList } from '../pagedList';
import { alert, hidden, linkTo, presses, shows, tab, testIds } from '../play';

const topics = [
  { id: 2101, name: '注册与登录' },
  { id: 2102, name: '任务与甄别' },
  { id: 2103, name: '微豆与到账' },
  { id: 2104, name: '兑换与提现' },
  { id: 2105, name: '实名与账号安全' },
  { id: 2106, name: '邀请好友' },
  { id: 2107, name: '权益与等级' },
];

const rows: HelpArticleRow[] = [
  { id: 41, title: '兑换后多久到账？各个兑换状态是什么意思？', hot: true },
  { id: 42, title: '兑换现金需要满足什么条件？', hot: true },
  { id: 43, title: '兑换被驳回了怎么办？', hot: false },
  { id: 44, title: '兑换的卡密、兑换码在哪里看？实物寄到哪里？', hot: false },
];

/** `/home/feedback/help/{category}` 帮助中心: a topic's articles, in each state of the topics and the list. */
const meta = {
  title: 'Pages/HelpCategory',
  component: HelpCategoryView,
  ...homePage('/home/feedback/help/2104'),
  args: {
    topicStatus: 'ready',
    topics,
    filter: 2104,
    total: 4,
    ...readyList(rows, { hasMore: false }),
    onReloadTopics: fn(),
    back: { to: '/home/feedback', label: '帮助与反馈' },
    articlePath: (id: number) => `/home/feedback/help/2104/${id}`,
  },
} satisfies Meta<typeof HelpCategoryView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: shows(
    '共 4 篇',
    tab('兑换与提现'),
    tab('邀请好友'),
    testIds('help-row', 4),
    linkTo('兑换被驳回了怎么办？', '/home/feedback/help/2104/43'),
    linkTo('‹ 帮助与反馈', '/home/feedback'),
    '没有更多了',
  ),
};
export const OtherTopic: Story = {
  args: { filter: 2101, total: 3, items: rows.slice(0, 3) },
  play: async ({ canvasElement, args }) => {
    await shows(tab('注册与登录'), '共 3 篇')({ canvasElement });
    await userEvent.click(within(canvasElement).getByRole('tab', { name: '兑换与提现' }));
    await expect(args.onFilter).toHaveBeenCalledWith(2104);
  },
};
export const MorePages: Story = {
  args: { total: 24, hasMore: true },
  play: shows('共 24 篇', '加载更多'),
};
export const LoadingMore: Story = loadingMore;
export const LoadMoreFailed: Story = loadMoreFailed;
export const LoadingTopics: Story = {
  args: { topicStatus: 'loading', topics: [], status: 'loading', items: [] },
  play: shows('正在加载帮助中心…', hidden('共 4 篇')),
};
export const LoadingArticles: Story = {
  args: { status: 'loading', items: [] },
  play: shows('正在加载…', tab('兑换与提现'), hidden('共 4 篇')),
};
export const Empty: Story = {
  args: { status: 'empty', items: [], total: 0 },
  play: shows('这个分类下还没有解答', '换个分类看看吧'),
};
export const ArticlesFailed: Story = {
  args: { status: 'error', items: [], error: '网络不太稳定，请稍后重试' },
  play: presses('重新加载', 'onRetry', alert('文章加载失败'), '网络不太稳定，请稍后重试'),
};
export const TopicsFailed: Story = {
  args: { topicStatus: 'error', topics: [], topicError: '网络错误' },
  play: presses('重新加载', 'onReloadTopics', alert('帮助中心加载失败'), '网络错误'),
};
export const NotFound: Story = {
  args: { topicStatus: 'notFound', filter: 9999 },
  play: shows(
    '没有找到这个帮助分类',
    '分类可能已经调整，去看看其他帮助吧。',
    linkTo('帮助与反馈', '/home/feedback'),
    hidden('共 4 篇'),
  ),
};
export const Phone: Story = { ...phone, play: shows(tab('兑换与提现'), '兑换现金需要满足什么条件？') };
export const Desktop: Story = { ...desktop, play: shows('常见问题', '兑换现金需要满足什么条件？') };
