/**
 * `/dashboard`: enquiries per day by section and by page language over the
 * last 30 or 90 days, open enquiries by age, the median reply time (from the
 * visitor's latest message), this and last month side by side, today's
 * machine-translation characters against the daily cap, and the monthly
 * report as CSV. Every figure is read from aggregates kept on write
 * (GET /api/dashboard), so the page loads as fast with 100,000 enquiries as
 * with 1,000. The period lives in
 * the address (`?days=90`), so a reload keeps it.
 */
import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  DASHBOARD_PERIODS,
  type DashboardData,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  FIRST_REPORT_MONTH,
  type MonthFigures,
  isMonth,
  monthlyReportFileName,
  translationCapReached,
} from '../../../../shared/dashboard/dashboard';
import { SECTION_VALUES } from '../../../../shared/enquiries/enums';
import { LOCALE_CODES } from '../../../../shared/locales';
import { apiPath } from '../../../../shared/routes';
import { StaffApiError, requireToken, staffFetch } from '../core/api';
import { LocaleChart, OpenAgeChart, SectionChart } from './DashboardCharts';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { DASHBOARD_TEXT } from './words';

function periodOf(search: string): DashboardPeriod {
  const asked = Number(new URLSearchParams(search).get('days'));
  return DASHBOARD_PERIODS.find((period) => period === asked) ?? DEFAULT_DASHBOARD_PERIOD;
}

type Failure = 'failed' | 'forbidden';

/** The figures; `undefined` after a 401 (the page is on its way to /login); a failure, 'forbidden' for a role without the dashboard. */
async function loadDashboard(days: DashboardPeriod): Promise<DashboardData | Failure | undefined> {
  try {
    const response = await staffFetch(`${apiPath('dashboard')}?days=${days}`);
    return (await response.json()) as DashboardData;
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401) return undefined;
    return error instanceof StaffApiError && error.status === 403 ? 'forbidden' : 'failed';
  }
}

