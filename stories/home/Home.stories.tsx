import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeView } from '../../src/pages/home/HomeView';
import { rewardStrip } from '../../machines/checkin';
import { expect, fn, userEvent, within } from 'storybook/test';
import { cardViews, NOW } from '../tasks/fixtures';
import { homePage, phone } from '../layout';
import { shows, button, hidden, link, linkTo, testIds } from '../play';
import { BANNERS, EVENTS } from '../promo/fixtures';
import type { HomePromptsProps } from '../../src/pages/home/HomePrompts';

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
  args: { newcomer: true, courseHref: '/course' },
  play: shows(
    '你好，小橙子',
    '欢迎加入微豆调研！先完成新手任务，领取你的第一笔微豆。',
    linkTo('学新手课程，答题领奖励', '/course'),
    hidden('欢迎回到'),
  ),
};
/** A member past the first day: 我的答题质量 under the welcome. */
export const WithQualityLink: Story = {
  args: { qualityHref: '/efficient' },
  play: shows('欢迎回到我的主页', linkTo('我的答题质量 ›', '/efficient'), hidden('学新手课程')),
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

/* ---- 待办提醒, banners and campaigns ---- */
const notice = (id: number, title: string, pinned = false) => ({
  id,
  title,
  pinned,
  publishedAt: Date.UTC(2026, 10, 20, 2) - id * 3_600_000,
});
const prompts: HomePromptsProps = {
  surveyDone: false,
  mobileBound: false,
  notices: [
    notice(1, '微豆调研会员中心上线：消息、公告与活动一站查看', true),
    notice(2, '节假日期间现金兑换顺延发放的说明'),
  ],
  surveyPath: '/user/survey',
  mobilePath: '/home/user',
  onReadAll: fn(),
};

/** Everything to prompt: the questionnaire, a mobile to bind, unread notices (pinned first), each with its way. */
export const Prompts: Story = {
  args: { prompts },
  play: shows(
    '待办提醒',
    linkTo('去填写', '/user/survey'),
    '绑定手机号',
    '2 条未读公告',
    linkTo(/置顶\s*微豆调研会员中心上线/, '/home/notices/1'),
    linkTo(/节假日期间现金兑换顺延发放的说明/, '/home/notices/2'),
    button('全部标为已读'),
  ),
};
/** 全部标为已读 asks the page to mark them. */
export const PromptsReadAll: Story = {
  args: { prompts },
  play: async (context) => {
    const c = within(context.canvasElement);
    await userEvent.click(await c.findByRole('button', { name: '全部标为已读' }));
    await expect(prompts.onReadAll).toHaveBeenCalled();
  },
};
export const PromptsReadingAll: Story = {
  args: { prompts: { ...prompts, readingAll: true } },
  play: shows(button(/处理中/, 'disabled')),
};
/** Many unread notices: the first five, then 查看全部. */
export const PromptsManyNotices: Story = {
  args: {
    prompts: {
      ...prompts,
      surveyDone: true,
      mobileBound: true,
      notices: Array.from({ length: 7 }, (_, i) => notice(i + 1, `第 ${i + 1} 条公告`)),
    },
  },
  play: async (context) => {
    await shows(testIds('home-notice', 5), hidden('第 6 条公告'), hidden('完善个人属性问卷'))(context);
    const c = within(context.canvasElement);
    await userEvent.click(c.getByRole('button', { name: '查看全部 7 条' }));
    await expect(c.getAllByTestId('home-notice')).toHaveLength(7);
  },
};
/** No mobile yet: the prompt leads to 个人中心, where it is bound. */
export const PromptsMobile: Story = {
  args: { prompts: { ...prompts, notices: [] } },
  play: shows('绑定手机号', linkTo('去绑定', '/home/user'), link('去填写')),
};
/** Nothing to prompt: no 待办提醒 at all. */
export const PromptsNone: Story = {
  args: { prompts: { ...prompts, surveyDone: true, mobileBound: true, notices: [] } },
  play: shows('你好，小橙子', hidden('待办提醒')),
};
/** The banners and campaigns published for /home. */
export const BannersAndEvents: Story = {
  args: { banners: BANNERS, events: EVENTS },
  play: shows(link('邀请好友一起赚微豆'), button('下一张'), '热门活动', testIds('event-card', 2)),
};
export const PhoneWithEverything: Story = {
  ...phone,
  args: { prompts, banners: BANNERS, events: EVENTS },
  play: shows('待办提醒', link('邀请好友一起赚微豆'), '热门活动'),
};

/** The first load is not over: below the greeting, a loading state; the parts are laid out unseen. */
export const Holding: Story = {
  args: { holding: true, banners: BANNERS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('你好，小橙子')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('正在加载…');
    await expect(canvas.queryByRole('link', { name: '去做任务' })).toBeNull();
    await expect(canvas.getByText('去做任务')).toBeInTheDocument();
  },
};
