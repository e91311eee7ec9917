import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { ALREADY_CHECKED_IN_MSG, rewardStrip, type CheckinStatus, type CheckinView } from '../../machines/checkin';
import { CheckinCard } from '../../src/components/CheckinCard';
import { shows, button, alert, hidden, linkTo } from '../play';
import { desktop, phone } from '../layout';

/** One story per state of machines/checkin.ts, with the props `selectCheckinView` gives there. */

const REWARDS = [
  { day: 1, points: 5 },
  { day: 2, points: 10 },
  { day: 3, points: 15 },
  { day: 4, points: 15 },
  { day: 5, points: 20 },
  { day: 6, points: 20 },
  { day: 7, points: 30 },
];

const unchecked: CheckinStatus = {
  checkedToday: false,
  today: '2026-11-22',
  streak: 2,
  todayReward: 15,
  checkedDays: ['2026-11-03', '2026-11-10', '2026-11-20', '2026-11-21'],
  rewards: REWARDS,
};
const checked: CheckinStatus = {
  ...unchecked,
  checkedToday: true,
  streak: 3,
  checkedDays: [...unchecked.checkedDays, '2026-11-22'],
};

const empty: CheckinView = {
  status: 'loading',
  balance: null,
  todayIncome: null,
  monthIncome: null,
  streak: null,
  todayReward: null,
  earned: null,
  monthDays: null,
  strip: [],
  canCheckin: false,
  canRetry: false,
  busy: true,
  error: null,
  notice: null,
};

const loaded = (status: CheckinStatus, balance: number, todayIncome: number): CheckinView => ({
  ...empty,
  status: status.checkedToday ? 'checkedIn' : 'ready',
  balance,
  todayIncome,
  monthIncome: 350 + todayIncome,
  streak: status.streak,
  todayReward: status.todayReward,
  monthDays: status.checkedDays.length,
  strip: rewardStrip(status),
  canCheckin: !status.checkedToday,
  busy: false,
});

const ready = loaded(unchecked, 1280, 0);
const after = loaded(checked, 1295, 15);

const meta = {
  title: 'Components/CheckinCard',
  component: CheckinCard,
  parameters: { route: '/home' },
  args: ready,
  decorators: [
    (Story) => (
      <Box bg="gray.50" p={{ base: '4', md: '6' }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof CheckinCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: empty, play: shows('正在加载微豆与签到信息…') };
export const LoadError: Story = {
  args: { ...empty, status: 'error', busy: false, canRetry: true, error: '服务器开小差了，请稍后再试' },
  play: shows(alert('签到信息加载失败')),
};
export const Ready: Story = {
  play: shows('1,280', '今天签到可得 15 微豆，连续签到奖励更多。', button('签到', 'enabled'), hidden('排行榜 ›')),
};
/** With the ranking built, 排行榜 stands beside the month's income. */
export const WithRanking: Story = {
  args: { rankingTo: '/ranking' },
  play: shows('1,280', linkTo('排行榜 ›', '/ranking')),
};
export const ReadyAfterFailedCheckin: Story = {
  args: { ...ready, error: '网络错误，请稍后重试' },
  play: shows(alert('签到失败：网络错误，请稍后重试'), button('签到', 'enabled')),
};
export const CheckingIn: Story = {
  args: { ...ready, status: 'checkingIn', canCheckin: false, busy: true },
  play: shows(button('签到中…', 'disabled')),
};
export const CheckedIn: Story = {
  args: { ...after, earned: 15 },
  play: shows('1,295', '签到成功，获得 15 微豆！明天记得再来。', button('今日已签到', 'disabled')),
};
export const CheckedInWhenOpened: Story = {
  args: after,
  play: shows('今天已签到，获得 15 微豆。明天记得再来。', button('今日已签到', 'disabled')),
};
export const AlreadyChecked: Story = {
  args: { ...after, status: 'alreadyChecked', notice: ALREADY_CHECKED_IN_MSG },
  play: shows('今天已经签到过了，今天签到获得 15 微豆。', button('今日已签到', 'disabled')),
};
export const LongStreak: Story = {
  args: loaded({ ...checked, streak: 12, todayReward: 30 }, 5030, 30),
  play: shows('5,030', '已连续签到 12 天，本月已签到 5 天', '第12天'),
};
export const Phone: Story = {
  ...phone,
  play: shows('1,280', button('签到', 'enabled')),
};
export const PhoneCheckedIn: Story = {
  args: { ...after, earned: 15 },
  ...phone,
  play: shows('签到成功，获得 15 微豆！明天记得再来。', button('今日已签到', 'disabled')),
};
export const Desktop: Story = {
  ...desktop,
  play: shows('1,280', button('签到', 'enabled')),
};
