import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Flex } from '@chakra-ui/react';
import { Sidebar } from '../../src/components/Sidebar';
import { shows, link, linkTo, currentPage } from '../play';
import { phone } from '../layout';

/** The /home sidebar: sticky card on desktop, scrollable tabs on phones (CSS picks one). */
const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  args: { activePath: '/home' },
  decorators: [
    (Story) => (
      <Box bg="gray.50" p={{ base: '0 16px', md: '6' }} minH="420px">
        <Flex direction={{ base: 'column', md: 'row' }} gap="6">
          <Story />
          <Box flex="1" bg="white" borderRadius="xl" minH="320px" p="6" color="gray.500">
            页面内容
          </Box>
        </Flex>
      </Box>
    ),
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Only the items whose pages are built (each one's `to` is routed). */
export const Desktop: Story = {
  play: shows(
    currentPage('我的主页'),
    link('微豆明细'),
    linkTo('个人中心', '/home/user'),
    linkTo('帮助与反馈', '/home/feedback'),
  ),
};

/** 帮助与反馈 stays current on its sub-pages (a help answer, a ticket, the ask form). */
export const DesktopOnHelpAnswer: Story = {
  args: { activePath: '/home/feedback/help/31/2' },
  play: shows(currentPage('帮助与反馈')),
};

export const DesktopOnPersonalCentre: Story = {
  args: { activePath: '/home/user' },
  play: shows(currentPage('个人中心')),
};

export const DesktopOnWeidouDetails: Story = {
  args: { activePath: '/home/gold' },
  play: shows(currentPage('微豆明细')),
};

export const Phone: Story = {
  args: { activePath: '/home/exchange' },
  ...phone,
  play: shows(currentPage('兑换记录')),
};

export const PhoneOnFeedback: Story = {
  args: { activePath: '/home/feedback' },
  ...phone,
  play: shows(currentPage('帮助与反馈'), link('我的主页')),
};
