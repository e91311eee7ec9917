import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { TabBar, type TabItem } from '../../src/components/TabBar';
import { phone } from '../layout';
import { currentPage, hidden, linkTo, shows } from '../play';

/** The phone's bottom tab bar (src/app/TabBarContainer.tsx picks the tabs): member and visitor, each tab current. */

const MEMBER: TabItem[] = [
  { key: 'home', label: '首页', to: '/home', exact: true },
  { key: 'task', label: '任务', to: '/task' },
  { key: 'exchange', label: '兑换', to: '/exchange' },
  { key: 'welfare', label: '福利', to: '/welfare' },
  { key: 'mine', label: '我的', to: '/home/user' },
];
const VISITOR: TabItem[] = [
  { key: 'home', label: '首页', to: '/', exact: true },
  ...MEMBER.slice(1, 4),
  { key: 'mine', label: '我的', to: '/login' },
];

const meta = {
  title: 'Shell/TabBar',
  component: TabBar,
  ...phone,
  args: { items: MEMBER, activePath: '/home' },
  decorators: [
    (Story) => (
      <Box minH="240px" bg="gray.50" position="relative" css={{ '& > nav': { position: 'absolute' } }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof TabBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MemberOnHome: Story = {
  play: shows(currentPage('首页'), linkTo('任务', '/task'), linkTo('兑换', '/exchange'), linkTo('福利', '/welfare')),
};

export const MemberOnRewardDetail: Story = {
  args: { activePath: '/exchange/detail/3' },
  play: shows(currentPage('兑换'), linkTo('我的', '/home/user')),
};

export const MemberInUserCentre: Story = {
  args: { activePath: '/home/user' },
  play: shows(currentPage('我的')),
};

export const MemberOnWelfare: Story = {
  args: { activePath: '/welfare' },
  play: shows(currentPage('福利')),
};

export const Visitor: Story = {
  args: { items: VISITOR, activePath: '/' },
  play: shows(currentPage('首页'), linkTo('我的', '/login'), hidden('我的主页')),
};
