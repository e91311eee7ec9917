import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { EfficientView } from '../../src/pages/efficient/EfficientView';
import { matchRoute } from '../../src/routing/paths';
import { desktop, phone } from '../layout';
import { button, hidden, linkToOrNone, shows, testIds } from '../play';
import { excellentStanding, goodStanding, lowStanding, noHistory } from './qualityFixtures';

const routed = (p: string) => (matchRoute(p) ? p : null);
const links = {
  detail: routed('/efficient/detail'),
  level: routed('/efficient/level'),
  analysis: routed('/efficient/qualityAnalysis'),
  monthly: routed('/efficient/monthly-report'),
  appraise: routed('/appraise'),
};

const meta = {
  title: 'Pages/Efficient',
  component: EfficientView,
  parameters: { route: '/efficient' },
  args: { status: 'ready', data: goodStanding, onRetry: fn(), links },
} satisfies Meta<typeof EfficientView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', data: null }, play: shows('加载中…') };

export const LoadFailed: Story = {
  args: { status: 'error', data: null },
  play: shows('加载失败', button('重新加载')),
};

export const NoHistoryYet: Story = {
  args: { data: noHistory },
  play: shows(
    '还没有答卷记录',
    '见习',
    '—',
    hidden('每月有效率'),
    hidden('无效答卷明细'),
    hidden('质量分析'),
    linkToOrNone('等级规则', links.level),
  ),
};

export const GoodLevel: Story = {
  play: shows(
    '良好',
    '81%',
    '近 90 天有效率',
    '每月有效率',
    testIds('chart-bar', 6),
    '开放题乱填',
    '认知不合理',
    hidden('数据重复'),
    linkToOrNone('无效答卷明细', links.detail),
    linkToOrNone('等级规则', links.level),
    linkToOrNone('质量分析', links.analysis),
    linkToOrNone('答题月报', links.monthly),
    linkToOrNone('月度答题之星', links.appraise),
  ),
};

export const LowLevel: Story = {
  args: { data: lowStanding },
  play: shows('待提升', '50%', '近 90 天有效率低于 70%', '数据重复', '逻辑错误', '答题过快'),
};

export const ExcellentLevel: Story = {
  args: { data: excellentStanding },
  play: shows('优秀', '100%', hidden('无效原因')),
};

export const Phone: Story = { ...phone, play: shows('良好', '每月有效率', testIds('chart-bar', 6)) };

export const Desktop: Story = { ...desktop, play: shows('良好', '每月有效率', testIds('chart-bar', 6)) };
