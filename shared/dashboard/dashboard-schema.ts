/** The dashboard's query schemas (`GET /api/dashboard`, `GET /api/dashboard.csv`). */
import { DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod, FIRST_REPORT_MONTH, isMonth } from './dashboard';
import * as z from '../zod';

const PERIOD_MESSAGE = 'Either 30 or 90 (days)';

/** `?days=30|90`, 30 when absent or empty. */
export const dashboardQuerySchema = z.object({
  days: z.preprocess(
    (value) => (value === undefined || value === '' ? String(DEFAULT_DASHBOARD_PERIOD) : value),
    z.pipe(
      z.enum(['30', '90'], { error: PERIOD_MESSAGE }),
      z.transform((text: '30' | '90') => Number(text) as DashboardPeriod),
    ),
  ),
});

export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** `?month=YYYY-MM`, a real month from FIRST_REPORT_MONTH up to `currentMonth` (Korea time). */
export function monthlyReportQuerySchema(currentMonth: string) {
  return z.object({
    month: z.string({ error: 'A month as YYYY-MM' }).check(
      z.refine(isMonth, 'A month as YYYY-MM'),
      z.refine(
        (month) => month >= FIRST_REPORT_MONTH && month <= currentMonth,
        `A month from ${FIRST_REPORT_MONTH} to ${currentMonth}`,
      ),
    ),
  });
}
