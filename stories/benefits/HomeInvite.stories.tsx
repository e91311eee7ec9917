import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { HomeInviteView, type InviteInfo, type Invitee } from '../../src/pages/home-invite/HomeInviteView';
import { DAY, T } from './fixtures';
import { desktop, homePage, phone } from '../layout';
import { routedPath } from '../../src/routing/paths';
import { shows, button, linkToOrNone } from '../play';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';

/** `/home/invite` 邀请好友: info loading/error/ready, invitees loading/empty/error/ready, each reward state. */

const info: InviteInfo = {
  inviteCode: 'WD8K2Q',
  inviteUrl: 'https://www.weidou.cn/app/invite?code=WD8K2Q',
  invitedCount: 5,
  activeCount: 2,
  rewardPoints: 650,
  rewardCredit: 40,
  registerReward: 50,
  inviterReward: 200,
  activeCredit: 20,
  inviteeReward: 100,
  withheldCount: 1,
  rules: [
    '好友通过你的邀请链接、二维码或邀请码注册，即算你的邀请。',
    '好友注册后你得 50 微豆；好友完成首个有效任务后，你再得 200 微豆和 20 权益值。',
    '同一设备注册的多个账号、自己邀请自己，奖励不予发放。',
  ],
};

const granted = (points: number, at: number) => ({ state: 'granted' as const, points, reason: null, at });
const waiting = { state: 'waiting' as const, points: 0, reason: null, at: null };

const invitees: Invitee[] = [
  {
    id: 5,
    nickname: '小橙**',
    avatar: null,
    mobile: '138****1234',
    registeredAt: T - 3 * DAY,
    active: true,
    activatedAt: T - DAY,
    rewardPoints: 250,
    registerReward: granted(50, T - 3 * DAY),
    firstTaskReward: granted(200, T - DAY),
  },
  {
    id: 4,
    nickname: '阿木**',
    avatar: null,
    mobile: '159****8876',
    registeredAt: T - 2 * DAY,
    active: false,
    activatedAt: null,
    rewardPoints: 50,
    registerReward: granted(50, T - 2 * DAY),
    firstTaskReward: waiting,
  },
  {
    id: 3,
    nickname: '用户**',
    avatar: null,
    mobile: null,
    registeredAt: T - 5 * DAY,
    active: true,
    activatedAt: T - 4 * DAY,
    rewardPoints: 0,
    registerReward: { state: 'withheld', points: 0, reason: '与你使用同一设备注册，奖励不予发放', at: T - 5 * DAY },
    firstTaskReward: { state: 'withheld', points: 0, reason: '与你使用同一设备注册，奖励不予发放', at: T - 4 * DAY },
  },
];

const meta = {
  title: 'Benefits/HomeInvite',
  component: HomeInviteView,
  ...homePage('/home/invite'),
  args: {
    info: { status: 'ready', data: info },
    onRetryInfo: fn(),
    filter: 'all',
    ...readyList(invitees, { hasMore: false }),
    onCopied: fn(),
    posterPath: routedPath('/share') ?? null,
  },
} satisfies Meta<typeof HomeInviteView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { info: { status: 'loading', data: null }, status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findAllByText('加载中…')).length).toBe(2);
  },
};

export const LoadFailed: Story = {
  args: {
    info: { status: 'error', data: null, error: '网络错误，请稍后重试' },
    status: 'error',
    items: [],
    error: '网络错误，请稍后重试',
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('button', { name: '重新加载' })).toHaveLength(2);
  },
};

export const NoInvitees: Story = {
  args: {
    info: {
      status: 'ready',
      data: { ...info, invitedCount: 0, activeCount: 0, rewardPoints: 0, rewardCredit: 0, withheldCount: 0 },
    },
    status: 'empty',
    items: [],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('还没有邀请到好友')).toBeInTheDocument();
    await expect(c.getByTestId('qr-image')).toHaveAttribute('data-value', info.inviteUrl);
  },
};

/** Link, QR code, code and totals; one invitee per reward state (granted, waiting, withheld with reason). */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('invite-url')).toHaveTextContent(info.inviteUrl);
    await expect(c.getByRole('img', { name: '我的邀请二维码' })).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '复制邀请码' })).toBeInTheDocument();
    await expect(c.getAllByTestId('invitee-row')).toHaveLength(3);
    const states = c.getAllByTestId('invite-reward').map((r) => r.dataset.state);
    await expect(states).toEqual(['granted', 'granted', 'granted', 'waiting', 'withheld', 'withheld']);
    await expect(c.getAllByText('与你使用同一设备注册，奖励不予发放')).toHaveLength(2);
    await expect(c.getByText(/有 1 位好友的邀请奖励未发放/)).toBeInTheDocument();
  },
};

export const ActiveOnly: Story = {
  args: { filter: 'active', items: invitees.filter((i) => i.active) },
  play: shows('138****1234', '首个任务奖励已发放 +200 微豆'),
};

export const InactiveEmpty: Story = {
  args: { filter: 'inactive', status: 'empty', items: [] },
  play: shows('没有未完成首个任务的好友'),
};

export const MoreInvitees: Story = { args: { hasMore: true }, play: shows(button('加载更多', 'enabled')) };
export const LoadingMore: Story = loadingMore;
export const LoadMoreFailed: Story = loadMoreFailed;

export const Phone: Story = {
  ...phone,
  play: shows(
    '邀请好友，一起赚微豆',
    button('复制链接'),
    button('复制邀请码'),
    linkToOrNone('生成分享海报', routedPath('/share') ?? null),
  ),
};
export const Desktop: Story = { ...desktop, play: shows('邀请好友，一起赚微豆', button('复制邀请码')) };
