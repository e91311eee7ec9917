import type { Meta, StoryObj } from '@storybook/react-vite';
import { Header } from '../../src/components/Header';
import { Footer } from '../../src/components/Footer';
import { LandingView } from '../../src/pages/landing/LandingView';

const meta = {
  title: 'Pages/Landing',
  component: LandingView,
  parameters: { route: '/' },
} satisfies Meta<typeof LandingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Content: Story = {};

export const WithShell: Story = {
  render: (args) => (
    <>
      <Header user={null} activePath="/" transparent />
      <LandingView {...args} />
      <Footer year={2025} />
    </>
  ),
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
