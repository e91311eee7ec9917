import type { Meta, StoryObj } from '@storybook/react-vite';
import { RegisterView } from '../../src/pages/register/RegisterView';
import { emptyPassword, emptySmsForm, idleSubmit, noop } from './fixtures';
import { desktop, phone } from '../layout';
import { shows, hidden, button, alert, linkTo } from '../play';

/** `/register`: consent gates the button; an invite link locks the invite code. */
const meta = {
  title: 'Auth/Register',
  component: RegisterView,
  parameters: { route: '/register' },
  args: {
    ...emptySmsForm,
    ...emptyPassword,
    inviteCode: '',
    onInviteCodeChange: noop,
    inviteLocked: false,
    agreed: false,
    onAgreedChange: noop,
    ...idleSubmit,
  },
} satisfies Meta<typeof RegisterView>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = {
  mobile: '13812345678',
  code: '482913',
  password: 'weidou2024',
  codeSent: true,
  resendIn: 42,
};

export const Idle: Story = { ...desktop, play: shows(button('获取验证码', 'disabled'), button('注册', 'disabled')) };
export const ConsentUncheckedSubmitDisabled: Story = {
  ...desktop,
  args: { ...filled, agreed: false, canSubmit: false },
  play: shows('请先阅读并同意用户协议和隐私政策', button('注册', 'disabled')),
};
export const Ready: Story = {
  ...desktop,
  args: { ...filled, agreed: true, canSubmit: true },
  play: shows(button('注册', 'enabled'), hidden('请先阅读并同意用户协议和隐私政策')),
};
export const CodeSent: Story = {
  ...desktop,
  args: { mobile: '13812345678', codeSent: true, codeSentTo: '138****5678', resendIn: 59 },
  play: shows(button('59s 后重发', 'disabled'), '验证码已发送至 138****5678'),
};
export const ResendEnabled: Story = {
  ...desktop,
  args: { mobile: '13812345678', codeSent: true, resendIn: 0, canSendCode: true },
  play: shows(button('重新获取', 'enabled')),
};
export const FieldErrors: Story = {
  ...desktop,
  args: {
    mobile: '1381234',
    code: '48',
    password: 'abc',
    errors: {
      mobile: '请输入 11 位手机号',
      code: '请输入 6 位验证码',
      password: '密码需 8–20 位，包含字母和数字',
      agreement: '请先阅读并同意用户协议和隐私政策',
    },
  },
  play: shows(alert('请输入 11 位手机号'), alert('请输入 6 位验证码'), alert('密码需 8–20 位，包含字母和数字')),
};
export const InvitePrefilled: Story = {
  ...desktop,
  parameters: { route: '/register?invite=WD8K2Q' },
  args: { inviteCode: 'WD8K2Q', inviteLocked: true },
  play: shows('邀请码来自好友的邀请链接'),
};
export const Submitting: Story = {
  ...desktop,
  args: { ...filled, agreed: true, submitting: true, inviteCode: 'WD8K2Q', inviteLocked: true },
  play: shows(button('注册中…', 'disabled')),
};
export const ServerError: Story = {
  ...desktop,
  args: { ...filled, agreed: true, canSubmit: true, formError: '该手机号已注册，请直接登录' },
  play: shows(alert('该手机号已注册，请直接登录')),
};
/** The mobile has an account: the refusal, and 去登录 with the mobile carried. */
export const MobileRegistered: Story = {
  ...phone,
  args: {
    ...filled,
    agreed: true,
    canSubmit: true,
    formError: '该手机号已注册',
    registeredLoginPath: '/login?mobile=13800138000',
  },
  play: shows(alert('该手机号已注册'), linkTo('去登录', '/login?mobile=13800138000')),
};
export const PhoneIdle: Story = { ...phone, play: shows(button('注册', 'disabled')) };
export const PhoneInvitePrefilled: Story = {
  ...phone,
  args: { ...filled, inviteCode: 'WD8K2Q', inviteLocked: true, agreed: true, canSubmit: true },
  play: shows('邀请码来自好友的邀请链接', button('注册', 'enabled')),
};
