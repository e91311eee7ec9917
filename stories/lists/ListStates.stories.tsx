import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState } from '../../src/components/ListStates';
import { shows, button, alert } from '../play';

/** The three non-data states of every list (DESIGN §4). */
const meta = {
  title: 'States/List states',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  render: () => <EmptyState title="暂无任务记录" description="完成任务后，记录会显示在这里。" />,
  play: shows('暂无任务记录', '完成任务后，记录会显示在这里。'),
};

export const EmptyWithAction: Story = {
  render: () => (
    <EmptyState
      title="还没有兑换记录"
      description="用微豆兑换现金、卡券或实物奖励吧。"
      action={
        <Button colorPalette="brand" borderRadius="full" px="6">
          去兑换
        </Button>
      }
    />
  ),
  play: shows('还没有兑换记录', button('去兑换')),
};

export const Loading: Story = { render: () => <LoadingState />, play: shows('加载中…') };

export const Error: Story = {
  render: () => <ErrorState onRetry={() => {}} />,
  play: shows(alert('网络似乎不太稳定，请稍后重试。'), button('重新加载')),
};
