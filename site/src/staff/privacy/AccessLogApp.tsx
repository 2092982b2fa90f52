/**
 * `/access-log` (admins): who read, exported or changed what, and every
 * failed sign-in and refused call, for a span of days in Korea time, narrowed
 * by person, action and target; the same as CSV. The server answers a page at
 * a time (newest first); '더 보기' adds the next one, so a flooded day reads
 * like any other. A counted row (refusals) shows how many requests it stands
 * for, and its first and last time. The query lives in the address, so
 * reload and back work.
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import {
  ACCESS_LOG_MAX_DAYS,
  AUDIT_ACTIONS,
  AUDIT_ACTION_GROUPS,
  type AccessLogEntry,
  auditActionLabel,
  isAccessLogSpan,
} from '../../../../shared/audit-actions';
import { formatKoreaDate, formatKoreaDateTime } from '../../../../shared/korea-time';
import type { AccessLogFilter } from '../../../../shared/privacy/privacy-schema';
import { StaffApiError, failureText, requireToken } from '../core/api';
import { downloadAccessLog, loadAccessLogPage } from './privacy-api';
import Alert from '../core/Alert';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { PRIVACY_TEXT } from './words';

const DAY_MS = 86_400_000;

/** The query in the address, or the last seven days in Korea. */
export function readAccessLogQuery(search: string, now: number): AccessLogFilter {
  const params = new URLSearchParams(search);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const span = isAccessLogSpan(from, to)
    ? { from, to }
    : { from: formatKoreaDate(now - 6 * DAY_MS), to: formatKoreaDate(now) };
  const narrowed = Object.fromEntries(
    (['actor', 'action', 'target'] as const).flatMap((field) =>
      params.get(field) ? [[field, params.get(field)]] : [],
    ),
  );
  return { ...span, ...narrowed };
}

