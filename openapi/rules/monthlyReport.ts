/**
 * The answer-quality monthly report (/efficient/monthly-report): how far back it compares, and the
 * month arithmetic both the server and the report's machine step with. Apart from
 * openapi/rules/quality.ts so that the contract's schema, which every page's API client carries,
 * does not carry the quality levels and advice with it.
 */
/** Months before the report's month that the monthly report (/efficient/monthly-report) compares it with. */
export const MONTHLY_REPORT_PREVIOUS = 6;

/** A Beijing month `YYYY-MM` moved by `n` months (negative: earlier); server and report machine both step with it. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}
