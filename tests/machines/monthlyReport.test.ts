import { expect, it } from 'vitest';
import {
  monthlyReportMachine,
  pickableMonths,
  selectMonthlyView,
  type MonthlyReportData,
  type MonthlyReportSnapshot,
  type MonthlyView,
} from '../../machines/monthlyReport';
import { shiftMonth } from '../../openapi/rules/monthlyReport';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the monthly report's month filter (machines/monthlyReport.ts): every state
 * and transition on some path; after each path the view props equal an oracle worked out from the
 * events alone, and the months asked of the server are the ones the member stepped to.
 */

const median = { members: 12, counted: 6, rate: 0.8, earned: 500 };
const figures = (month: string, counted: number, valid: number) => ({
  month,
  counted,
  valid,
  rate: counted === 0 ? null : valid / counted,
  earned: valid * 100,
  medianRate: 0.8,
});
const reportOf = (month: string): MonthlyReportData => ({
  month,
  firstMonth: '2026-06',
  currentMonth: '2026-11',
  figures: figures(month, 8, 7),
  previous: [],
  median,
});
const current = reportOf('2026-11');
const middle = reportOf('2026-09');
const first = reportOf('2026-06');
const networkError = { code: 0, msg: '' };

const events: ModelEvent[] = [
  { type: 'user.prev' },
  { type: 'user.next' },
  { type: 'user.pick', month: '2026-07' },
  { type: 'user.pick', month: '2026-12' },
  { type: 'user.retry' },
  ...answers('load', [current, middle, first], [networkError]),
];

interface Expected {
  view: MonthlyView;
  asked: (string | null)[];
}

function oracle(steps: Path['steps'], start: string | null): Expected {
  let status: MonthlyView['status'] = 'loading';
  let month = start;
  let report: MonthlyReportData | null = null;
  let error: string | null = null;
  const asked: (string | null)[] = [start];
  const load = (m: string) => {
    month = m;
    status = 'loading';
    asked.push(m);
  };
  for (const { event } of steps) {
    const r = report as MonthlyReportData | null;
    switch (event.type) {
      case 'user.prev':
        if (status === 'ready' && r && r.month > r.firstMonth) load(shiftMonth(r.month, -1));
        break;
      case 'user.next':
        if (status === 'ready' && r && r.month < r.currentMonth) load(shiftMonth(r.month, 1));
        break;
      case 'user.pick': {
        const m = String(event.month);
        if (status === 'ready' && r && m !== r.month && m >= r.firstMonth && m <= r.currentMonth) load(m);
        break;
      }
      case 'user.retry':
        if (status === 'failed') {
          status = 'loading';
          error = null;
          asked.push(month);
        }
        break;
      case 'xstate.done.actor.load':
        report = event.output as MonthlyReportData;
        month = report.month;
        status = 'ready';
        error = null;
        break;
      case 'xstate.error.actor.load':
        status = 'failed';
        error = '网络错误，请稍后重试';
        break;
    }
  }
  const r = report as MonthlyReportData | null;
  return {
    view: {
      status,
      month,
      report: status === 'ready' ? r : null,
      months: r ? pickableMonths(r) : [],
      canPrev: status === 'ready' && !!r && r.month > r.firstMonth,
      canNext: status === 'ready' && !!r && r.month < r.currentMonth,
      error: status === 'failed' ? error : null,
    },
    asked,
  };
}

for (const start of [null, '2026-09'] as const) {
  describePathTests<{ month: string | null }>({
    name: `monthly report machine (from ${start ?? 'this month'})`,
    machine: monthlyReportMachine,
    plans: [{ input: { month: start }, events }],
    label: (event) => ('output' in event ? (event.output as MonthlyReportData).month : undefined),
    endStates: ['loading', 'ready', 'failed'],
    async test({ path, stubs, drive }) {
      const actor = await drive(monthlyReportMachine.provide({ actors: stubs.actors(['load']) }));
      const snapshot = actor.getSnapshot() as MonthlyReportSnapshot;
      const want = oracle(path.steps, start);
      expect(selectMonthlyView(snapshot)).toEqual(want.view);
      expect(snapshot.hasTag('busy')).toBe(want.view.status === 'loading');
      expect((stubs.inputs.load ?? []).map((i) => (i as { month: string | null }).month)).toEqual(want.asked);
    },
  });
}

it('offers this month back to the first, newest first', () => {
  expect(pickableMonths({ firstMonth: '2025-11', currentMonth: '2026-02' })).toEqual([
    '2026-02',
    '2026-01',
    '2025-12',
    '2025-11',
  ]);
  expect(pickableMonths({ firstMonth: '2026-02', currentMonth: '2026-02' })).toEqual(['2026-02']);
});
