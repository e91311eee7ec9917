import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { Header } from '../../src/components/Header';
import { expect } from 'storybook/test';
import { shows, hidden, button, link, currentPage, noButton } from '../play';
import { phone } from '../layout';

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

export const LoggedOut: Story = { play: shows(link('登录/注册'), hidden('退出登录')) };

/** On /login and /register the page is the way in: no 登录/注册 button above its own form. */
export const VisitorOnLoginPage: Story = {
  args: { activePath: '/login' },
  play: shows(hidden('登录/注册'), link('任务')),
};

export const VisitorOnRegisterPage: Story = {
  args: { activePath: '/register' },
  play: shows(hidden('登录/注册'), link('任务')),
};

export const LoggedIn: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home' },
  play: shows(currentPage('我的主页'), link('消息'), button(/小橙子/), hidden('登录/注册')),
};

export const LoggedInWithNewMessage: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home', hasNewMessage: true },
  play: shows(link('消息（有新消息）')),
};

export const LoggedInUserMenuOpen: Story = {
  args: { user: { nickname: '小橙子' }, activePath: '/home', userMenuOpen: true, showUserCentre: true },
  play: shows(async (canvas) => {
    await expect(await canvas.findByRole('menuitem', { name: '退出登录', hidden: true })).toBeInTheDocument();
    await expect(await canvas.findByRole('menuitem', { name: '个人中心', hidden: true })).toHaveAttribute(
      'href',
      '/home/user',
    );
  }),
};

export const TransparentOnLanding: Story = {
  args: { activePath: '/', transparent: true },
  parameters: { route: '/' },
  play: shows(currentPage('首页'), async (canvas) => {
    await expect(canvas.getByRole('banner')).toHaveAttribute('data-transparent', 'true');
  }),
};

/** A visitor's phone: 登录/注册 in the bar and no menu (the pages are in the tab bar at the bottom). */
export const PhoneVisitor: Story = {
  args: { activePath: '/' },
  ...phone,
  play: shows(link('登录/注册'), noButton('打开菜单')),
};

export const PhoneMenuOpenLoggedIn: Story = {
  args: {
    user: { nickname: '小橙子' },
    activePath: '/home',
    phoneMenuOpen: true,
    hasNewMessage: true,
    showUserCentre: true,
  },
  ...phone,
  play: shows(button('关闭菜单'), link('消息中心'), link('个人中心'), button('退出登录')),
};
