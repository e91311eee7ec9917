import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CampaignDrawView } from '../../machines/campaignDraw';
import type { CampaignOverviewData } from '../../src/flows/campaign';
import { expect } from 'storybook/test';
import { CampaignView } from '../../src/pages/campaign/CampaignView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, presses, shows, type Check } from '../play';

/**
 * A campaign's page (`/christmas`, `/campaigns/:slug`): before start, running with chances, no
 * chances left, a prize, nothing won, ended, visitor, loading, failed, not found; in each theme the
 * operator can set (christmas, spring, plain).
 */

/** The header is drawn in `theme`, under the campaign's own title. */
const themed =
  (theme: string, title: string): Check =>
  async (canvas) => {
    const hero = await canvas.findByRole('region', { name: title });
    await expect(hero).toHaveAttribute('data-theme', theme);
    await expect(canvas.getByRole('heading', { level: 1, name: title })).toBeVisible();
  };

const NOW = Date.UTC(2026, 11, 20, 4);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const idle: CampaignDrawView = {
  step: 'idle',
  outcome: null,
  error: null,
  busy: false,
  canDraw: true,
  canRetry: false,
  canClose: false,
};

const chances = (left: number): NonNullable<CampaignOverviewData['chances']> => ({
  earned: 5,
  used: 5 - left,
  left,
  bySource: [
    { source: 'task', label: '完成调查任务', count: 3, chances: 3 },
    { source: 'checkin', label: '每日签到', count: 2, chances: 2 },
  ],
});

const running: CampaignOverviewData = {
  slug: 'christmas',
  title: '圣诞狂欢季',
  theme: 'christmas',
  description: '活动期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽奖机会，微豆大奖等你来拆！',
  startsAt: NOW - 3 * DAY,
  endsAt: NOW + 5 * DAY + 2 * HOUR,
  now: NOW,
  phase: 'running',
  chancesPerTask: 1,
  chancesPerCheckin: 1,
  prizes: [
    { id: 1, name: '谢谢参与', kind: 'none', points: null, chance: 0.3, stock: null },
    { id: 2, name: '10 微豆', kind: 'points', points: 10, chance: 0.35, stock: null },
    { id: 3, name: '100 微豆', kind: 'points', points: 100, chance: 0.09, stock: 280 },
    { id: 4, name: '1225 微豆', kind: 'points', points: 1225, chance: 0.005, stock: 5 },
  ],
  chances: chances(3),
  leaders: [
    { rank: 1, nickname: '小*', chances: 12 },
    { rank: 2, nickname: '调研**', chances: 9 },
    { rank: 3, nickname: 'a***z', chances: 7 },
  ],
};

