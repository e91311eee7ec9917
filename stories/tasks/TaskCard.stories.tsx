import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { RecommendedTasks, visitorTaskLink } from '../../src/components/task/RecommendedTasks';
import { TaskListItem } from '../../src/components/task/TaskListItem';
import { cardViews, NOW } from './fixtures';
import { shows } from '../play';

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

export const Row: Story = { play: shows('家用智能设备使用情况调查（认真作答版）', '剩 86 个名额', '甄别得 10') };
export const ClosingSoonFewLeft: Story = {
  args: { task: cardViews[1]! },
  play: shows('剩 6 个名额', '今天 18:05 截止', '甄别/满额得 5'),
};
export const Started: Story = { args: { task: cardViews[2]! }, play: shows('进行中', '长期有效') };
export const NoConsolation: Story = {
  args: { task: cardViews[3]! },
  play: shows('甄别/满额无奖励'),
};
export const Finished: Story = {
  args: { task: cardViews[4]! },
  play: shows('已完成 +50', '名额不限', '甄别/满额无奖励'),
};
/** A task asking for an answer-quality level: its minimum shows on the card. */
export const QualityMinimum: Story = {
  args: { task: { ...cardViews[0]!, qualityLabel: '答题质量仅限优秀' } },
  play: shows('答题质量仅限优秀'),
};
export const Tile: Story = { args: { layout: 'tile' }, play: shows('家用智能设备使用情况调查（认真作答版）', '120') };

/** A visitor's recommended grid: every card leads to login and back to its task. */
export const VisitorGrid: Story = {
  render: () => <RecommendedTasks tasks={cardViews.slice(0, 3)} linkFor={visitorTaskLink} now={NOW} />,
  play: async ({ canvasElement }) => {
    const cards = await within(canvasElement).findAllByTestId('task-card');
    await expect(cards[0]).toHaveAttribute('href', '/login?redirect=%2Ftask%2Fdetail%2Fk3Xp9QaLm2Vd');
  },
};
