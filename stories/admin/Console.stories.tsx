import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConsoleLayoutView, NoPermissionView, NotFoundView } from '../../src/admin/app/ConsoleLayoutView';
import { HomeView } from '../../src/admin/pages/home/HomeView';
import { desktop, phone } from '../layout';
import { button, hidden, link, shows } from '../play';

/** The console's frame and 工作台 (/admin). */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const admin = { name: '管理员老王', login: 'demo.admin', roles: ['admin' as const] };
const support = { name: '客服小林', login: 'demo.support', roles: ['support' as const] };
const adminNav = [
  { path: '/admin', title: '工作台', active: true },
  { path: '/admin/audit', title: '审计日志', active: false },
  { path: '/admin/staff', title: '员工账号', active: false },
];
const queues = [
  { key: 'audit', title: '审计日志', count: 3, oldestAt: NOW - 3 * 3_600_000, link: '/admin/audit' },
  { key: 'feedback', title: '待处理反馈', count: 12, oldestAt: NOW - 26 * 3_600_000, link: null },
  { key: 'exchangeReview', title: '待审核兑换', count: 0, oldestAt: null, link: '/admin/review' },
];

const meta = {
  title: 'Admin/Console',
  component: HomeView,
  parameters: { route: '/admin' },
  args: { name: '管理员老王', status: 'ready', queues, error: null, now: NOW, onRetry: fn() },
  decorators: [
    (Story, ctx) => (
      <ConsoleLayoutView
        staff={(ctx.parameters.staff as typeof admin | undefined) ?? admin}
        nav={(ctx.parameters.nav as typeof adminNav | undefined) ?? adminNav}
        onSignOut={fn()}
        onSignOutEverywhere={fn()}
      >
        <Story />
      </ConsoleLayoutView>
    ),
  ],
} satisfies Meta<typeof HomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {
  ...desktop,
  play: shows(
    '工作台',
    '管理员老王',
    '角色：管理员',
    '最久已等待 1 天',
    link('去处理'),
    button('退出登录'),
    button('退出所有设备'),
  ),
};
export const HomeLoading: Story = { ...desktop, args: { status: 'loading', queues: [] }, play: shows('加载中…') };
export const HomeError: Story = {
  ...desktop,
  args: { status: 'error', queues: [], error: '服务暂不可用' },
  play: shows('工作台暂时无法加载', button('重新加载')),
};
export const HomeEmpty: Story = { ...desktop, args: { queues: [] }, play: shows('暂无待处理的队列。') };
export const SupportNav: Story = {
  ...desktop,
  parameters: { staff: support, nav: [{ path: '/admin', title: '工作台', active: true }] },
  args: { name: '客服小林', queues: [queues[1]!] },
  play: shows('角色：客服', hidden('员工账号'), hidden('去处理')),
};
export const PhoneHome: Story = { ...phone, play: shows('工作台', button('菜单')) };

export const NoPermission: Story = {
  ...desktop,
  render: () => <NoPermissionView title="员工账号" home="/admin" />,
  play: shows('无权限', /不能打开「员工账号」/, link('回到工作台')),
};
export const NotFound: Story = {
  ...desktop,
  render: () => <NotFoundView home="/admin" />,
  play: shows('页面不存在', link('回到工作台')),
};
