import type { Meta, StoryObj } from '@storybook/react-vite';
import { UpdatingView } from '../../src/pages/updating/UpdatingView';
import { shows, hidden } from '../play';

const meta = {
  title: 'Pages/Updating',
  component: UpdatingView,
  args: { supportEmail: 'service@weidou.cn' },
} satisfies Meta<typeof UpdatingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: shows('系统维护中', 'service@weidou.cn', hidden('预计'), hidden('自动带你回到')),
};
export const WithEstimate: Story = {
  args: { estimate: '预计今天 18:00 前恢复访问' },
  play: shows('系统维护中', '预计今天 18:00 前恢复访问'),
};

/** Entered from a page when the site went into maintenance: it checks and goes back by itself. */
export const Watching: Story = {
  args: { estimate: '预计 23:00 恢复', watching: true },
  play: shows('预计 23:00 恢复', '维护结束后，这个页面会自动带你回到刚才的页面，不用反复刷新。'),
};
