import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { EfficientLevelView } from '../../src/pages/efficient-level/EfficientLevelView';
import { desktop, phone } from '../layout';
import { button, hidden, linkTo, shows, testIds } from '../play';
import { excellentStanding, goodStanding, levelsAt, lowStanding, noHistory, visitorLevels } from './qualityFixtures';

const meta = {
  title: 'Pages/EfficientLevel',
  component: EfficientLevelView,
  parameters: { route: '/efficient/level' },
  args: {
    status: 'ready',
    data: levelsAt(goodStanding),
    onRetry: fn(),
    loginHref: '/login?redirect=%2Fefficient%2Flevel',
  },
} satisfies Meta<typeof EfficientLevelView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', data: null }, play: shows('加载中…') };
export const LoadFailed: Story = { args: { status: 'error', data: null }, play: shows('加载失败', button('重新加载')) };
export const NoHistoryYet: Story = {
  args: { data: levelsAt(noHistory) },
  play: shows(
    '近 90 天 0 份答卷，有效率 —',
    testIds('level-rule', 4),
    '未定级时按「良好」对待：可参加要求「良好」及以下的任务，可兑换要求「良好」及以下的商品',
  ),
};
export const GoodLevel: Story = {
  play: shows(
    '当前等级',
    '有效率 ≥ 70%，至少 5 份答卷',
    '可参加要求「良好」及以下的任务，可兑换要求「良好」及以下的商品',
    '「优秀」专享的任务和商品暂不能参加、兑换',
  ),
};
export const LowLevel: Story = {
  args: { data: levelsAt(lowStanding) },
  play: shows('近 90 天 8 份答卷，有效率 50%', '要求「良好」或「优秀」的任务不能参加，有此要求的商品不能兑换'),
};
export const ExcellentLevel: Story = {
  args: { data: levelsAt(excellentStanding) },
  play: shows('近 90 天 12 份答卷，有效率 100%', '可参加所有任务，包括「优秀」专享任务'),
};
export const Phone: Story = { ...phone, play: shows('当前等级', testIds('level-rule', 4)) };
export const Desktop: Story = { ...desktop, play: shows('当前等级', testIds('level-rule', 4)) };

/** A visitor: every level's rules in full, the login prompt coming back here, no place of theirs. */
export const Visitor: Story = {
  args: { data: visitorLevels },
  play: shows(
    '登录后查看你的答题质量',
    linkTo('登录/注册', '/login?redirect=%2Fefficient%2Flevel'),
    testIds('level-rule', 4),
    '有效率 ≥ 90%，至少 10 份答卷',
    '要求「良好」或「优秀」的任务不能参加，有此要求的商品不能兑换',
    hidden('我的等级'),
    hidden('当前等级'),
  ),
};
export const VisitorPhone: Story = { ...phone, args: { data: visitorLevels }, play: Visitor.play };
