import { fromPromise } from 'xstate';
import { monthlyReportMachine, type MonthlyReportData } from '../../machines/monthlyReport';
import { quietApi } from '../api';

/**
 * The answer-quality month report's actor: getQualityMonthly for the machine's month (none: this
 * month). The page shows a failure itself (its failed state), so it goes through `quietApi`.
 */
export const appMonthlyReportMachine = monthlyReportMachine.provide({
  actors: {
    load: fromPromise<MonthlyReportData, { month: string | null }>(({ input, signal }) =>
      quietApi.call('getQualityMonthly', { query: input.month ? { month: input.month } : {}, signal }),
    ),
  },
});
