import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UserView, type UserViewProps } from '../../src/pages/user/UserView';
import { desktop, homePage, phone } from '../layout';
import { alert, button, hidden, noButton, shows, type Check } from '../play';

/** A choice (radio) by its name. */
const radio =
  (name: string): Check =>
  async (canvas) => {
    await expect(await canvas.findAllByRole('radio', { name, hidden: true })).not.toHaveLength(0);
  };
import { baseArgs, socialOnly, withEmail, withMobile, withPassword } from './userFixtures';

/**
 * `/home/user` 账号与安全: every state of 更换手机号 (machines/mobileChange.ts), 设置 / 修改登录密码
 * (passwordChange.ts) and 绑定邮箱 (emailBind.ts), as their panels show them.
 */
const meta = {
  title: 'Pages/UserSecurity',
  component: UserView,
  ...homePage('/home/user'),
  args: baseArgs(),
} satisfies Meta<typeof UserView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Shows `checks`, then presses `name` (a button; the 验证方式 choices 用… are radios) and expects the
 * panel's `handler` to be called.
 */
const pressesIn =
  (
    panel: 'mobile' | 'password' | 'email',
    handler: string,
    name: string | RegExp,
    ...checks: (string | RegExp | Check)[]
  ) =>
  async (context: { canvasElement: HTMLElement; args: UserViewProps }) => {
    await shows(...checks)(context);
    const canvas = within(context.canvasElement);
    const [found] = await canvas.findAllByRole(typeof name === 'string' && name.startsWith('用') ? 'radio' : 'button', {
      name,
    });
    await userEvent.click(found!);
    await expect((context.args[panel] as unknown as Record<string, unknown>)[handler]).toHaveBeenCalled();
  };

/* ---- 更换手机号 ---- */

const verifyOld = { step: 'verifyOld', canRequestCode: true, canCancel: true } as const;
const enterNew = { step: 'enterNew', canCancel: true, code: '', mobile: '' } as const;

export const MobileClosed: Story = {
  ...desktop,
  play: pressesIn('mobile', 'onStart', '更换手机号', '用于登录和接收验证码'),
};

export const MobileVerifyOld: Story = {
  ...desktop,
  args: withMobile(verifyOld),
  play: pressesIn(
    'mobile',
    'onRequestCode',
    '获取验证码',
    '验证原手机号',
    '先验证当前手机号 138****6601，验证码将发送到这个号码。',
    button('下一步', 'disabled'),
  ),
};

export const MobileVerifyOldSending: Story = {
  ...desktop,
  args: withMobile({ ...verifyOld, canRequestCode: false, sendingCode: true }),
  play: shows(button('发送中…', 'disabled')),
};

export const MobileVerifyOldCodeSent: Story = {
  ...phone,
  args: withMobile({
    ...verifyOld,
    canRequestCode: false,
    codeSent: true,
    countdown: 57,
    codeSentTo: '138****6601',
    code: '482913',
    canSubmit: true,
  }),
  play: pressesIn('mobile', 'onSubmit', '下一步', '验证码已发送至 138****6601', button('57s 后重发', 'disabled')),
};

export const MobileVerifyOldTooOften: Story = {
  ...desktop,
  args: withMobile({ ...verifyOld, error: '发送太频繁，请 42 秒后再试' }),
  play: shows(alert('发送太频繁，请 42 秒后再试'), button('获取验证码', 'enabled')),
};

export const MobileCheckingOld: Story = {
  ...desktop,
  args: withMobile({
    ...verifyOld,
    step: 'checkingOld',
    busy: true,
    code: '482913',
    canRequestCode: false,
    canCancel: false,
  }),
  play: shows(button(/验证中/, 'disabled'), noButton('取消')),
};

export const MobileWrongOldCode: Story = {
  ...desktop,
  args: withMobile({ ...verifyOld, code: '482910', canSubmit: true, error: '验证码错误或已失效' }),
  play: shows(alert('验证码错误或已失效'), button('下一步', 'enabled')),
};

export const MobileEnterNew: Story = {
  ...desktop,
  args: withMobile(enterNew),
  play: shows(
    '绑定新手机号',
    '原手机号已验证。请输入新手机号，验证码将发送到新号码。',
    button('获取验证码', 'disabled'),
    button('确认更换', 'disabled'),
  ),
};

export const MobileEnterNewInvalid: Story = {
  ...phone,
  args: withMobile({ ...enterNew, mobile: '1201234567', fieldErrors: { mobile: '请输入 11 位手机号' } }),
  play: shows(alert('请输入 11 位手机号')),
};

