import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  FeedbackHubView,
  type HelpCategoryItem,
  type HelpQuestion,
  type Ticket,
} from '../../src/pages/feedback-hub/FeedbackHubView';
import { feedbackLinks, type FeedbackLinks } from '../../src/routing/feedback';
import { desktop, homePage, phone } from '../layout';
import { alert, button, hidden, linkToOrNone, shows, tab, testIds, text } from '../play';
import { readyList } from '../pagedList';

/**
 * `/home/feedback` 帮助与反馈: the help (search, 常见问题, categories) and 我的反馈 in each state.
 * Links come from the route table: each leads to its page once that page is built (the plays
 * check either), and `BeforeTheOtherPages` shows the hub with none of them.
 */

/** 2026-11-22 09:05 Beijing. */
const T = Date.UTC(2026, 10, 22, 1, 5);
const HOUR = 3_600_000;

const links = feedbackLinks();
const NO_LINKS: FeedbackLinks = { ask: null, ticket: () => null, category: () => null, question: () => null };

const q = (id: number, categoryId: number, title: string, answer: string): HelpQuestion => ({
  id,
  categoryId,
  title,
  content: `<p>${answer}</p>`,
  hot: true,
  updatedAt: T,
});

const hotQuestions: HelpQuestion[] = [
  q(1, 31, '完成任务后微豆多久到账？', '问卷通过质量审核后入账，一般在 1–3 个工作日内，可在微豆明细查看“待入账”。'),
  q(2, 31, '为什么答到一半被甄别了？', '每个问卷只收特定人群，甄别说明你不在这次的目标人群里，不影响你的账号。'),
  q(5, 32, '兑换的卡密在哪里查看？', '在兑换记录或卡券专区，点开对应的兑换单即可复制卡密。'),
  q(8, 33, '如何更换绑定的手机号？', '在个人中心的账号安全里，先验证原手机号，再绑定新手机号。'),
  q(11, 31, '答题过快会怎样？', '用时明显短于正常作答的答卷会被判无效，不发放微豆。'),
];

const categories: HelpCategoryItem[] = [
  {
    id: 31,
    name: '任务与微豆',
    icon: null,
    questions: [
      { id: 1, title: '完成任务后微豆多久到账？' },
      { id: 2, title: '为什么答到一半被甄别了？' },
      { id: 11, title: '答题过快会怎样？' },
      { id: 12, title: '任务链接打不开怎么办？' },
    ],
  },
  {
    id: 32,
    name: '兑换与提现',
    icon: null,
    questions: [
      { id: 5, title: '兑换的卡密在哪里查看？' },
      { id: 6, title: '兑换被驳回了，微豆会退吗？' },
    ],
  },
  { id: 33, name: '账号与安全', icon: null, questions: [{ id: 8, title: '如何更换绑定的手机号？' }] },
  { id: 34, name: '权益与等级', icon: null, questions: [] },
];

/** A ticket last changed `hoursAgo` before T; 待反馈 and 待确认 are the member's turn. */
const ticket = (
  id: number,
  category: Ticket['category'],
  state: Ticket['state'],
  hoursAgo: number,
  summary: string,
): Ticket => ({
  id,
  category,
  summary,
  state,
  awaitingMe: state === 3 || state === 4,
  createdAt: T - (hoursAgo + 24) * HOUR,
  updatedAt: T - hoursAgo * HOUR,
});

const tickets: Ticket[] = [
  ticket(23, 2, 3, 0, '兑换的京东 E 卡 50 元显示发放失败，微豆已经退回，但我还想要这张卡，能否重新发放？'),
  ticket(22, 1, 4, 2, '家电使用习惯问卷答完了，但任务记录里显示被甄别'),
  ticket(21, 1, 2, 20, '签到连续 7 天的奖励没有到账'),
  ticket(20, 4, 0, 72, '换手机后收不到验证码'),
  ticket(18, 5, 5, 150, '希望任务列表能按时长筛选'),
];

const noSearch = { filter: '', status: 'empty' as const, items: [], hasMore: false, total: 0 };
const section = <T,>(items: T[]) => ({ status: 'ready' as const, items, onRetry: fn() });

const meta = {
  title: 'Pages/FeedbackHub',
  component: FeedbackHubView,
  ...homePage('/home/feedback'),
  args: {
    links,
    keyword: '',
    onSearch: fn(),
    results: noSearch,
    hot: section(hotQuestions),
    categories: section(categories),
    tickets: { filter: 'all', total: tickets.length, ...readyList(tickets, { hasMore: false }) },
    supportEmail: 'service@weidou.cn',
  },
} satisfies Meta<typeof FeedbackHubView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: {
    hot: { status: 'loading', items: [] },
    categories: { status: 'loading', items: [] },
    tickets: { filter: 'all', status: 'loading', items: [], hasMore: false },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findAllByText('加载中…')).toHaveLength(3);
    await expect(c.getByRole('searchbox', { name: '搜索帮助' })).toBeInTheDocument();
  },
};

