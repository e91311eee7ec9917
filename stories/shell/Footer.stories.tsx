import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from '../../src/components/Footer';

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  args: { year: 2025 },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