export const MobileEnterNewReady: Story = {
  ...desktop,
  args: withMobile({
    ...enterNew,
    mobile: '13912345678',
    code: '305117',
    codeSent: true,
    countdown: 31,
    codeSentTo: '139****5678',
    canSubmit: true,
  }),
  play: pressesIn('mobile', 'onSubmit', '确认更换', '验证码已发送至 139****5678'),
};

export const MobileNewTaken: Story = {
  ...desktop,
  args: withMobile({ ...enterNew, mobile: '13912345678', canRequestCode: true, error: '该手机号已绑定其他账号' }),
  play: shows(alert('该手机号已绑定其他账号'), button('获取验证码', 'enabled')),
};

export const MobileTicketExpired: Story = {
  ...desktop,
  args: withMobile({ ...verifyOld, error: '原手机号验证已失效，请重新验证原手机号' }),
  play: shows(alert('原手机号验证已失效，请重新验证原手机号'), '验证原手机号'),
};

export const MobileSubmitting: Story = {
  ...desktop,
  args: withMobile({
    ...enterNew,
    step: 'submitting',
    busy: true,
    mobile: '13912345678',
    code: '305117',
    canCancel: false,
  }),
  play: shows(button(/提交中/, 'disabled')),
};

export const MobileDone: Story = {
  ...desktop,
  args: withMobile({ step: 'done', newMobile: '139****5678', canClose: true, current: '139****5678' }),
  play: pressesIn('mobile', 'onClose', '完成', '手机号已更换为 139****5678，下次请用新手机号登录'),
};

export const MobileFirstBind: Story = {
  ...phone,
  args: withMobile({ ...enterNew, firstBind: true }, baseArgs(socialOnly)),
  play: shows('绑定后可用这个手机号登录。', button('确认绑定', 'disabled'), hidden('验证原手机号')),
};

export const MobileFirstBindDone: Story = {
  ...desktop,
  args: withMobile({ step: 'done', firstBind: true, newMobile: '139****5678', canClose: true }, baseArgs(socialOnly)),
  play: shows('手机号已绑定为 139****5678，下次请用新手机号登录'),
};

/* ---- 登录密码 ---- */

const editing = { step: 'editing', canCancel: true } as const;

export const PasswordClosed: Story = {
  ...desktop,
  play: pressesIn('password', 'onStart', '修改登录密码', '已设置', '修改后其他设备需要用新密码重新登录'),
};

export const PasswordByOldPassword: Story = {
  ...desktop,
  args: withPassword({ ...editing, canSwitchMethod: true }),
  play: pressesIn(
    'password',
    'onSwitchMethod',
    '用短信验证码验证',
    '用原密码验证',
    '8–20 位，需同时包含字母和数字',
    button('确认修改', 'disabled'),
  ),
};

export const PasswordBySms: Story = {
  ...desktop,
  args: withPassword({ ...editing, method: 'sms', canSwitchMethod: true, canRequestCode: true }),
  play: pressesIn('password', 'onRequestCode', '获取验证码', '验证码将发送到 138****6601'),
};

export const PasswordBySmsCodeSent: Story = {
  ...phone,
  args: withPassword({
    ...editing,
    method: 'sms',
    canSwitchMethod: true,
    codeSent: true,
    countdown: 48,
    codeSentTo: '138****6601',
    code: '771203',
    password: 'Bean2030x',
    confirm: 'Bean2030x',
    canSubmit: true,
  }),
  play: pressesIn('password', 'onSubmit', '确认修改', '验证码已发送至 138****6601', button('48s 后重发', 'disabled')),
};

export const PasswordFieldErrors: Story = {
  ...desktop,
  args: withPassword({
    ...editing,
    oldPassword: 'old-pass',
    password: 'short',
    confirm: 'shorter',
    fieldErrors: { password: '密码需 8–20 位，包含字母和数字', confirm: '两次输入的密码不一致' },
  }),
  play: shows(alert('密码需 8–20 位，包含字母和数字'), alert('两次输入的密码不一致'), button('确认修改', 'disabled')),
};

export const PasswordWrongOld: Story = {
  ...desktop,
  args: withPassword({ ...editing, canSwitchMethod: true, error: '原密码错误，还可尝试 2 次' }),
  play: shows(alert('原密码错误，还可尝试 2 次')),
};

export const PasswordOldLocked: Story = {
  ...desktop,
  args: withPassword({
    ...editing,
    canSwitchMethod: true,
    error: '原密码错误次数过多，请 15 分钟后再试，或改用短信验证',
  }),
  play: shows(alert('原密码错误次数过多，请 15 分钟后再试，或改用短信验证'), radio('用短信验证码验证')),
};

