import type { Meta, StoryObj } from '@storybook/react-vite';
import { ThirdLoginView } from '../../src/pages/login-third/ThirdLoginView';
import { desktop, noop, phone } from './fixtures';

/** `/login/third` (behind the /open/… callbacks): exchanging → logged in, or needsBind → binding, or error. */
const meta = {
  title: 'Auth/ThirdLogin',
  component: ThirdLoginView,
  parameters: { route: '/open/wechat/callback?code=abc&state=xyz' },
  args: { status: 'exchanging', platformName: '微信' },
} satisfies Meta<typeof ThirdLoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

const bind = {
  nickname: '橙子味的夏天',
  avatar: null,
  mode: 'bind' as const,
  onModeChange: noop,
  mobile: '',
  onMobileChange: noop,
  code: '',
  onCodeChange: noop,
  agreed: false,
  onAgreedChange: noop,
  resendIn: 0,
  codeSent: false,
  sendingCode: false,
  canSendCode: false,
  onSendCode: noop,
  canSubmit: false,
  submitting: false,
  onSubmit: noop,
};

export const Exchanging: Story = { ...desktop };
export const LoggedIn: Story = { ...desktop, args: { status: 'loggedIn' } };
export const NeedsBind: Story = { ...desktop, args: { status: 'needsBind', bind } };
export const NeedsBindCodeSent: Story = {
  ...desktop,
  args: {
    status: 'needsBind',
    bind: { ...bind, mobile: '13812345678', codeSent: true, resendIn: 59, code: '482913', canSubmit: true },
  },
};
export const Binding: Story = {
  ...desktop,
  args: {
    status: 'needsBind',
    bind: { ...bind, mobile: '13812345678', codeSent: true, resendIn: 40, code: '482913', submitting: true },
  },
};
export const BindRefused: Story = {
  ...desktop,
  args: {
    status: 'needsBind',
    bind: {
      ...bind,
      mobile: '13812345678',
      codeSent: true,
      code: '482914',
      canSubmit: true,
      formError: '验证码错误，请重新输入',
    },
  },
};
export const RegisterNew: Story = {
  ...desktop,
  args: { status: 'needsBind', platformName: 'QQ', bind: { ...bind, mode: 'register', nickname: null } },
};
export const Registering: Story = {
  ...desktop,
  args: {
    status: 'needsBind',
    platformName: '微博',
    bind: {
      ...bind,
      mode: 'register',
      mobile: '13812345678',
      code: '482913',
      agreed: true,
      codeSent: true,
      resendIn: 30,
      submitting: true,
    },
  },
};
export const ErrorStateReplayed: Story = {
  ...desktop,
  args: { status: 'error', platformName: '支付宝', error: '授权已使用或已过期，请返回登录页重新发起。' },
};
export const PhoneExchanging: Story = { ...phone };
export const PhoneNeedsBind: Story = {
  ...phone,
  args: { status: 'needsBind', bind: { ...bind, mobile: '13812345678' } },
};
export const PhoneError: Story = { ...phone, args: { status: 'error', error: '网络错误' } };

/* ---- a logged-in member binding from the personal centre ---- */
export const BindPurposeExchanging: Story = { ...desktop, args: { purpose: 'bind' } };
export const BindPurposeDone: Story = { ...desktop, args: { purpose: 'bind', status: 'loggedIn', platformName: 'QQ' } };
export const BindPurposeError: Story = {
  ...desktop,
  args: { purpose: 'bind', status: 'error', error: '该微信账号已绑定其他微豆账号' },
};
