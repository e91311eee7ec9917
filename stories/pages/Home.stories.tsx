import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Flex } from '@chakra-ui/react';
import { Sidebar } from '../../src/components/Sidebar';
import { HomeView } from '../../src/pages/home/HomeView';

const meta = {
  title: 'Pages/Home',
  component: HomeView,
  parameters: { route: '/home' },
  args: { nickname: '小橙子' },
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
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
