/**
 * The message box's 'CSV 다운로드': the file of the list's filter. A large
 * export is made in the background: a progress bar shows the rows written of
 * the total until the file is ready, and the browser then saves it. A failed
 * export says why, and the button starts it again. A staff member has one
 * export at a time: while an earlier one is under way (from before a reload,
 * or another tab), the page says so and follows that one instead.
 */
import { useEffect, useRef, useState } from 'react';
import { type ExportJobView, exportJobSettled } from '../../../../shared/exports/export-jobs';
import { StaffApiError, saveDownload, saveFromLink } from '../core/api';
import Alert from '../core/Alert';
import { EXPORT_POLL_RETRIES, exportPollDelay, readExportJob, startExport } from './export-api';
import type { ListQuery } from '../core/list-query';
import { STAFF_TEXT } from '../core/words';
import { MESSAGE_BOX_TEXT } from './words';

const TEXT = MESSAGE_BOX_TEXT.export;

type State =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'running'; job: ExportJobView; notice?: string }
  | { step: 'done' }
  | { step: 'failed'; problem: string };

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

export default function ExportButton({ query }: { query: ListQuery }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  // A newer export (or leaving the page) ends the polling of an older one.
  const current = useRef(0);
  useEffect(
    () => () => {
      current.current += 1;
    },
    [],
  );

  const run = async () => {
    const mine = ++current.current;
    const still = () => mine === current.current;
    setState({ step: 'starting' });
    try {
      const started = await startExport(query);
      if (started.kind === 'file') {
        await saveDownload(started.response, 'data.csv');
        if (still()) setState({ step: 'done' });
        return;
      }
      // Refused for an export under way: that one is followed, with the refusal said.
      const notice = started.kind === 'underWay' ? TEXT.underWay : undefined;
      let job = started.kind === 'job' ? started.job : await readExportJob(started.statusPath);
      let failedAsks = 0;
      for (let attempt = 0; still() && !exportJobSettled(job.status); attempt += 1) {
        setState({ step: 'running', job, notice });
        await wait(exportPollDelay(attempt));
        try {
          job = await readExportJob(started.statusPath);
          failedAsks = 0;
        } catch (error) {
          // The job goes on without the page: a passing failure to ask is asked again; a missing job (404) or sign-out is not.
          const passing =
            error instanceof StaffApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
          if (!passing || ++failedAsks > EXPORT_POLL_RETRIES) throw error;
        }
      }
      if (!still()) return;
      if (job.status === 'ready' && job.url) {
        saveFromLink(job.url, job.fileName);
        setState({ step: 'done' });
      } else setState({ step: 'failed', problem: TEXT.failed[job.failure ?? 'stalled'] });
    } catch (error) {
      // A 401 is on its way to the sign-in page already.
      if (!still() || (error instanceof StaffApiError && error.status === 401)) return;
      setState({
        step: 'failed',
        problem: error instanceof StaffApiError && error.status === 410 ? TEXT.expired : STAFF_TEXT.downloadFailed,
      });
    }
  };

  const busy = state.step === 'starting' || state.step === 'running';
  return (
    <div className="export">
      <button type="button" className="staff-button" onClick={() => void run()} disabled={busy}>
        {busy ? STAFF_TEXT.downloading : state.step === 'failed' ? TEXT.retry : STAFF_TEXT.download}
      </button>
      {state.step === 'running' && (
        <div className="export__progress">
          <progress
            id="export-progress"
            max={Math.max(state.job.rowsTotal, 1)}
            value={Math.min(state.job.rowsWritten, state.job.rowsTotal)}
            aria-label={TEXT.progressLabel}
          />
          <span>{TEXT.progress(state.job.rowsWritten, state.job.rowsTotal)}</span>
        </div>
      )}
      {/* Announced once each: that a file is being made, and that it is saved. */}
      <p className="visually-hidden" role="status">
        {state.step === 'running' ? TEXT.started : state.step === 'done' ? TEXT.saved : ''}
      </p>
      <Alert text={state.step === 'failed' ? state.problem : state.step === 'running' ? state.notice : undefined} />
    </div>
  );
}
