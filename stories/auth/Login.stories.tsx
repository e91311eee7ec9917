import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoginView } from '../../src/pages/login/LoginView';
import { desktop, noop, phone, PROVIDERS, QR_URL } from './fixtures';

/** `/login` in every state of the login machine: SMS, password and (desktop) QR. */
const meta = {
  title: 'Auth/Login',
  component: LoginView,
  parameters: { route: '/login' },
  args: {
    tab: 'sms',
    showQrTab: true,
    onTabChange: noop,
    mobile: '',
    onMobileChange: noop,
    code: '',
    onCodeChange: noop,
    password: '',
    onPasswordChange: noop,
    passwordVisible: false,
    onTogglePasswordVisible: noop,
    resendIn: 0,
    codeSent: false,
    sendingCode: false,
    canSendCode: false,
    onSendCode: noop,
    canSubmit: false,
    submitting: false,
    onSubmit: noop,
    qr: { status: 'loading', url: null, onRefresh: noop },
    providers: PROVIDERS,
    onSocial: noop,
  },
} satisfies Meta<typeof LoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = { mobile: '13812345678', canSendCode: true };

/* ---- SMS ---- */
export const SmsIdle: Story = { ...desktop };
export const SmsMobileInvalid: Story = {
  ...desktop,
  args: { mobile: '1381234', errors: { mobile: '请输入 11 位手机号' } },
};
export const SmsCodeSent: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 59, canSendCode: false },
};
export const SmsCodeSending: Story = { ...desktop, args: { ...filled, sendingCode: true } };
export const SmsResendEnabled: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 0, code: '12', errors: { code: '请输入 6 位验证码' } },
};
export const SmsReady: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 31, code: '482913', canSendCode: false, canSubmit: true },
};
export const SmsSubmitting: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 28, code: '482913', canSendCode: false, submitting: true },
};
export const SmsError: Story = {
  ...desktop,
  args: {
    ...filled,
    codeSent: true,
    resendIn: 12,
    code: '482914',
    canSendCode: false,
    canSubmit: true,
    formError: '验证码错误，请重新输入',
  },
};
export const SmsNoSocialProviders: Story = { ...desktop, args: { providers: [] } };
export const SmsSocialPending: Story = { ...desktop, args: { socialPending: 1 } };

/* ---- password ---- */
export const PasswordIdle: Story = { ...desktop, args: { tab: 'password' } };
export const PasswordFilledVisible: Story = {
  ...desktop,
  args: { tab: 'password', mobile: '13812345678', password: 'weidou2024', passwordVisible: true, canSubmit: true },
};
export const PasswordSubmitting: Story = {
  ...desktop,
  args: { tab: 'password', mobile: '13812345678', password: 'weidou2024', submitting: true },
};
export const PasswordError: Story = {
  ...desktop,
  args: {
    tab: 'password',
    mobile: '13812345678',
    password: 'weidou2023',
    canSubmit: true,
    formError: '手机号或密码错误，还可尝试 4 次',
  },
};

/* ---- QR (desktop only) ---- */
export const QrLoading: Story = { ...desktop, args: { tab: 'qrcode' } };
export const QrWaiting: Story = {
  ...desktop,
  args: { tab: 'qrcode', qr: { status: 'waiting', url: QR_URL, onRefresh: noop } },
};
export const QrScanned: Story = {
  ...desktop,
  args: { tab: 'qrcode', qr: { status: 'scanned', url: QR_URL, onRefresh: noop } },
};
export const QrConfirmed: Story = {
  ...desktop,
  args: { tab: 'qrcode', qr: { status: 'confirmed', url: QR_URL, onRefresh: noop } },
};
export const QrRefused: Story = {
  ...desktop,
  args: { tab: 'qrcode', qr: { status: 'refused', url: QR_URL, onRefresh: noop } },
};
export const QrExpired: Story = {
  ...desktop,
  args: { tab: 'qrcode', qr: { status: 'expired', url: QR_URL, onRefresh: noop } },
};
export const QrError: Story = {
  ...desktop,
  args: { tab: 'qrcode', qr: { status: 'error', url: null, onRefresh: noop } },
};

/* ---- phone: SMS and password only ---- */
export const PhoneSmsIdle: Story = { ...phone, args: { showQrTab: false } };
export const PhoneSmsCodeSent: Story = {
  ...phone,
  args: { showQrTab: false, ...filled, codeSent: true, resendIn: 59, canSendCode: false },
};
export const PhonePassword: Story = {
  ...phone,
  args: { showQrTab: false, tab: 'password', mobile: '13812345678', password: 'weidou2024', canSubmit: true },
};
export const PhonePasswordSubmitting: Story = {
  ...phone,
  args: { showQrTab: false, tab: 'password', mobile: '13812345678', password: 'weidou2024', submitting: true },
};
