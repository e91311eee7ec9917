import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { LoginView, type LoginViewProps } from '../../src/pages/login/LoginView';
import { emptyPassword, emptySmsForm, idleSubmit, noop, PROVIDERS, QR_URL } from './fixtures';
import { desktop, phone } from '../layout';
import { shows, hidden, button, alert, presses, linkTo } from '../play';
import { LOGIN_BANNERS } from '../promo/fixtures';

/** `/login` in every state of the login machine: SMS, password and (desktop) QR. */
const meta = {
  title: 'Auth/Login',
  component: LoginView,
  parameters: { route: '/login' },
  args: {
    tab: 'sms',
    showQrTab: true,
    onTabChange: noop,
    ...emptySmsForm,
    ...emptyPassword,
    ...idleSubmit,
    qr: { status: 'loading', url: null, onRefresh: noop },
    providers: PROVIDERS,
    onSocial: noop,
    agreed: true,
    onAgreedChange: noop,
  },
} satisfies Meta<typeof LoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = { mobile: '13812345678', canSendCode: true };
const passwordFilled = { tab: 'password', mobile: '13812345678', password: 'weidou2024' } as const;
/** The QR tab showing a code in this state. */
const qrTab = (status: LoginViewProps['qr']['status'], url: string | null = QR_URL) => ({
  tab: 'qrcode' as const,
  qr: { status, url, onRefresh: noop },
});

/* ---- SMS ---- */
export const SmsIdle: Story = {
  ...desktop,
  play: shows(button('获取验证码', 'disabled'), button('登录', 'disabled'), button('微信登录')),
};
export const SmsMobileInvalid: Story = {
  ...desktop,
  args: { mobile: '1381234', errors: { mobile: '请输入 11 位手机号' } },
  play: shows(alert('请输入 11 位手机号')),
};
export const SmsMobileWrongPrefix: Story = {
  ...desktop,
  args: { mobile: '23812345678', errors: { mobile: '手机号格式不正确，应以 13–19 开头' } },
  play: shows(alert('手机号格式不正确，应以 13–19 开头'), hidden('请输入 11 位手机号')),
};
/** The code went out: where to, masked, under the code box. */
const sentTo = { codeSent: true, codeSentTo: '138****5678', canSendCode: false } as const;
export const SmsCodeSent: Story = {
  ...desktop,
  args: { ...filled, ...sentTo, resendIn: 59 },
  play: shows(button('59s 后重发', 'disabled'), '验证码已发送至 138****5678'),
};
export const SmsCodeSending: Story = {
  ...desktop,
  args: { ...filled, sendingCode: true },
  play: shows(button('发送中…', 'disabled')),
};
export const SmsResendEnabled: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 0, code: '12', errors: { code: '请输入 6 位验证码' } },
  play: shows(button('重新获取', 'enabled'), alert('请输入 6 位验证码')),
};
export const SmsReady: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 31, code: '482913', canSendCode: false, canSubmit: true },
  play: shows(button('31s 后重发', 'disabled'), button('登录', 'enabled')),
};
/** 登录即注册: the code is typed but the agreement is not ticked — 登录 waits for it. */
export const SmsConsentMissing: Story = {
  ...desktop,
  args: {
    ...filled,
    codeSent: true,
    resendIn: 31,
    code: '482913',
    canSendCode: false,
    agreed: false,
    canSubmit: false,
  },
  play: shows('未注册的手机号验证后将自动注册微豆调研账号', button('登录', 'disabled'), async (canvas) => {
    await expect(canvas.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
  }),
};
export const SmsConsentMissingPhone: Story = {
  ...phone,
  args: { ...filled, showQrTab: false, code: '482913', agreed: false, canSubmit: false },
  play: shows('未注册的手机号验证后将自动注册微豆调研账号', button('登录', 'disabled')),
};
export const SmsConsentGiven: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 31, code: '482913', canSendCode: false, agreed: true, canSubmit: true },
  play: shows(button('登录', 'enabled'), async (canvas) => {
    await expect(canvas.getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();
  }),
};
export const SmsSubmitting: Story = {
  ...desktop,
  args: { ...filled, codeSent: true, resendIn: 28, code: '482913', canSendCode: false, submitting: true },
  play: shows(button('登录中…', 'disabled')),
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
  play: shows(alert('验证码错误，请重新输入'), button('登录', 'enabled')),
};
export const SmsNoSocialProviders: Story = {
  ...desktop,
  args: { providers: [] },
  play: shows('登录', hidden('其他登录方式')),
};
export const SmsSocialPending: Story = {
  ...desktop,
  args: { socialPending: 1 },
  play: shows(button('微信登录', 'disabled'), button('QQ登录', 'disabled')),
};

