import type { Meta, StoryObj } from '@storybook/react-vite';
import { QualityVisitorView } from '../../src/components/quality/QualityVisitorView';
import { desktop, phone } from '../layout';
import { hidden, linkTo, shows, testIds } from '../play';

/**
 * What a visitor sees on the answer-quality pages (/efficient, /efficient/detail,
 * /efficient/qualityAnalysis, /efficient/monthly-report): the general rules and one login prompt
 * coming back to the same page, and none of a member's figures.
 */
const meta = {
  title: 'Pages/QualityVisitor',
  component: QualityVisitorView,
  parameters: { route: '/efficient' },
  args: {
    page: 'overview',
    loginHref: '/login?redirect=%2Fefficient',
    links: { level: '/efficient/level', appraise: '/appraise' },
  },
} satisfies Meta<typeof QualityVisitorView>;

export default meta;
type Story = StoryObj<typeof meta>;

const overviewChecks = shows(
  '答题质量',
  '登录后查看你的答题质量',
  linkTo('登录/注册', '/login?redirect=%2Fefficient'),
  '怎么评判',
  /有效率 = 有效答卷数 ÷ 计入的答卷数/,
  testIds('level-glance', 4),
  testIds('cause-advice', 7),
  '开放题乱填',
  '认知不合理',
  linkTo('等级规则', '/efficient/level'),
  hidden('近 90 天有效率'),
  hidden('完成答卷'),
);

export const Overview: Story = { play: overviewChecks };
export const OverviewPhone: Story = { ...phone, play: overviewChecks };
export const OverviewDesktop: Story = { ...desktop, play: overviewChecks };

export const Detail: Story = {
  parameters: { route: '/efficient/detail' },
  args: { page: 'detail', loginHref: '/login?redirect=%2Fefficient%2Fdetail' },
  play: shows(
    '无效答卷明细',
    /对判定有异议可以申诉/,
    linkTo('登录/注册', '/login?redirect=%2Fefficient%2Fdetail'),
    testIds('cause-advice', 7),
  ),
};

export const Analysis: Story = {
  parameters: { route: '/efficient/qualityAnalysis' },
  args: { page: 'analysis', loginHref: '/login?redirect=%2Fefficient%2FqualityAnalysis' },
  play: shows(
    '质量分析',
    '登录后查看你的答题质量',
    linkTo('登录/注册', '/login?redirect=%2Fefficient%2FqualityAnalysis'),
    '陷阱题未通过',
    /请逐题读完题干再作答/,
    testIds('cause-advice', 7),
  ),
};
export const AnalysisPhone: Story = { ...phone, ...Analysis };

export const Monthly: Story = {
  parameters: { route: '/efficient/monthly-report' },
  args: { page: 'monthly', loginHref: '/login?redirect=%2Fefficient%2Fmonthly-report' },
  play: shows(
    '答题月报',
    '月报里有什么',
    linkTo('登录/注册', '/login?redirect=%2Fefficient%2Fmonthly-report'),
    /全体会员的中位数/,
  ),
};
export const MonthlyPhone: Story = { ...phone, ...Monthly };
