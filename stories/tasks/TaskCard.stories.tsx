import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { RecommendedTasks, visitorTaskLink } from '../../src/components/task/RecommendedTasks';
import { TaskListItem } from '../../src/components/task/TaskListItem';
import { cardViews, NOW } from './fixtures';

const meta = {
  title: 'Tasks/TaskCard',
  component: TaskListItem,
  parameters: { route: '/task' },
  args: { task: cardViews[0]!, to: '/task/detail/k3Xp9QaLm2Vd', now: NOW },
  decorators: [
    (Story) => (
      <Box bg="gray.50" p="4" maxW="760px">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof TaskListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Row: Story = {};
export const ClosingSoonFewLeft: Story = { args: { task: cardViews[1]! } };
export const Started: Story = { args: { task: cardViews[2]! } };
export const NoConsolation: Story = {
  args: { task: cardViews[3]! },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('甄别/满额无奖励')).toBeInTheDocument();
  },
};
export const Finished: Story = { args: { task: cardViews[4]! } };
export const Tile: Story = { args: { layout: 'tile' } };

/** A visitor's recommended grid: every card leads to login and back to its task. */
export const VisitorGrid: Story = {
  render: () => <RecommendedTasks tasks={cardViews.slice(0, 3)} linkFor={visitorTaskLink} now={NOW} />,
  play: async ({ canvasElement }) => {
    const cards = await within(canvasElement).findAllByTestId('task-card');
    await expect(cards[0]).toHaveAttribute('href', '/login?redirect=%2Ftask%2Fdetail%2Fk3Xp9QaLm2Vd');
  },
};
