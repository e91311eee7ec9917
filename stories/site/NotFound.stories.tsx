import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundView } from '../../src/pages/not-found/NotFoundView';
import { shows, link } from '../play';
import { phone } from '../layout';

const meta = {
  title: 'Pages/404',
  component: NotFoundView,
} satisfies Meta<typeof NotFoundView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = { play: shows('页面走丢了', link('返回首页'), link('去做任务')) };
export const Phone: Story = { ...phone, play: shows('页面走丢了', link('返回首页')) };