/** The help loaded and my tickets: two are my turn (待你处理), the others wait for support or are settled. */
export const HelpWithTickets: Story = {
  play: shows(
    '完成任务后微豆多久到账？',
    testIds('help-category', 4),
    testIds('ticket-row', 5),
    testIds('awaiting-me', 2),
    '更新于 2026-11-22 09:05',
    '兑换与提现',
    text('处理中'),
    hidden('任务链接打不开怎么办？'),
    linkToOrNone('我要反馈', links.ask),
    linkToOrNone('签到连续 7 天的奖励没有到账', links.ticket(21)),
    linkToOrNone('查看全部：兑换与提现', links.category(32)),
    linkToOrNone(/如何更换绑定的手机号/, links.question(33, 8)),
    async (c) => {
      const states = c.getAllByTestId('feedback-state').map((b: HTMLElement) => b.textContent);
      await expect(states).toEqual(['待反馈', '待确认', '处理中', '待受理', '已确认']);
      await expect(c.getAllByRole('tab').map((t: HTMLElement) => t.textContent)).toEqual([
        '全部',
        '待反馈',
        '待确认',
        '已确认',
      ]);
    },
  ),
};

/** None of the other pages built yet: no link to them; an answer opens in place; mail instead of 我要反馈. */
export const BeforeTheOtherPages: Story = {
  args: { links: NO_LINKS },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryAllByRole('link', { name: '我要反馈' })).toHaveLength(0);
    await expect(c.queryByText('查看全部 ›')).toBeNull();
    await expect(c.getByRole('link', { name: 'service@weidou.cn' })).toHaveAttribute(
      'href',
      'mailto:service@weidou.cn',
    );
    const answer = c.getByText(/问卷通过质量审核后入账/);
    await expect(answer.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(within(c.getByRole('region', { name: '常见问题' })).getByText('完成任务后微豆多久到账？'));
    await expect(answer.closest('details')).toHaveAttribute('open');
  },
};

export const NoTicketsYet: Story = {
  args: { tickets: { filter: 'all', status: 'empty', items: [], hasMore: false } },
  play: shows('还没有反馈', '客服处理的进度会显示在这里', linkToOrNone('我要反馈', links.ask)),
};

export const NoneAwaitingFeedback: Story = {
  args: { tickets: { filter: 3, status: 'empty', items: [], hasMore: false } },
  play: shows('没有待反馈的反馈', '换个状态看看吧', tab('待反馈')),
};

export const TicketsError: Story = {
  args: {
    tickets: {
      filter: 'all',
      status: 'error',
      items: [],
      hasMore: false,
      error: '网络错误，请稍后重试',
      onRetry: fn(),
    },
  },
  play: shows(alert('我的反馈加载失败'), alert('网络错误，请稍后重试'), button('重新加载'), '完成任务后微豆多久到账？'),
};

/** The help and feedback calls not available yet (该功能暂未开放): each section says so in place. */
export const HelpUnavailable: Story = {
  args: {
    hot: { status: 'error', items: [], error: '该功能暂未开放', onRetry: fn() },
    categories: { status: 'error', items: [], error: '该功能暂未开放', onRetry: fn() },
    tickets: { filter: 'all', status: 'error', items: [], hasMore: false, error: '该功能暂未开放', onRetry: fn() },
  },
  play: shows(alert('常见问题加载失败'), alert('帮助分类加载失败'), alert('我的反馈加载失败')),
};

export const SearchResults: Story = {
  args: {
    keyword: '到账',
    results: {
      filter: '到账',
      total: 2,
      ...readyList([hotQuestions[0]!, q(14, 32, '提现多久到账？', '1–3 个工作日。')], { hasMore: false }),
    },
  },
  play: shows(
    '“到账” 共 2 条',
    '提现多久到账？',
    '没有更多了',
    hidden('常见问题'),
    linkToOrNone(/提现多久到账/, links.question(32, 14)),
    async (c) => {
      await expect(c.getByRole('searchbox', { name: '搜索帮助' })).toHaveValue('到账');
      await expect(c.getByRole('region', { name: '搜索结果' })).toBeInTheDocument();
    },
  ),
};

export const Searching: Story = {
  args: { keyword: '到账', results: { filter: '到账', status: 'loading', items: [], hasMore: false } },
  play: shows('正在搜索…', button('清除搜索')),
};

export const SearchEmpty: Story = {
  args: { keyword: '退款', results: { filter: '退款', status: 'empty', items: [], hasMore: false, total: 0 } },
  play: shows('没有找到相关问题', '没有与“退款”相关的解答', linkToOrNone('去反馈', links.ask)),
};

export const SearchEmptyBeforeTheForm: Story = {
  args: {
    links: NO_LINKS,
    keyword: '退款',
    results: { filter: '退款', status: 'empty', items: [], hasMore: false, total: 0 },
  },
  play: shows('没有找到相关问题', /发邮件到 service@weidou\.cn 告诉我们/, linkToOrNone('去反馈', null)),
};

/** Submitting the search box hands the trimmed keyword over; 清除搜索 hands over ''. */
export const SearchSubmits: Story = {
  args: { keyword: '到账', results: { filter: '到账', status: 'empty', items: [], hasMore: false, total: 0 } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const box = c.getByRole('searchbox', { name: '搜索帮助' });
    await userEvent.clear(box);
    await userEvent.type(box, '  卡密  ');
    await userEvent.click(c.getByRole('button', { name: '搜索' }));
    await expect(args.onSearch).toHaveBeenLastCalledWith('卡密');
    await userEvent.click(c.getByRole('button', { name: '清除搜索' }));
    await expect(args.onSearch).toHaveBeenLastCalledWith('');
  },
};

export const Phone: Story = {
  ...phone,
  play: shows('常见问题', '我的反馈', '帮助分类', testIds('ticket-row', 5)),
};

export const Desktop: Story = {
  ...desktop,
  play: shows('常见问题', '我的反馈', '帮助分类', testIds('ticket-row', 5)),
};
