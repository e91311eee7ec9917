import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MonthlyReportPage from '../../../src/pages/monthly-report/MonthlyReportPage';
import { betterMonth, monthFigures, noMonthlyHistory, worseMonth } from '../../../stories/home/qualityFixtures';
import { ok, renderPage, server, type RecordedCall } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
vi.mock('../../../src/flows/sessionShell', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useLoggedIn: () => true,
}));

/** `/efficient/monthly-report` over getQualityMonthly: the month from the URL, stepping and picking months, a failure and its retry. */

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

/** The report of `month` (November: better than the median; the others: a worse month moved there). */
const reportOf = (month: string) =>
  month === '2026-11'
    ? betterMonth
    : {
        ...worseMonth,
        month,
        figures: monthFigures(month, 6, 3, 310, 0.8),
        previous: worseMonth.previous.filter((p) => p.month < month),
      };

const currentUrl = () => screen.getByTestId('current-url').textContent;

describe('/efficient/monthly-report container', () => {
  it('opens this month, shows it against the median, and steps back and forth through the URL', async () => {
    server.reply('getQualityMonthly', (call: RecordedCall) => ok(reportOf(String(call.query.month ?? '2026-11'))));
    renderPage(<MonthlyReportPage />, { url: '/efficient/monthly-report' });
    expect((await screen.findByTestId('month-rate')).textContent).toBe('91%');
    expect(screen.getByTestId('month-verdict').textContent).toContain('高于全体会员的中位数（80%）');
    screen.getByRole('img', { name: /^有效率逐月对比：5月 .*11月 91%（中位数 80%）$/ });
    await waitFor(() => expect(currentUrl()).toBe('/efficient/monthly-report?month=2026-11'));
    expect((screen.getByRole('button', { name: '下个月 ›' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '‹ 上个月' }));
    await screen.findByRole('heading', { name: '2026年10月' });
    expect(screen.getByTestId('month-rate').textContent).toBe('50%');
    await waitFor(() => expect(currentUrl()).toBe('/efficient/monthly-report?month=2026-10'));

    fireEvent.change(screen.getByRole('combobox', { name: '选择月份' }), { target: { value: '2026-06' } });
    await waitFor(() => expect(currentUrl()).toBe('/efficient/monthly-report?month=2026-06'));
    await screen.findByRole('heading', { name: '2026年6月' });

    fireEvent.click(screen.getByRole('button', { name: '下个月 ›' }));
    await waitFor(() => expect(currentUrl()).toBe('/efficient/monthly-report?month=2026-07'));
    expect(server.callsOf('getQualityMonthly').map((c) => c.query.month ?? null)).toEqual([
      null,
      '2026-10',
      '2026-06',
      '2026-07',
    ]);
  });

  it('opens the month the URL names', async () => {
    server.reply('getQualityMonthly', (call: RecordedCall) => ok(reportOf(String(call.query.month))));
    renderPage(<MonthlyReportPage />, { url: '/efficient/monthly-report?month=2026-08' });
    await screen.findByRole('heading', { name: '2026年8月' });
    expect(server.callsOf('getQualityMonthly')[0]!.query).toEqual({ month: '2026-08' });
  });

  it('with no answers yet: says so and offers tasks', async () => {
    server.reply('getQualityMonthly', ok(noMonthlyHistory));
    renderPage(<MonthlyReportPage />, { url: '/efficient/monthly-report' });
    await screen.findByText('还没有答卷记录');
    expect(screen.getByRole('link', { name: '去做任务' }).getAttribute('href')).toBe('/task');
    expect((screen.getByRole('button', { name: '‹ 上个月' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed load shows its error and asks again on retry', async () => {
    server.reply('getQualityMonthly', 'network-error');
    renderPage(<MonthlyReportPage />, { url: '/efficient/monthly-report' });
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    server.reply('getQualityMonthly', ok(betterMonth));
    expect((await screen.findByTestId('month-earned')).textContent).toBe('1,280');
    expect(server.callsOf('getQualityMonthly')).toHaveLength(2);
    expect(server.toasts).toEqual([]);
  });
});
