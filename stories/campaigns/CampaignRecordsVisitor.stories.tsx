import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CampaignOverviewData } from '../../src/flows/campaign';
import { CampaignRecordsVisitorView } from '../../src/pages/campaign/CampaignRecordsVisitorView';
import { desktop, phone } from '../layout';
import { button, hidden, linkTo, shows } from '../play';

/** A campaign's records for a visitor (`/christmas/records`, `/campaigns/:slug/records`): the login prompt where the records would be, the campaign's rules and prizes. */

const NOW = Date.UTC(2026, 11, 20, 4);
const DAY = 86_400_000;
const campaign: CampaignOverviewData = {
  slug: 'christmas',
  title: '圣诞狂欢季',
  theme: 'christmas',
  description: '活动期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽奖机会，微豆大奖等你来拆！',
  startsAt: NOW - 3 * DAY,
  endsAt: NOW + 5 * DAY,
  now: NOW,
  phase: 'running',
  chancesPerTask: 1,
  chancesPerCheckin: 2,
  prizes: [
    { id: 1, name: '谢谢参与', kind: 'none', points: null, chance: 0.3, stock: null },
    { id: 2, name: '10 微豆', kind: 'points', points: 10, chance: 0.35, stock: null },
    { id: 3, name: '100 微豆', kind: 'points', points: 100, chance: 0.09, stock: 280 },
  ],
  chances: null,
  leaders: [],
};

const meta = {
  title: 'Campaigns/CampaignRecordsVisitor',
  component: CampaignRecordsVisitorView,
  parameters: { route: '/christmas/records' },
  args: {
    status: 'ready',
    campaign,
    backHref: '/christmas',
    loginHref: '/login?redirect=%2Fchristmas%2Frecords',
    moreHref: '/welfare',
    onRetry: fn(),
  },
} satisfies Meta<typeof CampaignRecordsVisitorView>;

export default meta;
type Story = StoryObj<typeof meta>;

const visitorChecks = shows(
  '登录后查看你的抽奖记录',
  linkTo('登录/注册', '/login?redirect=%2Fchristmas%2Frecords'),
  '活动规则',
  /每签到 1 天得 2 次抽奖机会/,
  '100 微豆',
  /剩 280 份/,
  hidden('还没有抽奖记录'),
  hidden(/共得 \d+ 微豆/),
);

export const Visitor: Story = { play: visitorChecks };
export const VisitorPhone: Story = { ...phone, play: visitorChecks };
export const VisitorDesktop: Story = { ...desktop, play: visitorChecks };
export const Ended: Story = {
  args: { campaign: { ...campaign, phase: 'ended', now: NOW + 6 * DAY } },
  play: shows(/活动已结束/, '登录后查看你的抽奖记录'),
};
export const Loading: Story = {
  args: { status: 'loading', campaign: null },
  play: shows('正在加载活动…', '登录后查看你的抽奖记录'),
};
export const Missing: Story = {
  args: { status: 'notFound', campaign: null },
  play: shows('活动不存在或已下线', linkTo('去福利中心看看', '/welfare'), linkTo('‹ 活动', '/christmas')),
};
/** The spring campaign's records for a visitor: the way back names it; the login comes back here. */
export const SpringVisitor: Story = {
  ...phone,
  parameters: { route: '/campaigns/spring/records' },
  args: {
    campaign: {
      ...campaign,
      slug: 'spring',
      title: '新春红包节',
      theme: 'spring',
      phase: 'upcoming',
      startsAt: NOW + 7 * DAY,
      endsAt: NOW + 21 * DAY,
    },
    backHref: '/campaigns/spring',
    loginHref: '/login?redirect=%2Fcampaigns%2Fspring%2Frecords',
  },
  play: shows(
    linkTo('‹ 新春红包节', '/campaigns/spring'),
    '登录后查看你的抽奖记录',
    linkTo('登录/注册', '/login?redirect=%2Fcampaigns%2Fspring%2Frecords'),
    /尚未开始/,
  ),
};
export const LoadFailed: Story = {
  args: { status: 'error', campaign: null, error: '网络错误，请稍后重试' },
  play: shows('活动加载失败', button('重新加载')),
};