/** Saves a response's body as the file its Content-Disposition names. */
async function saveFile(response: Response, fallbackName: string): Promise<void> {
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

/** Today's machine translation: characters sent against the daily cap, a bar, and what happens at the cap. */
function TranslationCard({ use }: { use: DashboardData['translation'] }) {
  const capped = translationCapReached(use);
  const percent = Math.min(100, Math.floor((use.chars / use.cap) * 100));
  return (
    <section className="dash-card dash-translation" aria-labelledby="dash-translation-title">
      <h2 id="dash-translation-title">{DASHBOARD_TEXT.translationUse}</h2>
      <p className="dash-big">{DASHBOARD_TEXT.translationChars(use.chars, use.cap)}</p>
      <meter
        className="dash-meter"
        min={0}
        max={use.cap}
        value={Math.min(use.chars, use.cap)}
        aria-labelledby="dash-translation-title"
      >
        {DASHBOARD_TEXT.translationShare(percent)}
      </meter>
      <p className="staff__muted">{DASHBOARD_TEXT.translationShare(percent)}</p>
      {capped ? (
        <p className="staff__alert" role="alert">
          {DASHBOARD_TEXT.translationCapped}
        </p>
      ) : (
        <p className="staff__muted">{DASHBOARD_TEXT.translationBasis}</p>
      )}
    </section>
  );
}

function MedianCard({ data }: { data: DashboardData }) {
  const { medianMinutes, count, days } = data.replyTime;
  return (
    <section className="dash-card dash-median" aria-labelledby="dash-median-title">
      <h2 id="dash-median-title">{DASHBOARD_TEXT.replyTime}</h2>
      {medianMinutes === null ? (
        <p className="dash-big dash-big--empty">{DASHBOARD_TEXT.noDuration}</p>
      ) : (
        <p className="dash-big">{DASHBOARD_TEXT.duration(medianMinutes)}</p>
      )}
      <p className="staff__muted">
        {medianMinutes === null ? DASHBOARD_TEXT.noReplyTime : DASHBOARD_TEXT.replyTimeBasis(count, days)}
      </p>
    </section>
  );
}

function MonthTable({ current, previous }: { current: MonthFigures; previous: MonthFigures }) {
  const months = [current, previous];
  const rows: { key: string; label: string; value: (month: MonthFigures) => string }[] = [
    { key: 'received', label: DASHBOARD_TEXT.receivedTotal, value: (month) => DASHBOARD_TEXT.count(month.received) },
    ...SECTION_VALUES.map((section) => ({
      key: section,
      label: section,
      value: (month: MonthFigures) => DASHBOARD_TEXT.count(month.sections[section]),
    })),
    ...LOCALE_CODES.map((code) => ({
      key: code,
      label: DASHBOARD_TEXT.pageLanguage(DASHBOARD_TEXT.locales[code] ?? code),
      value: (month: MonthFigures) => DASHBOARD_TEXT.count(month.locales[code]),
    })),
    {
      key: 'firstReplies',
      label: DASHBOARD_TEXT.firstReplies,
      value: (month) => DASHBOARD_TEXT.count(month.firstReplies),
    },
    {
      key: 'median',
      label: DASHBOARD_TEXT.medianReplyTime,
      value: (month) =>
        month.medianReplyMinutes === null
          ? DASHBOARD_TEXT.noDuration
          : DASHBOARD_TEXT.duration(month.medianReplyMinutes),
    },
  ];
  return (
    <section className="dash-card" aria-labelledby="dash-monthly-title">
      <h2 id="dash-monthly-title">{DASHBOARD_TEXT.monthly}</h2>
      <div className="table-wrap">
        <table className="dash-table dash-table--months">
          <thead>
            <tr>
              <th scope="col">{DASHBOARD_TEXT.item}</th>
              <th scope="col">{DASHBOARD_TEXT.thisMonth(current.month)}</th>
              <th scope="col">{DASHBOARD_TEXT.lastMonth(previous.month)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {months.map((month) => (
                  <td key={month.month}>{row.value(month)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function DashboardApp() {
  const [days, setDays] = useState<DashboardPeriod>(() => periodOf(window.location.search));
  const [data, setData] = useState<DashboardData>();
  const [busy, setBusy] = useState(true);
  const [failed, setFailed] = useState<Failure>();
  const [month, setMonth] = useState('');
  const [reportProblem, setReportProblem] = useState('');
  const [downloading, setDownloading] = useState(false);

  // Only the newest request's answer is shown, however the answers arrive.
  const latest = useRef(0);
  const fetchFigures = useCallback((target: DashboardPeriod) => {
    const request = ++latest.current;
    void loadDashboard(target).then((next) => {
      if (next === undefined || request !== latest.current) return;
      if (next === 'failed' || next === 'forbidden') setFailed(next);
      else {
        setData(next);
        setFailed(undefined);
      }
      setBusy(false);
    });
  }, []);

  // The period the page opened with; later changes go through `choose`.
  const [firstDays] = useState(days);
  useEffect(() => {
    if (!requireToken()) return;
    fetchFigures(firstDays);
  }, [fetchFigures, firstDays]);

  const choose = (target: DashboardPeriod) => {
    if (target === days) return;
    setDays(target);
    window.history.replaceState(
      null,
      '',
      target === DEFAULT_DASHBOARD_PERIOD ? '/dashboard' : `/dashboard?days=${target}`,
    );
    setBusy(true);
    fetchFigures(target);
  };

  // The report's month starts as this month (Korea time, from the API) until staff choose another.
  const currentMonth = data?.months.current.month ?? '';
  const reportMonth = month || currentMonth;

  const download = async (event: SubmitEvent) => {
    event.preventDefault();
    setReportProblem('');
    if (!isMonth(reportMonth)) {
      setReportProblem(DASHBOARD_TEXT.reportFailed);
      return;
    }
    setDownloading(true);
    try {
      const response = await staffFetch(`${apiPath('dashboardCsv')}?month=${encodeURIComponent(reportMonth)}`, {
        headers: { Accept: 'text/csv' },
      });
      await saveFile(response, monthlyReportFileName(reportMonth));
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401)) setReportProblem(DASHBOARD_TEXT.reportFailed);
    }
    setDownloading(false);
  };

  return (
    <StaffLayout current="dashboard" title={STAFF_TEXT.dashboard}>
      <div className="dash-toolbar">
        <div className="dash-switch" role="group" aria-label={DASHBOARD_TEXT.period}>
          {DASHBOARD_PERIODS.map((period) => (
            <button key={period} type="button" aria-pressed={period === days} onClick={() => choose(period)}>
              {DASHBOARD_TEXT.lastDays(period)}
            </button>
          ))}
        </div>
        <form className="dash-report" onSubmit={download}>
          <label>
            {DASHBOARD_TEXT.reportMonth}
            <input
              type="month"
              required
              min={FIRST_REPORT_MONTH}
              max={currentMonth || undefined}
              value={reportMonth}
              onChange={(event) => setMonth(event.target.value)}
            />
          </label>
          <button type="submit" className="staff-button" disabled={downloading || !currentMonth}>
            {downloading ? STAFF_TEXT.downloading : DASHBOARD_TEXT.downloadReport}
          </button>
        </form>
      </div>
      {reportProblem && (
        <p className="staff__alert" role="alert">
          {reportProblem}
        </p>
      )}
      <p className="staff__muted" role="status">
        {busy ? STAFF_TEXT.loading : ''}
      </p>
      {failed && (
        <p className="staff__alert" role="alert">
          {failed === 'forbidden' ? STAFF_TEXT.noPermission : DASHBOARD_TEXT.loadFailed}
        </p>
      )}
      <div className="dash" aria-busy={busy}>
        {data && (
          <>
            <SectionChart data={data} />
            <LocaleChart data={data} />
            <div className="dash-row">
              <OpenAgeChart data={data} />
              <MedianCard data={data} />
            </div>
            <MonthTable current={data.months.current} previous={data.months.previous} />
            <TranslationCard use={data.translation} />
          </>
        )}
      </div>
    </StaffLayout>
  );
}
