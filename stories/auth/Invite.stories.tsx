import type { Meta, StoryObj } from '@storybook/react-vite';
import { InviteView } from '../../src/pages/invite/InviteView';
import { desktop, phone } from '../layout';
import { shows, hidden, button, link } from '../play';

/** `/invite` and `/app/invite`: checking the code, a valid invite, an invalid one. */
const meta = {
  title: 'Auth/Invite',
  component: InviteView,
  parameters: { route: '/invite?code=WD8K2Q' },
  args: {
    status: 'valid',
    inviterName: '小橙**',
    inviterAvatar: null,
    rewardPoints: 500,
    registerPath: '/register?invite=WD8K2Q',
  },
} satisfies Meta<typeof InviteView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  ...phone,
  args: { status: 'loading', inviterName: null, rewardPoints: null },
  play: shows('正在读取邀请信息…', button('立即注册', 'disabled')),
};
export const Valid: Story = { ...phone, play: shows(/注册并完成首个任务，即得 500 微豆新人奖励/, link('立即注册')) };
export const ValidWithoutReward: Story = {
  ...phone,
  args: { rewardPoints: 0 },
  play: shows(/注册即可领取新人任务/, hidden(/500 微豆/)),
};
export const Invalid: Story = {
  ...phone,
  args: { status: 'invalid', inviterName: null, rewardPoints: null, registerPath: '/register' },
  play: shows('邀请链接无效或已过期', link('注册')),
};
export const DesktopValid: Story = { ...desktop, play: shows(/500 微豆新人奖励/, link('立即注册')) };
export const DesktopInvalid: Story = {
  ...desktop,
  args: { status: 'invalid', inviterName: null, rewardPoints: null, registerPath: '/register' },
  play: shows('邀请链接无效或已过期', link('注册')),
};
export const AppH5Valid: Story = {
  ...phone,
  parameters: { route: '/app/invite?code=WD8K2Q' },
  args: { showBrand: true },
  play: shows(/小小橙\*\* 邀请你加入微豆调研/, link('立即注册')),
};
