import type { Meta, StoryObj } from '@storybook/react-vite';
import { BindView } from '../../src/pages/bind/BindView';
import { emptySmsForm, idleSubmit, noop } from './fixtures';
import { desktop, phone } from '../layout';
import { shows, button, link } from '../play';

/** `/bind`: the social bind step from a stored bind ticket; none (expired) → back to login. */
const meta = {
  title: 'Auth/Bind',
  component: BindView,
  parameters: { route: '/bind' },
  args: { form: null },
} satisfies Meta<typeof BindView>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = {
  platformName: '微信',
  nickname: '橙子味的夏天',
  avatar: null,
  mode: 'bind' as const,
  onModeChange: noop,
  ...emptySmsForm,
  mobile: '13812345678',
  canSendCode: true,
  agreed: false,
  onAgreedChange: noop,
  ...idleSubmit,
};

export const TicketExpired: Story = { ...desktop, play: shows('绑定信息已失效', link('返回登录')) };
export const BindForm: Story = {
  ...desktop,
  args: { form },
  play: shows('橙子味的夏天', button('获取验证码', 'enabled'), button('绑定并登录', 'disabled')),
};
export const BindSubmitting: Story = {
  ...desktop,
  args: { form: { ...form, code: '482913', codeSent: true, resendIn: 45, canSendCode: false, submitting: true } },
  play: shows(button('45s 后重发', 'disabled'), button('绑定中…', 'disabled')),
};
export const RegisterForm: Story = {
  ...desktop,
  args: { form: { ...form, mode: 'register' } },
  play: shows(link('《用户协议》'), button('注册并登录', 'disabled')),
};
export const PhoneBindForm: Story = {
  ...phone,
  args: { form },
  play: shows('橙子味的夏天', button('绑定并登录', 'disabled')),
};