const meta = {
  title: 'Campaigns/Campaign',
  component: CampaignView,
  parameters: { route: '/christmas' },
  args: {
    status: 'ready',
    campaign: running,
    now: NOW,
    loggedIn: true,
    loginHref: '/login?redirect=%2Fchristmas',
    recordsHref: '/christmas/records',
    moreHref: '/welfare',
    flow: idle,
    onRetry: fn(),
    onDraw: fn(),
    onRetryDraw: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof CampaignView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Running: the countdown to the end, my chances by source, the draw button, the pool and the board. */
export const RunningWithChances: Story = {
  ...desktop,
  play: presses(
    '拆一个圣诞礼物（用 1 次机会）',
    'onDraw',
    themed('christmas', '圣诞狂欢季'),
    '❄ MERRY CHRISTMAS ❄',
    '距活动结束还有 5 天 02:00:00',
    '完成调查任务 × 3',
    '+2 次',
    '1225 微豆',
    '剩 5 份',
    '调研**',
    linkTo('我的抽奖记录 ›', '/christmas/records'),
  ),
};

export const RunningPhone: Story = { ...phone, play: RunningWithChances.play };

/** No chance left: the button says so and cannot be pressed. */
export const NoChancesLeft: Story = {
  ...phone,
  args: { campaign: { ...running, chances: chances(0) } },
  play: shows(button('暂无抽奖机会', 'disabled'), '共获得 5 次，已用 5 次'),
};

/** The server said no chance was left (another tab used it). */
export const NoChancesAnswered: Story = {
  ...desktop,
  args: { flow: { ...idle, step: 'noChances', canClose: true } },
  play: shows(alert('抽奖机会已用完，完成调查任务或签到可再获得。')),
};

export const Drawing: Story = {
  ...desktop,
  args: { flow: { ...idle, step: 'drawing', busy: true, canDraw: false } },
  play: shows(button(/正在拆礼物/, 'disabled')),
};

export const Won: Story = {
  ...phone,
  args: {
    flow: {
      ...idle,
      step: 'result',
      canClose: true,
      outcome: { draw: { id: 9, outcome: 'prize', prizeName: '100 微豆', points: 100 }, chances: { left: 2 } },
    },
  },
  play: presses('知道了', 'onClose', '恭喜抽中「100 微豆」', '100 微豆已到账。'),
};

/** "No prize" is said as it is. */
export const NothingWon: Story = {
  ...desktop,
  args: {
    flow: {
      ...idle,
      step: 'result',
      canClose: true,
      outcome: { draw: { id: 9, outcome: 'none', prizeName: '谢谢参与', points: null }, chances: { left: 2 } },
    },
  },
  play: shows('谢谢参与，这次没有中奖'),
};

export const NetworkError: Story = {
  ...desktop,
  args: { flow: { ...idle, step: 'networkError', canDraw: false, canRetry: true, canClose: true, error: '网络错误' } },
  play: presses('重试', 'onRetryDraw', '网络不稳定，没有收到抽奖结果', '重试不会多用机会：同一次抽奖只算一次。'),
};

export const BeforeStart: Story = {
  ...desktop,
  args: {
    campaign: { ...running, phase: 'upcoming', startsAt: NOW + DAY + 30 * 60_000, chances: chances(0) },
  },
  play: shows('距活动开始还有 1 天 00:30:00', '活动开始后即可抽奖。', hidden('拆一个圣诞礼物')),
};

export const Ended: Story = {
  ...phone,
  args: { campaign: { ...running, phase: 'ended', endsAt: NOW - HOUR, chances: chances(1) } },
  play: shows('活动已结束，感谢参与', '活动已结束，不能再抽奖。', hidden('拆一个圣诞礼物')),
};

/** A visitor sees the campaign, the pool and the board, and a login button. */
export const Visitor: Story = {
  ...phone,
  args: { loggedIn: false, campaign: { ...running, chances: null } },
  play: shows(linkTo('登录参加活动', '/login?redirect=%2Fchristmas'), '机会排行榜', '奖池', hidden('我的抽奖记录 ›')),
};

export const EmptyBoard: Story = {
  ...desktop,
  args: { campaign: { ...running, leaders: [] } },
  play: shows('还没有人获得抽奖机会，快来当第一名。'),
};

export const Loading: Story = {
  ...desktop,
  args: { status: 'loading', campaign: null },
  play: shows('正在加载活动…'),
};

export const Failed: Story = {
  ...phone,
  args: { status: 'error', campaign: null, error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', '活动加载失败'),
};

/** No campaign at this slug (a mistyped or withdrawn link): said plainly, with the way to 福利中心. */
export const NotFound: Story = {
  ...desktop,
  args: { status: 'notFound', campaign: null },
  play: shows('活动不存在或已下线', linkTo('去福利中心看看', '/welfare'), hidden('机会排行榜')),
};

export const NotFoundPhone: Story = { ...phone, args: NotFound.args, play: NotFound.play };

const spring: CampaignOverviewData = {
  ...running,
  slug: 'spring',
  title: '新春红包节',
  theme: 'spring',
  description: '新春期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽红包机会，888 微豆大红包等你来拿！',
  prizes: [
    { id: 11, name: '谢谢参与', kind: 'none', points: null, chance: 0.28, stock: null },
    { id: 12, name: '8 微豆', kind: 'points', points: 8, chance: 0.36, stock: null },
    { id: 13, name: '88 微豆', kind: 'points', points: 88, chance: 0.1, stock: 300 },
    { id: 14, name: '888 微豆', kind: 'points', points: 888, chance: 0.03, stock: 20 },
  ],
};

/** The spring theme (春节): red and gold, lanterns; the draw is a red envelope. */
export const SpringRunning: Story = {
  ...desktop,
  parameters: { route: '/campaigns/spring' },
  args: { campaign: spring, recordsHref: '/campaigns/spring/records' },
  play: presses(
    '抽一个新春红包（用 1 次机会）',
    'onDraw',
    themed('spring', '新春红包节'),
    '福 · 新春快乐 · 福',
    '888 微豆',
    linkTo('我的抽奖记录 ›', '/campaigns/spring/records'),
    hidden('拆一个圣诞礼物'),
  ),
};

export const SpringPhone: Story = {
  ...phone,
  parameters: SpringRunning.parameters,
  args: SpringRunning.args,
  play: SpringRunning.play,
};

/** The spring campaign before it starts, as a visitor opening it from 福利中心 sees it. */
export const SpringUpcomingVisitor: Story = {
  ...phone,
  parameters: { route: '/campaigns/spring' },
  args: {
    loggedIn: false,
    loginHref: '/login?redirect=%2Fcampaigns%2Fspring',
    campaign: { ...spring, phase: 'upcoming', startsAt: NOW + 7 * DAY, endsAt: NOW + 21 * DAY, chances: null },
  },
  play: shows(
    themed('spring', '新春红包节'),
    '距活动开始还有 7 天 00:00:00',
    linkTo('登录参加活动', '/login?redirect=%2Fcampaigns%2Fspring'),
  ),
};

/** The plain theme (any other campaign): the brand's orange, no seasonal art; a plain draw. */
export const PlainRunning: Story = {
  ...desktop,
  parameters: { route: '/campaigns/double-11' },
  args: {
    campaign: { ...running, slug: 'double-11', title: '双十一答题节', theme: 'plain', description: '答题赢微豆' },
    recordsHref: '/campaigns/double-11/records',
  },
  play: presses('抽一次奖（用 1 次机会）', 'onDraw', themed('plain', '双十一答题节'), '限时活动'),
};

export const PlainPhone: Story = {
  ...phone,
  parameters: PlainRunning.parameters,
  args: PlainRunning.args,
  play: PlainRunning.play,
};
