import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SignInView } from '../../src/admin/pages/sign-in/SignInView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, shows } from '../play';

/** /admin/sign-in: password, then the authenticator code; the first sign-in binds it and sets a new password. */
const base = {
  step: 'password' as const,
  busy: false,
  login: '',
  password: '',
  code: '',
  newPassword: '',
  confirm: '',
  totpSetup: null,
  mustChangePassword: false,
  newPasswordProblem: null,
  confirmMismatch: false,
  canSubmit: false,
  error: null,
};

const meta = {
  title: 'Admin/SignIn',
  component: SignInView,
  parameters: { route: '/admin/sign-in' },
  args: { ...base, onInput: fn(), onSubmit: fn(), onBack: fn() },
} satisfies Meta<typeof SignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

const setup = {
  otpauthUri: 'otpauth://totp/%E5%BE%AE%E8%B1%86:xiaolin?secret=JBSWY3DPEHPK3PXP&issuer=weidou',
  secret: 'JBSWY3DPEHPK3PXP',
};

export const Password: Story = { ...desktop, play: shows('员工登录', button('下一步', 'disabled')) };
export const PasswordFilled: Story = {
  ...desktop,
  args: { login: 'demo.admin', password: 'weidou-admin-2030', canSubmit: true },
  play: shows(button('下一步', 'enabled')),
};
export const Checking: Story = {
  ...desktop,
  args: { login: 'demo.admin', password: 'x', busy: true },
  play: shows(button(/正在核对/, 'disabled')),
};
export const WrongCredentials: Story = {
  ...desktop,
  args: { login: 'demo.admin', error: '登录名或密码错误' },
  play: shows(alert('登录名或密码错误')),
};
export const Locked: Story = {
  ...desktop,
  args: { login: 'demo.admin', error: '错误次数过多，账号已锁定，请 12 分钟后再试' },
  play: shows(alert(/请 12 分钟后再试/)),
};
export const TicketExpired: Story = {
  ...desktop,
  args: { login: 'demo.admin', error: '登录已超时，请重新输入登录名和密码' },
  play: shows(alert(/登录已超时/), button('下一步')),
};
export const Code: Story = {
  ...desktop,
  args: { step: 'code' },
  play: shows(
    '输入身份验证器上的动态验证码',
    button('登录', 'disabled'),
    button('返回重新输入密码'),
    hidden('首次登录：绑定身份验证器'),
  ),
};
export const CodeWrong: Story = {
  ...desktop,
  args: { step: 'code', error: '动态验证码错误或已使用过，请等下一个验证码' },
  play: shows(alert(/动态验证码错误或已使用过/)),
};
export const Verifying: Story = {
  ...desktop,
  args: { step: 'code', code: '123456', busy: true },
  play: shows(button(/正在登录/, 'disabled')),
};
export const FirstSignIn: Story = {
  ...desktop,
  args: { step: 'code', totpSetup: setup, mustChangePassword: true },
  play: shows('首次登录：绑定身份验证器', 'JBSW Y3DP EHPK 3PXP', '请设置新密码（10–64 位，需同时包含字母和数字）。'),
};
export const FirstSignInWeakPassword: Story = {
  ...desktop,
  args: {
    step: 'code',
    totpSetup: setup,
    mustChangePassword: true,
    newPassword: 'short',
    newPasswordProblem: '密码至少 10 位',
    confirm: 'shorter',
    confirmMismatch: true,
  },
  play: shows(alert('密码至少 10 位'), alert('两次输入的密码不一致'), button('登录', 'disabled')),
};
export const PhoneFirstSignIn: Story = {
  ...phone,
  args: { step: 'code', totpSetup: setup, mustChangePassword: true },
  play: shows('首次登录：绑定身份验证器', button('登录', 'disabled')),
};
