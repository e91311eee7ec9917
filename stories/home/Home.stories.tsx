import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeView } from '../../src/pages/home/HomeView';
import { rewardStrip } from '../../machines/checkin';
import { expect, fn, within } from 'storybook/test';
import { cardViews, NOW } from '../tasks/fixtures';
import { homePage, phone } from '../layout';
import { shows, button, hidden, link, linkTo } from '../play';

const status = {
  checkedToday: false,
  today: '2026-11-22',
  streak: 2,
  todayReward: 15,
  checkedDays: ['2026-11-20', '2026-11-21'],
  rewards: [
    { day: 1, points: 5 },
    { day: 2, points: 10 },
    { day: 3, points: 15 },
    { day: 7, points: 30 },
  ],
};
const checkin = {
  status: 'ready' as const,
  balance: 1280,
  todayIncome: 0,
  monthIncome: 350,
  streak: status.streak,
  todayReward: status.todayReward,
  earned: null,
  monthDays: status.checkedDays.length,
  strip: rewardStrip(status),
  canCheckin: true,
  canRetry: false,
  busy: false,
  error: null,
  notice: null,
};

const meta = {
  title: 'Pages/Home',
  component: HomeView,
  ...homePage('/home'),
  args: {
    nickname: '小橙子',
    checkin,
    recommended: { status: 'ready', tasks: cardViews.slice(0, 3), now: NOW, onRetry: fn() },
  },
} satisfies Meta<typeof HomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithNickname: Story = {
  play: shows('你好，小橙子', '欢迎回到我的主页', button('签到'), hidden('欢迎加入')),
};
/** Registered within the last day: a welcome for newcomers, not 欢迎回到. */
export const Newcomer: Story = {
  args: { newcomer: true },
  play: shows('你好，小橙子', '欢迎加入微豆调研！先完成新手任务，领取你的第一笔微豆。', hidden('欢迎回到')),
};
export const WithoutCachedNickname: Story = { args: { nickname: null }, play: shows('你好，微豆会员') };
export const CheckinLoading: Story = {
  args: { checkin: { ...checkin, status: 'loading', balance: null, strip: [], canCheckin: false, busy: true } },
  play: shows('正在加载微豆与签到信息…', '为你推荐'),
};
export const Phone: Story = {
  ...phone,
  play: shows('你好，小橙子', link('全部任务')),
};

/** 为你推荐: tasks I may take, each linking to its detail page. */
export const Recommended: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const cards = await c.findAllByTestId('task-card');
    await expect(cards).toHaveLength(3);
    await expect(cards[0]).toHaveAttribute('href', '/task/detail/k3Xp9QaLm2Vd');
    await expect(c.getByRole('link', { name: '全部任务' })).toHaveAttribute('href', '/task');
  },
};
export const RecommendedLoading: Story = {
  args: { recommended: { status: 'loading', tasks: [] } },
  play: shows('正在加载推荐任务…'),
};
export const RecommendedNone: Story = {
  args: { recommended: { status: 'ready', tasks: [] } },
  play: shows(/暂时没有适合你的新任务/, linkTo('完善个人属性', '/user/survey')),
};
export const RecommendedFailed: Story = {
  args: { recommended: { status: 'error', tasks: [], error: '网络错误', onRetry: fn() } },
  play: shows('推荐任务加载失败'),
};
export const RecommendedPhone: Story = {
  ...phone,
  play: shows('为你推荐', link('限时抢答：外卖平台满意度调研，80 微豆')),
};
