import type { Meta, StoryObj } from '@storybook/react-vite';
import { ThirdLoginView } from '../../src/pages/third-login/ThirdLoginView';
import { emptySmsForm, idleSubmit, noop } from './fixtures';
import { desktop, phone } from '../layout';
import { shows, button, link, linkTo, alert } from '../play';

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
  ...emptySmsForm,
  agreed: false,
  onAgreedChange: noop,
  ...idleSubmit,
};

export const Exchanging: Story = { ...desktop, play: shows('正在登录…', '正在与微信确认你的授权，请稍候') };
export const LoggedIn: Story = { ...desktop, args: { status: 'loggedIn' }, play: shows('登录成功') };
export const NeedsBind: Story = {
  ...desktop,
  args: { status: 'needsBind', bind },
  play: shows('首次使用第三方账号登录，请先关联手机号', button('绑定并登录', 'disabled')),
};
export const NeedsBindCodeSent: Story = {
  ...desktop,
  args: {
    status: 'needsBind',
    bind: {
      ...bind,
      mobile: '13812345678',
      codeSent: true,
      codeSentTo: '138****5678',
      resendIn: 59,
      code: '482913',
      canSubmit: true,
    },
  },
  play: shows(button('59s 后重发', 'disabled'), button('绑定并登录', 'enabled'), '验证码已发送至 138****5678'),
};
export const Binding: Story = {
  ...desktop,
  args: {
    status: 'needsBind',
    bind: { ...bind, mobile: '13812345678', codeSent: true, resendIn: 40, code: '482913', submitting: true },
  },
  play: shows(button('绑定中…', 'disabled')),
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
  play: shows(alert('验证码错误，请重新输入')),
};
export const RegisterNew: Story = {
  ...desktop,
  args: { status: 'needsBind', platformName: 'QQ', bind: { ...bind, mode: 'register', nickname: null } },
  play: shows('QQ登录', button('注册并登录', 'disabled')),
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
  play: shows('微博登录', button('注册中…', 'disabled')),
};
export const ErrorStateReplayed: Story = {
  ...desktop,
  args: { status: 'error', platformName: '支付宝', error: '授权已使用或已过期，请返回登录页重新发起。' },
  play: shows('登录没有完成', alert('授权已使用或已过期')),
};
export const PhoneExchanging: Story = { ...phone, play: shows('正在登录…') };
export const PhoneNeedsBind: Story = {
  ...phone,
  args: { status: 'needsBind', bind: { ...bind, mobile: '13812345678' } },
  play: shows('首次使用第三方账号登录，请先关联手机号'),
};
export const PhoneError: Story = {
  ...phone,
  args: { status: 'error', error: '网络错误' },
  play: shows(alert('网络错误'), link('返回登录')),
};

/* ---- a logged-in member binding from the personal centre ---- */
export const BindPurposeExchanging: Story = {
  ...desktop,
  args: { purpose: 'bind' },
  play: shows('绑定微信', '正在绑定…'),
};
/** The personal centre is built, so the page leads back to it (ThirdLoginPage's accountLink). */
const backToCentre = { accountLink: { label: '返回个人中心', to: '/home/user' } };
export const BindPurposeDone: Story = {
  ...desktop,
  args: { purpose: 'bind', status: 'loggedIn', platformName: 'QQ', ...backToCentre },
  play: shows('绑定成功', linkTo('返回个人中心', '/home/user')),
};
export const BindPurposeDoneWithoutCentre: Story = {
  ...desktop,
  args: { purpose: 'bind', status: 'loggedIn', platformName: 'QQ' },
  play: shows('绑定成功', link('返回我的主页')),
};
export const BindPurposeError: Story = {
  ...desktop,
  args: { purpose: 'bind', status: 'error', error: '该微信账号已绑定其他微豆账号', ...backToCentre },
  play: shows(alert('该微信账号已绑定其他微豆账号'), linkTo('返回个人中心', '/home/user')),
};
