import type { z } from 'zod';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { shiftMonth } from '../openapi/rules/monthlyReport';
import type { MonthlyReport as MonthlyReportSchema } from '../openapi/schemas/quality';
import { errorMessage, notProvided } from './shared';

/**
 * The monthly report's filter (`/efficient/monthly-report` 月报): which Beijing month is shown.
 *
 * States
 * - `loading`  actor `load` (GET /v1/quality/monthly?month=…; no month: this month). Done → `ready`
 *              (the report, and the month it is of); error → `failed`. The last report stays in
 *              context while the next month loads, so the range of months is known throughout.
 * - `ready`    the report. `user.prev` (guard `hasPrev`: the month is after the member's first
 *              month) and `user.next` (guard `hasNext`: before this month) step one month;
 *              `user.pick` with a month in that range (guard `inRange`, not the shown one) jumps there. Each → `loading`.
 * - `failed`   `error`; `user.retry` → `loading` (the same month again).
 *
 * Tags: `busy` (loading). `selectMonthlyView(snapshot)` gives the view's plain props.
 * Actors (the app provides them): `load` → MonthlyReport, input `{ month }` (null: this month).
 */

export type MonthlyReportData = z.output<typeof MonthlyReportSchema>;

export interface MonthlyReportContext {
  /** The month asked for; null: this month. */
  month: string | null;
  report: MonthlyReportData | null;
  error: string | null;
}

export type MonthlyReportEvent =
  { type: 'user.prev' } | { type: 'user.next' } | { type: 'user.pick'; month: string } | { type: 'user.retry' };

/** The months a member can pick, newest first: this month back to their first. */
export function pickableMonths(report: Pick<MonthlyReportData, 'firstMonth' | 'currentMonth'>): string[] {
  const out: string[] = [];
  for (let m = report.currentMonth; m >= report.firstMonth; m = shiftMonth(m, -1)) out.push(m);
  return out;
}

export const monthlyReportMachine = setup({
  types: {
    context: {} as MonthlyReportContext,
    events: {} as MonthlyReportEvent,
    input: {} as { month?: string | null },
  },
  actors: {
    load: fromPromise<MonthlyReportData, { month: string | null }>(notProvided('monthlyReport', 'load')),
  },
  guards: {
    hasPrev: ({ context }) => !!context.report && context.report.month > context.report.firstMonth,
    hasNext: ({ context }) => !!context.report && context.report.month < context.report.currentMonth,
    inRange: ({ context, event }) =>
      event.type === 'user.pick' &&
      !!context.report &&
      event.month !== context.report.month &&
      event.month >= context.report.firstMonth &&
      event.month <= context.report.currentMonth,
  },
}).createMachine({
  id: 'monthlyReport',
  context: ({ input }) => ({ month: input.month ?? null, report: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ month: context.month }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ report: event.output, month: event.output.month, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    ready: {
      on: {
        'user.prev': {
          guard: 'hasPrev',
          target: 'loading',
          actions: assign({ month: ({ context }) => shiftMonth(context.report!.month, -1) }),
        },
        'user.next': {
          guard: 'hasNext',
          target: 'loading',
          actions: assign({ month: ({ context }) => shiftMonth(context.report!.month, 1) }),
        },
        'user.pick': {
          guard: 'inRange',
          target: 'loading',
          actions: assign({ month: ({ event }) => event.month }),
        },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});

export type MonthlyReportSnapshot = SnapshotFrom<typeof monthlyReportMachine>;

export interface MonthlyView {
  status: 'loading' | 'ready' | 'failed';
  /** The month being shown or loaded (null: this month, before the first answer). */
  month: string | null;
  report: MonthlyReportData | null;
  /** Months to pick from, newest first (empty before the first report). */
  months: string[];
  canPrev: boolean;
  canNext: boolean;
  error: string | null;
}

export function selectMonthlyView(s: MonthlyReportSnapshot): MonthlyView {
  const status = s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading';
  return {
    status,
    month: s.context.month,
    report: status === 'ready' ? s.context.report : null,
    months: s.context.report ? pickableMonths(s.context.report) : [],
    canPrev: s.can({ type: 'user.prev' }),
    canNext: s.can({ type: 'user.next' }),
    error: status === 'failed' ? s.context.error : null,
  };
}
