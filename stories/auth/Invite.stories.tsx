import type { Meta, StoryObj } from '@storybook/react-vite';
import { InviteView } from '../../src/pages/invite/InviteView';
import { desktop, phone } from './fixtures';

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

export const Loading: Story = { ...phone, args: { status: 'loading', inviterName: null, rewardPoints: null } };
export const Valid: Story = { ...phone };
export const ValidWithoutReward: Story = { ...phone, args: { rewardPoints: 0 } };
export const Invalid: Story = {
  ...phone,
  args: { status: 'invalid', inviterName: null, rewardPoints: null, registerPath: '/register' },
};
export const DesktopValid: Story = { ...desktop };
export const DesktopInvalid: Story = {
  ...desktop,
  args: { status: 'invalid', inviterName: null, rewardPoints: null, registerPath: '/register' },
};
export const AppH5Valid: Story = {
  ...phone,
  parameters: { route: '/app/invite?code=WD8K2Q' },
  args: { showBrand: true },
};
