import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TaskSummaryView } from '../../src/pages/task-summary/TaskSummaryView';
import { summary } from './fixtures';
import { shows, link } from '../play';
import { phone } from '../layout';

const meta = {
  title: 'Tasks/TaskSummary',
  component: TaskSummaryView,
  parameters: { route: '/task/summary' },
  args: { status: 'ready', summary, onRetry: fn() },
} satisfies Meta<typeof TaskSummaryView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', summary: null },
  play: shows('正在加载任务概况…'),
};

export const LoadFailed: Story = {
  args: { status: 'error', summary: null, error: '网络错误' },
  play: shows('任务概况加载失败'),
};

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('summary-points')).toHaveTextContent('1,460');
    await expect(c.getByText('完成率 71%')).toBeInTheDocument();
    await expect(c.getByText(/有 1 份答卷被判为低质量/)).toBeInTheDocument();
    const modules = c.getAllByTestId('summary-module');
    await expect(modules).toHaveLength(5);
    await expect(modules[0]).toHaveAttribute('href', '/task?module=1');
    await expect(modules[4]).toHaveTextContent('常规任务');
  },
};

export const NewMember: Story = {
  args: {
    summary: {
      ...summary,
      joined: 0,
      completed: 0,
      screenedOut: 0,
      lowQuality: 0,
      pointsEarned: 0,
      todayPoints: 0,
      inProgress: 0,
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('summary-points')).toHaveTextContent('0');
    await expect(c.queryByText(/完成率/)).toBeNull();
  },
};

export const Phone: Story = {
  ...phone,
  play: shows('1,460', '完成率 71%', link(/^新手任务\s*2 个/)),
};