/* ---- password ---- */
export const PasswordIdle: Story = {
  ...desktop,
  args: { tab: 'password' },
  play: shows('密码', button('显示密码'), button('登录', 'disabled')),
};
export const PasswordFilledVisible: Story = {
  ...desktop,
  args: { ...passwordFilled, passwordVisible: true, canSubmit: true },
  play: shows(button('隐藏密码'), button('登录', 'enabled')),
};
export const PasswordSubmitting: Story = {
  ...desktop,
  args: { ...passwordFilled, submitting: true },
  play: shows(button('登录中…', 'disabled')),
};
export const PasswordError: Story = {
  ...desktop,
  args: { ...passwordFilled, password: 'weidou2023', canSubmit: true, formError: '手机号或密码错误' },
  play: shows(alert('手机号或密码错误'), hidden('还可尝试')),
};
/** From the third wrong password the server's refusal says how many tries are left. */
export const PasswordTriesLeft: Story = {
  ...desktop,
  args: { ...passwordFilled, password: 'weidou2023', canSubmit: true, formError: '手机号或密码错误，还可尝试 2 次' },
  play: shows(alert('手机号或密码错误，还可尝试 2 次')),
};
/** Locked after too many wrong passwords: the wait counts down; SMS login is a button away. */
const locked = { ...passwordFilled, lockSeconds: 899, onUseSms: fn() };
export const PasswordLocked: Story = {
  ...desktop,
  args: locked,
  play: presses(
    '改用短信验证码登录',
    'onUseSms',
    alert('密码错误次数过多，密码登录已暂停。14 分 59 秒后可再试'),
    button('登录', 'disabled'),
  ),
};
export const PasswordLockedLastSeconds: Story = {
  ...desktop,
  args: { ...locked, lockSeconds: 8 },
  play: shows(alert('8 秒后可再试'), hidden(/\d+ 分/)),
};

/* ---- QR (desktop only) ---- */
export const QrLoading: Story = { ...desktop, args: { tab: 'qrcode' }, play: shows('正在生成二维码…') };
export const QrWaiting: Story = {
  ...desktop,
  args: qrTab('waiting'),
  play: shows(/使用扫一扫扫描二维码登录/, hidden('正在生成二维码…')),
};
export const QrScanned: Story = {
  ...desktop,
  args: qrTab('scanned'),
  play: shows('已扫描，请在手机上确认'),
};
export const QrConfirmed: Story = {
  ...desktop,
  args: qrTab('confirmed'),
  play: shows('登录成功'),
};
export const QrRefused: Story = {
  ...desktop,
  args: qrTab('refused'),
  play: shows('已取消，点击刷新', button('刷新二维码')),
};
export const QrExpired: Story = {
  ...desktop,
  args: qrTab('expired'),
  play: shows('二维码已失效，点击刷新', button('刷新二维码')),
};
export const QrError: Story = {
  ...desktop,
  args: qrTab('error', null),
  play: shows('二维码加载失败', button('重新加载')),
};

/* ---- phone: SMS and password only ---- */
export const PhoneSmsIdle: Story = {
  ...phone,
  args: { showQrTab: false },
  play: shows(button('获取验证码', 'disabled'), hidden('扫码登录')),
};
export const PhoneSmsCodeSent: Story = {
  ...phone,
  args: { showQrTab: false, ...filled, ...sentTo, resendIn: 59 },
  play: shows(button('59s 后重发', 'disabled'), '验证码已发送至 138****5678', hidden('扫码登录')),
};
export const PhonePassword: Story = {
  ...phone,
  args: { showQrTab: false, ...passwordFilled, canSubmit: true },
  play: shows(button('显示密码'), button('登录', 'enabled')),
};
export const PhonePasswordSubmitting: Story = {
  ...phone,
  args: { showQrTab: false, ...passwordFilled, submitting: true },
  play: shows(button('登录中…', 'disabled')),
};
export const PhonePasswordLocked: Story = {
  ...phone,
  args: { showQrTab: false, ...locked, lockSeconds: 600 },
  play: presses('改用短信验证码登录', 'onUseSms', alert('10 分 0 秒后可再试')),
};

/* ---- login banners ---- */
/** Desktop: the operator's login picture in the brand panel, instead of its perks. */
export const WithBanner: Story = {
  ...desktop,
  args: { banners: LOGIN_BANNERS },
  play: shows(
    linkTo('认真答问卷，每一份意见都有回报', '/product'),
    hidden('海量调研任务'),
    button('获取验证码', 'disabled'),
  ),
};
/** Phones have no brand panel: the picture sits above the form. */
export const WithBannerPhone: Story = {
  ...phone,
  args: { banners: LOGIN_BANNERS, showQrTab: false },
  play: shows(linkTo('认真答问卷，每一份意见都有回报', '/product'), '欢迎登录微豆调研'),
};
/** Phones while the banners' call is out: the picture's place is kept, so the form does not jump down. */
export const BannersLoadingPhone: Story = {
  ...phone,
  args: { bannersLoading: true, showQrTab: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('banner-placeholder')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: '欢迎登录微豆调研' })).toBeVisible();
  },
};
/** None published: the brand panel's own perks. */
export const WithoutBanner: Story = {
  ...desktop,
  play: shows('海量调研任务', '微豆兑好礼'),
};
