import type { Meta, StoryObj } from '@storybook/react-vite';
import { UpdatingView } from '../../src/pages/updating/UpdatingView';
import { shows, hidden } from '../play';

const meta = {
  title: 'Pages/Updating',
  component: UpdatingView,
} satisfies Meta<typeof UpdatingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { play: shows('系统维护中', 'service@weidou.cn', hidden('预计')) };
export const WithEstimate: Story = {
  args: { estimate: '预计今天 18:00 前恢复访问' },
  play: shows('系统维护中', '预计今天 18:00 前恢复访问'),
};
