/** The staff dashboard: its figures as JSON, and the monthly report as CSV. */
import { monthlyReportFileName } from '../../shared/dashboard/dashboard';
import { dashboardQuerySchema, monthlyReportQuerySchema } from '../../shared/dashboard/dashboard-schema';
import { formatKoreaDate } from '../../shared/korea-time';
import type { AppDeps } from '../deps';
import { parseInput } from '../platform/http/errors';
import { NO_STORE, json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { monthlyReportCsv, readDashboard, readMonthlyReport } from './dashboard';

type DashboardDeps = StaffAuthDeps & Pick<AppDeps, 'aggregates'>;

/** `GET /api/dashboard?days=30|90`: per-day series, open by age, first-reply median, this and last month, today's machine translation. */
export function makeDashboardHandler(deps: DashboardDeps & Pick<AppDeps, 'counters'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { days } = parseInput(dashboardQuerySchema, request.query);
    await audit('dashboard.read', JSON.stringify({ days }));
    return json(200, await readDashboard(deps, days));
  });
}

/** `GET /api/dashboard.csv?month=YYYY-MM`: the monthly report, a row per day and the month's total. */
export function makeDashboardCsvHandler(deps: DashboardDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { month } = parseInput(
      monthlyReportQuerySchema(formatKoreaDate(deps.clock.now()).slice(0, 7)),
      request.query,
    );
    await audit('dashboard.export', month);
    const body = monthlyReportCsv(await readMonthlyReport(deps, month));
    return {
      statusCode: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${monthlyReportFileName(month)}"`,
        ...NO_STORE,
      },
      body,
    };
  });
}
