import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundView } from '../../src/pages/not-found/NotFoundView';

const meta = {
  title: 'Pages/404',
  component: NotFoundView,
} satisfies Meta<typeof NotFoundView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
