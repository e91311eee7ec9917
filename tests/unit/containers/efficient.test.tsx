import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUALITY_ADVICE } from '../../../openapi/rules/quality';
import QualityAnalysisPage from '../../../src/pages/quality-analysis/QualityAnalysisPage';
import EfficientPage from '../../../src/pages/efficient/EfficientPage';
import EfficientDetailPage from '../../../src/pages/efficient-detail/EfficientDetailPage';
import EfficientLevelPage from '../../../src/pages/efficient-level/EfficientLevelPage';
import MonthlyReportPage from '../../../src/pages/monthly-report/MonthlyReportPage';
import {
  flaggedRows,
  goodStanding,
  levelsAt,
  lowStanding,
  noHistory,
  visitorLevels,
} from '../../../stories/home/qualityFixtures';
import { ok, renderPage, server, type RecordedCall } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
const session = vi.hoisted(() => ({ loggedIn: true }));
vi.mock('../../../src/flows/sessionShell', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useLoggedIn: () => session.loggedIn,
}));

/** The answer-quality pages: /efficient (getQuality), /efficient/detail (listFlaggedAnswers), /efficient/level. */

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/efficient container', () => {
  it('shows the rate, the level, the six months and the reasons', async () => {
    server.reply('getQuality', ok(goodStanding));
    renderPage(<EfficientPage />, { url: '/efficient' });
    expect((await screen.findByTestId('quality-rate')).textContent).toBe('81%');
    expect(screen.getByTestId('level-badge').textContent).toBe('良好');
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(6);
    screen.getByRole('img', { name: /每月有效率：6月 60%.*11月 80%/ });
    within(screen.getByTestId('quality-reasons')).getByText('开放题乱填');
    expect(screen.getByRole('link', { name: '无效答卷明细' }).getAttribute('href')).toBe('/efficient/detail');
    expect(screen.getByRole('link', { name: '等级规则' }).getAttribute('href')).toBe('/efficient/level');
    expect(screen.getByRole('link', { name: '答题月报' }).getAttribute('href')).toBe('/efficient/monthly-report');
    expect(screen.getByRole('link', { name: '月度答题之星' }).getAttribute('href')).toBe('/appraise');
  });

  it('with no answers yet: the lowest level, no rate, a way to tasks', async () => {
    server.reply('getQuality', ok(noHistory));
    renderPage(<EfficientPage />, { url: '/efficient' });
    await screen.findByText('还没有答卷记录');
    expect(screen.getByTestId('quality-rate').textContent).toBe('—');
    expect(screen.getByTestId('level-badge').textContent).toBe('见习');
    expect(screen.queryByRole('link', { name: '无效答卷明细' })).toBeNull();
  });

  it('a failed load offers a retry that asks again', async () => {
    server.reply('getQuality', 'network-error');
    renderPage(<EfficientPage />, { url: '/efficient' });
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    server.reply('getQuality', ok(lowStanding));
    expect((await screen.findByTestId('level-badge')).textContent).toBe('待提升');
    expect(server.callsOf('getQuality')).toHaveLength(2);
  });
});

describe('/efficient/detail container', () => {
  it('lists the flagged answers with their reasons and an appeal link about each answer', async () => {
    server.reply('listFlaggedAnswers', (call: RecordedCall) =>
      ok({
        list: flaggedRows,
        total: flaggedRows.length,
        page: Number(call.query.page),
        pageSize: Number(call.query.pageSize),
      }),
    );
    renderPage(<EfficientDetailPage />, { url: '/efficient/detail' });
    const rows = await screen.findAllByTestId('flagged-row');
    expect(rows).toHaveLength(flaggedRows.length);
    within(rows[3]!).getByText('陷阱题未通过');
    within(rows[5]!).getByText('答题过快');
    within(rows[6]!).getByText('合作方复核未通过');
    expect(within(rows[0]!).getByRole('link', { name: '申诉' }).getAttribute('href')).toBe(
      '/home/feedback/ask?rid=rid-1&category=1',
    );
    expect(server.callsOf('listFlaggedAnswers').map((c) => c.query)).toEqual([{ page: '1', pageSize: '20' }]);
  });

  it('says so when nothing was flagged', async () => {
    server.reply('listFlaggedAnswers', ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    renderPage(<EfficientDetailPage />, { url: '/efficient/detail' });
    await screen.findByText('没有无效答卷');
  });
});

describe('/efficient/level container', () => {
  it('shows the four levels and marks the member’s', async () => {
    server.reply('getQualityLevels', ok(levelsAt(lowStanding)));
    renderPage(<EfficientLevelPage />, { url: '/efficient/level' });
    const rules = await screen.findAllByTestId('level-rule');
    expect(rules).toHaveLength(4);
    expect(rules.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'true', null, null]);
    screen.getByText('近 90 天 8 份答卷，有效率 50%');
  });
});