function searchOf(query: AccessLogFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return `?${params}`;
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  /** `next`: where the next page starts (none after the last); `more`: that page on its way, or why it did not come. */
  | { state: 'ready'; entries: AccessLogEntry[]; next?: string; more: 'idle' | 'loading' | { failed: string } };

function problemText(error: unknown): string {
  const fields = error instanceof StaffApiError ? Object.entries(error.fields) : [];
  return fields.length
    ? STAFF_TEXT.checkFields + fields.map(([field, problem]) => `${field}: ${problem}`).join(', ')
    : failureText(error);
}

const signedOut = (error: unknown) => error instanceof StaffApiError && error.status === 401;

export default function AccessLogApp() {
  const [query, setQuery] = useState(() => readAccessLogQuery(window.location.search, Date.now()));
  const [draft, setDraft] = useState(query);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [downloadProblem, setDownloadProblem] = useState('');
  const text = PRIVACY_TEXT.accessLogPage;

  useEffect(() => {
    if (!requireToken()) return;
    let current = true;
    loadAccessLogPage(query).then(
      ({ entries, next }) => current && setLoad({ state: 'ready', entries, ...(next ? { next } : {}), more: 'idle' }),
      (error: unknown) => {
        if (current && !signedOut(error)) setLoad({ state: 'failed', text: problemText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [query]);

  useEffect(() => {
    const onBack = () => {
      const next = readAccessLogQuery(window.location.search, Date.now());
      setQuery(next);
      setDraft(next);
      setLoad({ state: 'loading' });
    };
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, []);

  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const cleaned = Object.fromEntries(Object.entries(draft).filter(([, value]) => value)) as AccessLogFilter;
    window.history.pushState(null, '', `/access-log${searchOf(cleaned)}`);
    setQuery(cleaned);
    setLoad({ state: 'loading' });
  };

  const loadMore = async () => {
    if (load.state !== 'ready' || !load.next || load.more === 'loading') return;
    const shown = load;
    setLoad({ ...shown, more: 'loading' });
    try {
      const page = await loadAccessLogPage(query, shown.next);
      // Only onto the list it continues: a new query meanwhile started a list of its own.
      setLoad((now) =>
        now.state === 'ready' && now.entries === shown.entries
          ? {
              state: 'ready',
              entries: [...shown.entries, ...page.entries],
              ...(page.next ? { next: page.next } : {}),
              more: 'idle',
            }
          : now,
      );
    } catch (error) {
      if (!signedOut(error))
        setLoad((now) =>
          now.state === 'ready' && now.entries === shown.entries
            ? { ...now, more: { failed: problemText(error) } }
            : now,
        );
    }
  };

  const download = async () => {
    setDownloadProblem('');
    try {
      await downloadAccessLog(query);
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401)) setDownloadProblem(STAFF_TEXT.downloadFailed);
    }
  };

  const set = (field: keyof AccessLogFilter) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [field]: event.currentTarget.value });

  return (
    <StaffLayout current="access-log" title={STAFF_TEXT.accessLog}>
      <div className="toolbar">
        <form className="filters" onSubmit={apply} aria-label={text.filters}>
          <label>
            {STAFF_TEXT.from}
            <input type="date" required value={draft.from} max={draft.to} onChange={set('from')} />
          </label>
          <label>
            {STAFF_TEXT.to}
            <input
              type="date"
              required
              value={draft.to}
              min={draft.from}
              onChange={set('to')}
              aria-describedby="access-log-span"
            />
          </label>
          <label>
            {text.actor}
            <input type="search" value={draft.actor ?? ''} onChange={set('actor')} placeholder="name@" />
          </label>
          <label>
            {text.action}
            <select value={draft.action ?? ''} onChange={set('action')}>
              <option value="">{text.anyAction}</option>
              {AUDIT_ACTION_GROUPS.map((group) => (
                <optgroup key={group} label={group}>
                  <option value={`${group}.`}>{text.group(group)}</option>
                  {Object.entries(AUDIT_ACTIONS)
                    .filter(([action]) => action.startsWith(`${group}.`))
                    .map(([action, label]) => (
                      <option key={action} value={action}>
                        {label}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label>
            {text.target}
            <input type="search" value={draft.target ?? ''} onChange={set('target')} />
          </label>
          <button type="submit" className="staff-button staff-button--primary">
            {STAFF_TEXT.apply}
          </button>
        </form>
        <button type="button" className="staff-button" onClick={download}>
          {STAFF_TEXT.download}
        </button>
      </div>
      <p className="staff__muted" id="access-log-span">
        {text.spanHint(ACCESS_LOG_MAX_DAYS)}
      </p>
      <Alert text={downloadProblem} />
      <div aria-live="polite" aria-busy={load.state === 'loading'}>
        {load.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
        <Alert text={load.state === 'failed' ? load.text : undefined} />
        {load.state === 'ready' && (
          <>
            <p className="staff__muted">
              {load.next ? text.countSoFar(load.entries.length) : text.count(load.entries.length)}
            </p>
            {load.entries.length === 0 ? (
              <p className="staff__empty">{text.empty}</p>
            ) : (
              <div className="table-wrap">
                <table className="messages access-log">
                  <thead>
                    <tr>
                      <th scope="col">{text.columns.at}</th>
                      <th scope="col">{text.columns.actor}</th>
                      <th scope="col">{text.columns.action}</th>
                      <th scope="col">{text.columns.target}</th>
                      <th scope="col">{text.columns.client}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {load.entries.map((entry) => (
                      <tr key={`${entry.at}-${entry.requestId}-${entry.action}-${entry.clientAddress}`}>
                        <td>
                          {formatKoreaDateTime(entry.at)}
                          {entry.count !== undefined && (
                            <span className="access-log__counted">
                              <br />
                              {text.counted(entry.count, formatKoreaDateTime(entry.lastAt ?? entry.at))}
                            </span>
                          )}
                        </td>
                        <td>{entry.actor}</td>
                        <td>
                          {auditActionLabel(entry.action)}
                          <br />
                          <code className="staff__muted">{entry.action}</code>
                        </td>
                        <td className="access-log__target">{entry.target}</td>
                        <td>{entry.clientAddress}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {load.next && (
              <button type="button" className="staff-button" onClick={loadMore} disabled={load.more === 'loading'}>
                {load.more === 'loading' ? STAFF_TEXT.loading : text.more}
              </button>
            )}
            <Alert text={typeof load.more === 'object' ? load.more.failed : undefined} />
          </>
        )}
      </div>
    </StaffLayout>
  );
}
