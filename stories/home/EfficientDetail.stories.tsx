import type { Meta, StoryObj } from '@storybook/react-vite';
import { EfficientDetailView } from '../../src/pages/efficient-detail/EfficientDetailView';
import { feedbackAppeal } from '../../src/routing/feedback';
import { desktop, phone } from '../layout';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';
import { linkToOrNone, shows, testIds } from '../play';
import { flaggedRows } from './qualityFixtures';

const appeal = feedbackAppeal();

const meta = {
  title: 'Pages/EfficientDetail',
  component: EfficientDetailView,
  parameters: { route: '/efficient/detail' },
  args: { filter: 'all', appeal, ...readyList(flaggedRows, { hasMore: false }) },
} satisfies Meta<typeof EfficientDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', items: [] }, play: shows('加载中…') };

export const Empty: Story = {
  args: { status: 'empty', items: [] },
  play: shows('没有无效答卷', '近 90 天的答卷都有效，继续保持'),
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], error: '网络错误，请稍后重试' },
  play: shows('网络错误，请稍后重试'),
};

export const EachReason: Story = {
  play: shows(
    testIds('flagged-row', flaggedRows.length),
    '开放题乱填',
    '数据重复',
    '逻辑错误',
    '陷阱题未通过',
    '认知不合理',
    '答题过快',
    '合作方复核未通过',
    '2026-11-22 09:05',
    async (c) => {
      if (appeal) await linkToOrNone('申诉', appeal('rid-1'))(c);
    },
  ),
};

export const LoadingMore: Story = loadingMore;
export const LoadMoreFailed: Story = loadMoreFailed;

export const Phone: Story = { ...phone, play: shows('城市通勤方式与时间调查', '开放题乱填') };
export const Desktop: Story = { ...desktop, play: shows('城市通勤方式与时间调查', '开放题乱填') };