export const PasswordVerifying: Story = {
  ...desktop,
  args: withPassword({ ...editing, step: 'verifying', method: 'sms', busy: true, canCancel: false, code: '771203' }),
  play: shows(button(/提交中/, 'disabled'), noButton('取消')),
};

export const PasswordSubmitting: Story = {
  ...desktop,
  args: withPassword({ ...editing, step: 'submitting', busy: true, canCancel: false }),
  play: shows(button(/提交中/, 'disabled')),
};

export const PasswordChanged: Story = {
  ...desktop,
  args: withPassword({ step: 'done', canClose: true }),
  play: pressesIn('password', 'onClose', '完成', '登录密码已修改，其他设备需要用新密码重新登录'),
};

export const PasswordFirstSet: Story = {
  ...phone,
  args: withPassword(
    { ...editing, firstPassword: true, method: 'sms', canRequestCode: true },
    baseArgs({ ...baseArgs().account!, hasPassword: false }),
  ),
  play: shows('先验证手机号 138****6601', button('设置密码', 'disabled'), hidden('用原密码验证')),
};

export const PasswordFirstSetDone: Story = {
  ...desktop,
  args: withPassword({ step: 'done', firstPassword: true, canClose: true }),
  play: shows('登录密码已设置，其他设备需要用新密码重新登录'),
};

export const PasswordNoMobile: Story = {
  ...desktop,
  args: withPassword({ ...editing, method: 'old' }, baseArgs({ ...socialOnly, hasPassword: true })),
  play: shows('先输入原密码', hidden('用短信验证码验证')),
};

/* ---- 邮箱 ---- */

const emailEditing = { step: 'editing', canCancel: true } as const;

export const EmailClosed: Story = {
  ...desktop,
  play: pressesIn('email', 'onStart', '绑定邮箱', '用于接收兑换凭证等重要通知'),
};

export const EmailEditing: Story = {
  ...desktop,
  args: withEmail({ ...emailEditing, email: 'bean@example.com', canRequestCode: true }),
  play: pressesIn('email', 'onRequestCode', '获取验证码', button('确认绑定', 'disabled')),
};

export const EmailInvalid: Story = {
  ...phone,
  args: withEmail({ ...emailEditing, email: 'bean@', fieldErrors: { email: '请输入正确的邮箱地址' } }),
  play: shows(alert('请输入正确的邮箱地址'), button('获取验证码', 'disabled')),
};

export const EmailSending: Story = {
  ...desktop,
  args: withEmail({ ...emailEditing, email: 'bean@example.com', sendingCode: true }),
  play: shows(button('发送中…', 'disabled')),
};

export const EmailCodeSent: Story = {
  ...desktop,
  args: withEmail({
    ...emailEditing,
    email: 'bean@example.com',
    code: '640022',
    codeSent: true,
    countdown: 52,
    codeSentTo: 'be***@example.com',
    canSubmit: true,
  }),
  play: pressesIn(
    'email',
    'onSubmit',
    '确认绑定',
    '验证码已发送至 be***@example.com',
    button('52s 后重发', 'disabled'),
  ),
};

export const EmailSubmitting: Story = {
  ...desktop,
  args: withEmail({
    ...emailEditing,
    step: 'submitting',
    busy: true,
    email: 'bean@example.com',
    code: '640022',
    canCancel: false,
  }),
  play: shows(button(/提交中/, 'disabled')),
};

export const EmailTaken: Story = {
  ...desktop,
  args: withEmail({
    ...emailEditing,
    email: 'bean@example.com',
    code: '640022',
    canSubmit: true,
    error: '该邮箱已绑定其他账号',
  }),
  play: shows(alert('该邮箱已绑定其他账号')),
};

export const EmailWrongCode: Story = {
  ...phone,
  args: withEmail({
    ...emailEditing,
    email: 'bean@example.com',
    code: '640021',
    canSubmit: true,
    error: '验证码错误或已失效',
  }),
  play: shows(alert('验证码错误或已失效')),
};

export const EmailDone: Story = {
  ...desktop,
  args: withEmail({ step: 'done', boundEmail: 'be***@example.com', canClose: true, current: 'be***@example.com' }),
  play: pressesIn('email', 'onClose', '完成', '邮箱已绑定为 be***@example.com'),
};

export const EmailChange: Story = {
  ...desktop,
  args: withEmail({ ...emailEditing, current: 'be***@example.com' }),
  play: shows('be***@example.com', button('确认更换', 'disabled')),
};
