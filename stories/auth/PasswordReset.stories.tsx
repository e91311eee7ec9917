import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordResetView } from '../../src/pages/password/PasswordResetView';
import { emptyPassword, emptySmsForm, noop } from './fixtures';
import { desktop, phone } from '../layout';
import { shows, button, link, alert } from '../play';

/** `/password` 找回密码: mobile → code → new password twice → done. */
const meta = {
  title: 'Auth/PasswordReset',
  component: PasswordResetView,
  parameters: { route: '/password' },
  args: {
    step: 'mobile',
    ...emptySmsForm,
    ...emptyPassword,
    confirm: '',
    onConfirmChange: noop,
    canNext: false,
    onNext: noop,
    onBack: noop,
    submitting: false,
  },
} satisfies Meta<typeof PasswordResetView>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { mobile: '13812345678', codeSentTo: '138****5678' };
/** The last step with the new password typed twice. */
const newPassword = {
  ...mobile,
  step: 'password',
  code: '482913',
  password: 'weidou2024',
  confirm: 'weidou2024',
} as const;

export const MobileIdle: Story = { ...desktop, play: shows('1. 验证手机号', button('获取验证码', 'disabled')) };
export const MobileInvalid: Story = {
  ...desktop,
  args: { mobile: '138', errors: { mobile: '请输入 11 位手机号' } },
  play: shows(alert('请输入 11 位手机号')),
};
export const MobileReady: Story = {
  ...desktop,
  args: { ...mobile, canNext: true, canSendCode: true },
  play: shows(button('获取验证码', 'enabled')),
};
export const MobileSending: Story = {
  ...desktop,
  args: { ...mobile, sendingCode: true },
  play: shows(button('发送中…', 'disabled')),
};
export const CodeCountdown: Story = {
  ...desktop,
  args: { ...mobile, step: 'code', codeSent: true, resendIn: 59 },
  play: shows(/验证码已发送至 138\*\*\*\*5678/, button('59s 后重发', 'disabled'), button('下一步', 'disabled')),
};
export const CodeResendEnabled: Story = {
  ...desktop,
  args: {
    ...mobile,
    step: 'code',
    codeSent: true,
    resendIn: 0,
    canSendCode: true,
    code: '4829',
    errors: { code: '请输入 6 位验证码' },
  },
  play: shows(button('重新获取', 'enabled'), alert('请输入 6 位验证码')),
};
export const CodeReady: Story = {
  ...desktop,
  args: { ...mobile, step: 'code', codeSent: true, resendIn: 21, code: '482913', canNext: true },
  play: shows(button('下一步', 'enabled')),
};
export const PasswordStep: Story = {
  ...desktop,
  args: { ...newPassword, canNext: true },
  play: shows('确认新密码', button('确认重置', 'enabled')),
};
export const PasswordMismatch: Story = {
  ...desktop,
  args: { ...newPassword, confirm: 'weidou2025', passwordVisible: true, errors: { confirm: '两次输入的密码不一致' } },
  play: shows(alert('两次输入的密码不一致'), button('确认重置', 'disabled')),
};
export const PasswordTooWeak: Story = {
  ...desktop,
  args: { ...mobile, step: 'password', password: '12345678', errors: { password: '密码需 8–20 位，包含字母和数字' } },
  play: shows(alert('密码需 8–20 位，包含字母和数字')),
};
export const Submitting: Story = {
  ...desktop,
  args: { ...newPassword, submitting: true },
  play: shows(button('提交中…', 'disabled'), button('上一步', 'disabled')),
};
export const ServerError: Story = {
  ...desktop,
  args: { ...newPassword, canNext: true, formError: '验证码错误或已过期，请返回上一步重新获取' },
  play: shows(alert('验证码错误或已过期，请返回上一步重新获取')),
};
export const Done: Story = { ...desktop, args: { step: 'done' }, play: shows('密码已重置', link('去登录')) };
export const PhoneCode: Story = {
  ...phone,
  args: { ...mobile, step: 'code', codeSent: true, resendIn: 37 },
  play: shows(button('37s 后重发', 'disabled')),
};
export const PhoneDone: Story = { ...phone, args: { step: 'done' }, play: shows('密码已重置', link('去登录')) };
