import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { QUALITY_ADVICE } from '../../openapi/rules/quality';
import { QualityAnalysisView } from '../../src/pages/quality-analysis/QualityAnalysisView';
import { desktop, phone } from '../layout';
import { button, hidden, shows, testIds } from '../play';
import { excellentStanding, goodStanding, lowStanding, noHistory, overview } from './qualityFixtures';

const meta = {
  title: 'Pages/QualityAnalysis',
  component: QualityAnalysisView,
  parameters: { route: '/efficient/qualityAnalysis' },
  args: { status: 'ready', data: lowStanding, onRetry: fn() },
} satisfies Meta<typeof QualityAnalysisView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', data: null }, play: shows('加载中…') };
export const LoadFailed: Story = { args: { status: 'error', data: null }, play: shows('加载失败', button('重新加载')) };
export const NoHistoryYet: Story = { args: { data: noHistory }, play: shows('还没有答卷记录') };
export const NothingFlagged: Story = { args: { data: excellentStanding }, play: shows('没有无效答卷') };

/** Each cause on its own, with its advice. */
export const EachReason: Story = {
  args: {
    data: overview(
      [
        [0, 0],
        [0, 0],
        [0, 0],
        [8, 1],
        [0, 0],
        [0, 0],
      ],
      [1, 1, 1, 1, 1],
      { tooFast: 1, reversed: 1 },
    ),
  },
  play: shows(
    testIds('cause', 7),
    '开放题乱填',
    '数据重复',
    '逻辑错误',
    '陷阱题未通过',
    '认知不合理',
    '答题过快',
    '合作方复核未通过',
    ...Object.values(QUALITY_ADVICE),
  ),
};

export const LowLevel: Story = {
  play: shows(testIds('cause', 4), '开放题乱填', QUALITY_ADVICE['1'], hidden('认知不合理')),
};
export const GoodLevel: Story = { args: { data: goodStanding }, play: shows(testIds('cause', 3), QUALITY_ADVICE['4']) };
export const Phone: Story = { ...phone, play: shows('质量分析', '开放题乱填') };
export const Desktop: Story = { ...desktop, play: shows('质量分析', '开放题乱填') };
