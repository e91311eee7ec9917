import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { pickableMonths, type MonthlyReportData } from '../../machines/monthlyReport';
import { MonthlyReportView } from '../../src/pages/monthly-report/MonthlyReportView';
import { desktop, phone } from '../layout';
import { button, hidden, presses, shows, testIds } from '../play';
import { betterMonth, noMonthlyHistory, normalMonth, worseMonth } from './qualityFixtures';

const ready = (report: MonthlyReportData) => ({
  status: 'ready' as const,
  month: report.month,
  report,
  months: pickableMonths(report),
  canPrev: report.month > report.firstMonth,
  canNext: report.month < report.currentMonth,
  error: null,
});

const meta = {
  title: 'Pages/MonthlyReport',
  component: MonthlyReportView,
  parameters: { route: '/efficient/monthly-report' },
  args: { ...ready(normalMonth), onPrev: fn(), onNext: fn(), onPick: fn(), onRetry: fn() },
} satisfies Meta<typeof MonthlyReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', report: null, month: null, months: [], canPrev: false, canNext: false },
  play: shows('加载中…', button('‹ 上个月', 'disabled'), hidden('与全体会员比较')),
};

export const LoadFailed: Story = {
  args: { status: 'failed', report: null, error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', '加载失败', '网络错误，请稍后重试'),
};

export const NoHistoryYet: Story = {
  args: ready(noMonthlyHistory),
  play: shows(
    '还没有答卷记录',
    button('‹ 上个月', 'disabled'),
    button('下个月 ›', 'disabled'),
    hidden('有效率：逐月对比'),
  ),
};

export const NormalMonth: Story = {
  play: shows(
    '2026年11月（本月，截至现在）',
    '有效率与全体会员的中位数持平（80%）',
    testIds('compare-row', 3),
    '128 位会员的中位数',
    testIds('chart-bar', 14),
    testIds('chart-median', 7),
    button('‹ 上个月', 'enabled'),
    button('下个月 ›', 'disabled'),
  ),
};

export const BetterThanMedian: Story = {
  args: ready(betterMonth),
  play: shows('91%', '1,280', '有效率高于全体会员的中位数（80%），继续保持！'),
};

export const WorseThanMedian: Story = {
  args: ready(worseMonth),
  play: shows('50%', '有效率低于全体会员的中位数（80%），看看质量分析里的建议吧。', '低于'),
};

export const EarlierMonth: Story = {
  args: ready({
    ...normalMonth,
    month: '2026-08',
    figures: normalMonth.previous[3]!,
    previous: normalMonth.previous.slice(0, 3),
  }),
  play: presses('下个月 ›', 'onNext', '2026年8月', hidden('（本月，截至现在）'), button('下个月 ›', 'enabled')),
};

export const StepBack: Story = { play: presses('‹ 上个月', 'onPrev', '2026年11月') };

export const Phone: Story = {
  ...phone,
  args: ready(betterMonth),
  play: shows('获得微豆：逐月对比', testIds('chart-bar', 14)),
};

export const Desktop: Story = {
  ...desktop,
  args: ready(worseMonth),
  play: shows('与全体会员比较', testIds('chart-bar', 14)),
};
