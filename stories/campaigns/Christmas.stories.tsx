import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CampaignDrawView } from '../../machines/campaignDraw';
import type { CampaignOverviewData } from '../../src/flows/campaign';
import { ChristmasView } from '../../src/pages/christmas/ChristmasView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, presses, shows } from '../play';

/** `/christmas`: before start, running with chances, no chances left, a prize, nothing won, ended, visitor, loading, failed. */

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
  title: 'Campaigns/Christmas',
  component: ChristmasView,
  parameters: { route: '/christmas' },
  args: {
    status: 'ready',
    campaign: running,
    now: NOW,
    loggedIn: true,
    loginHref: '/login?redirect=%2Fchristmas',
    recordsHref: '/christmas/records',
    flow: idle,
    onRetry: fn(),
    onDraw: fn(),
    onRetryDraw: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ChristmasView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Running: the countdown to the end, my chances by source, the draw button, the pool and the board. */
export const RunningWithChances: Story = {
  ...desktop,
  play: presses(
    '拆一个圣诞礼物（用 1 次机会）',
    'onDraw',
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

export const NotFound: Story = {
  ...desktop,
  args: { status: 'notFound', campaign: null },
  play: shows('活动不存在或已下线'),
};