describe('/efficient/qualityAnalysis container', () => {
  it('shows each cause of the window, the most frequent first, with its advice', async () => {
    server.reply('getQuality', ok(lowStanding));
    renderPage(<QualityAnalysisPage />, { url: '/efficient/qualityAnalysis' });
    const causes = await screen.findAllByTestId('cause');
    expect(causes.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      '开放题乱填',
      '数据重复',
      '逻辑错误',
      '答题过快',
    ]);
    within(causes[0]!).getByText(QUALITY_ADVICE['1']);
    within(causes[3]!).getByText(QUALITY_ADVICE.tooFast);
    // The chart of causes reads the same counts, in the same order.
    const chart = screen.getByRole('img', { name: /^无效原因分布：/ });
    const counts = causes.map(
      (c) => `${within(c).getByRole('heading').textContent} ${c.textContent!.match(/(\d+) 份/)![1]} 份`,
    );
    expect(chart.getAttribute('aria-label')).toBe(`无效原因分布：${counts.join('，')}`);
    expect(within(chart as unknown as HTMLElement).getAllByTestId('chart-bar')).toHaveLength(4);
  });
});

describe('the answer-quality pages for a visitor', () => {
  beforeEach(() => {
    session.loggedIn = false;
  });

  const loginLink = () => screen.getByRole('link', { name: '登录/注册' }).getAttribute('href');

  it.each([
    ['/efficient', <EfficientPage />, '怎么评判'],
    ['/efficient/detail', <EfficientDetailPage />, '答卷为什么会被判无效'],
    ['/efficient/qualityAnalysis', <QualityAnalysisPage />, '答卷为什么会被判无效'],
    ['/efficient/monthly-report', <MonthlyReportPage />, '月报里有什么'],
  ])('%s: the general rules and one prompt back to the same page; no member call', async (url, page, heading) => {
    renderPage(page, { url });
    await screen.findByRole('heading', { name: heading });
    expect(screen.getAllByText('登录后查看你的答题质量')).toHaveLength(1);
    expect(loginLink()).toBe(`/login?redirect=${encodeURIComponent(url)}`);
    expect(screen.queryByTestId('quality-rate')).toBeNull();
    expect(screen.queryByTestId('flagged-row')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('the monthly report’s prompt keeps the month asked for', async () => {
    renderPage(<MonthlyReportPage />, { url: '/efficient/monthly-report?month=2026-10' });
    await screen.findByText('登录后查看你的答题质量');
    expect(loginLink()).toBe('/login?redirect=%2Fefficient%2Fmonthly-report%3Fmonth%3D2026-10');
  });

  it('/efficient/level: the four levels in full from the visitor’s call, no place, the prompt back here', async () => {
    server.reply('getQualityLevels', ok(visitorLevels));
    renderPage(<EfficientLevelPage />, { url: '/efficient/level' });
    const rules = await screen.findAllByTestId('level-rule');
    expect(rules).toHaveLength(4);
    expect(rules.map((r) => r.getAttribute('aria-current'))).toEqual([null, null, null, null]);
    expect(screen.queryByTestId('level-place')).toBeNull();
    screen.getByText('有效率 ≥ 90%，至少 10 份答卷');
    expect(loginLink()).toBe('/login?redirect=%2Fefficient%2Flevel');
    expect(server.calls.map((c) => c.operationId)).toEqual(['getQualityLevels']);
  });
});
