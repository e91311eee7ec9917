import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { Header } from '../../src/components/Header';

/** The header in every state of machines/header.ts × session (logged in/out, new message). */
const meta = {
  title: 'Shell/Header',
  component: Header,
  args: {
    user: null,
    activePath: '/about',
    transparent: false,
    phoneMenuOpen: false,
    userMenuOpen: false,
    hasNewMessage: false,
  },
  decorators: [
    (Story, { args }) => (
      <Box
        minH="360px"
        bg={args.transparent ? 'linear-gradient(135deg, #ff9a3c, #c9480a)' : 'gray.50'}
        position="relative"
        css={{ '& > header': { position: 'absolute' } }}
      >
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {};

export const LoggedIn: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home' },
};

export const LoggedInWithNewMessage: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home', hasNewMessage: true },
};

export const LoggedInUserMenuOpen: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home', userMenuOpen: true },
};

export const TransparentOnLanding: Story = {
  args: { activePath: '/', transparent: true },
  parameters: { route: '/' },
};

export const PhoneMenuOpen: Story = {
  args: { activePath: '/', phoneMenuOpen: true },
  globals: { viewport: { value: 'phone' } },
};

export const PhoneMenuOpenLoggedIn: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home', phoneMenuOpen: true, hasNewMessage: true },
  globals: { viewport: { value: 'phone' } },
};
