import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Flex } from '@chakra-ui/react';
import { Sidebar } from '../../src/components/Sidebar';
import { HomeView } from '../../src/pages/home/HomeView';
import { rewardStrip } from '../../machines/checkin';

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
  parameters: { route: '/home' },
  args: { nickname: '小橙子', checkin },
  decorators: [
    (Story) => (
      <Box bg="gray.50" px={{ base: '4', md: '6' }} py={{ base: '0', md: '6' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }}>
          <Sidebar activePath="/home" />
          <Box flex="1" minW="0">
            <Story />
          </Box>
        </Flex>
      </Box>
    ),
  ],
} satisfies Meta<typeof HomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithNickname: Story = {};
export const WithoutCachedNickname: Story = { args: { nickname: null } };
export const CheckinLoading: Story = {
  args: { checkin: { ...checkin, status: 'loading', balance: null, strip: [], canCheckin: false, busy: true } },
};
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
