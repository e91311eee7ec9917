import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PrizeListView } from '../../src/pages/prize/PrizeListView';
import { desktop, phone } from '../layout';
import { alert, linkTo, presses, shows } from '../play';
import { closedTrial, drawnTrial, openTrial } from './fixtures';
import { prizeDetailPath } from '../../src/routing/paths';

/** `/prize` 产品试用: the trials (open, awaiting the draw, drawn), empty, loading, failed. */

const meta = {
  title: 'Prize/List',
  component: PrizeListView,
  parameters: { route: '/prize' },
  args: {
    status: 'ready',
    items: [openTrial, closedTrial, drawnTrial],
    onRetry: fn(),
    detailPath: prizeDetailPath,
  },
} satisfies Meta<typeof PrizeListView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Trials: Story = {
  ...desktop,
  play: shows(
    '产品试用',
    '申请中',
    '已截止，等待开奖',
    '已开奖',
    '136 人已申请 · 答题质量不限',
    '仅限广东省',
    linkTo('水润保湿面霜 50ml 正装试用', '/prize?id=1'),
  ),
};

export const TrialsPhone: Story = { ...phone, play: shows('降噪蓝牙耳机 体验装', '20 份') };

export const Empty: Story = { args: { items: [] }, play: shows('暂时没有试用活动') };

export const Loading: Story = { args: { status: 'loading', items: [] }, play: shows('加载中…') };

export const LoadFailed: Story = {
  args: { status: 'error', items: [], error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', alert('网络错误，请稍后重试')),
};
