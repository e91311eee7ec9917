import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StaffView } from '../../src/admin/pages/staff/StaffView';
import type { StaffAccount } from '../../src/admin/flows/staff';
import { desktop, phone } from '../layout';
import { alert, button, shows, testIds } from '../play';

/** /admin/staff: the accounts, 新建员工 (credentials shown once), and changes behind a fresh code. */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const account = (id: number, extra: Partial<StaffAccount>): StaffAccount => ({
  id,
  login: 'demo.support',
  name: '客服小林',
  roles: ['support'],
  state: 'active',
  totpBound: true,
  lockedUntil: null,
  lastSignInAt: NOW - 3_600_000,
  createdAt: NOW - 86_400_000,
  ...extra,
});
const staff = [
  account(4, { login: 'demo.admin', name: '管理员老王', roles: ['admin'] }),
  account(1, {}),
  account(2, { login: 'demo.finance', name: '财务小周', roles: ['finance'], lockedUntil: NOW + 600_000 }),
  account(3, { login: 'old.hand', name: '老员工', state: 'disabled', totpBound: false, lastSignInAt: null }),
];
const action = {
  kind: 'roles' as const,
  login: 'demo.support',
  name: '客服小林',
  roles: ['support' as const],
  reason: '',
  code: '',
  busy: false,
  error: null,
};

const meta = {
  title: 'Admin/Staff',
  component: StaffView,
  parameters: { route: '/admin/staff' },
  args: {
    status: 'ready',
    staff,
    error: null,
    now: NOW,
    creating: null,
    action: null,
    credentials: null,
    onRetry: fn(),
    onOpenCreate: fn(),
    onDraft: fn(),
    onCreate: fn(),
    onCancelCreate: fn(),
    onAction: fn(),
    onActionChange: fn(),
    onConfirmAction: fn(),
    onCancelAction: fn(),
    onDismissCredentials: fn(),
  },
} satisfies Meta<typeof StaffView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  ...desktop,
  play: shows(testIds('staff-row', 4), '已停用', '已锁定', '未绑定身份验证器', button('新建员工')),
};
export const Loading: Story = { ...desktop, args: { status: 'loading', staff: [] }, play: shows('加载中…') };
export const LoadError: Story = {
  ...desktop,
  args: { status: 'error', staff: [], error: '网络错误' },
  play: shows('员工账号加载失败'),
};
export const CreateForm: Story = {
  ...desktop,
  args: { creating: { draft: { login: '', name: '', roles: [] }, busy: false, error: null } },
  play: shows(button('创建', 'disabled'), '内容运营'),
};
export const CreateRefused: Story = {
  ...desktop,
  args: {
    creating: {
      draft: { login: 'demo.admin', name: '老王', roles: ['admin'] },
      busy: false,
      error: '这个登录名已被使用',
    },
  },
  play: shows(alert('这个登录名已被使用'), button('创建', 'enabled')),
};
export const CredentialsOnce: Story = {
  ...desktop,
  args: {
    credentials: {
      staff: account(9, { login: 'xiaolin', name: '小林', totpBound: false }),
      oneTimePassword: 'Kq7-83mz-P2xa',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    },
  },
  play: shows('只显示这一次', 'Kq7-83mz-P2xa', 'JBSWY3DPEHPK3PXP', button('我已记下，关闭')),
};
export const ChangeRoles: Story = {
  ...desktop,
  args: { action },
  play: shows('修改角色：客服小林', button('保存角色', 'disabled')),
};
export const ChangeRolesReady: Story = {
  ...desktop,
  args: { action: { ...action, reason: '兼任财务', code: '123456' } },
  play: shows(button('保存角色', 'enabled')),
};
export const CodeRefused: Story = {
  ...desktop,
  args: { action: { ...action, kind: 'disable', reason: '离职', error: '动态验证码错误或已使用过，请等下一个验证码' } },
  play: shows('停用账号：客服小林', alert(/动态验证码错误/)),
};
export const Resetting: Story = {
  ...desktop,
  args: { action: { ...action, kind: 'reset', reason: '换手机', code: '123456', busy: true } },
  play: shows('重置密码与身份验证器：客服小林', button('取消', 'disabled')),
};
export const PhoneList: Story = { ...phone, play: shows(testIds('staff-row', 4)) };
