import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from '../../src/components/Footer';
import { shows, link, linkTo } from '../play';
import { phone } from '../layout';

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  args: { year: 2025 },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: shows(link('service@weidou.cn'), link('商务合作'), linkTo('下载 App', '/app'), link('沪ICP备18000000号-1')),
};

export const Phone: Story = {
  ...phone,
  play: shows(link('service@weidou.cn'), link('关于我们')),
};
