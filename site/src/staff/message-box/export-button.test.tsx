// @vitest-environment happy-dom
/**
 * The message box's CSV button against a stubbed API: a small export is
 * saved at once; a large one shows a progress bar (rows written of the
 * total) while the page follows the job, then saves the file from its link;
 * a failed one says why in Korean and the button starts it again; one
 * refused for an export under way says so and follows that one; a file past
 * its hour says so.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../../shared/auth';
import type { ExportJobView } from '../../../../shared/exports/export-jobs';
import ExportButton from './ExportButton';
import { exportPollDelay } from './export-api';
import { STAFF_TEXT } from '../core/words';
import { MESSAGE_BOX_TEXT } from './words';

const JOB: ExportJobView = {
  jobId: 'job-1',
  status: 'queued',
  rowsWritten: 0,
  rowsTotal: 100_000,
  fileName: 'data_202611231200.csv',
};
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The links the page made the browser follow to save a file. */
let saved: { href: string; download: string }[];

beforeEach(() => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = () => 'blob:csv';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Answers the export route with `start`, then each status read with the next of `states`. */
function stubApi(start: () => Response, states: ExportJobView[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.startsWith('/api/export.csv')) return start();
      return json(states.shift() ?? states.at(-1));
    }),
  );
  return calls;
}

describe('ExportButton', () => {
  it('saves a small export the API answers at once', async () => {
    const calls = stubApi(
      () =>
        new Response('\uFEFF"name"\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="data_1.csv"' },
        }),
      [],
    );
    render(<ExportButton query={{ page: 1, section: '호텔예약' }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:csv', download: 'data_1.csv' }]));
    expect(calls).toEqual([`/api/export.csv?section=${encodeURIComponent('호텔예약')}`]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(MESSAGE_BOX_TEXT.export.saved);
  });

  it('shows the rows written of the total while a large export is made, then saves the file from its link', async () => {
    const calls = stubApi(
      () => json(JOB, 202, { Location: '/api/export/job-1' }),
      [
        { ...JOB, status: 'running', rowsWritten: 40_000 },
        { ...JOB, status: 'ready', rowsWritten: 100_000, url: 'https://exports.example/data.csv?X-Amz-Signature=1' },
      ],
    );
    render(<ExportButton query={{ page: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));

    const bar = await screen.findByRole('progressbar', { name: MESSAGE_BOX_TEXT.export.progressLabel });
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(MESSAGE_BOX_TEXT.export.started);
    await waitFor(() => expect(bar.getAttribute('value')).toBe('40000'), { timeout: 3_000 });
    expect(bar.getAttribute('max')).toBe('100000');
    expect(screen.getByText(MESSAGE_BOX_TEXT.export.progress(40_000, 100_000))).toBeTruthy();
    expect(MESSAGE_BOX_TEXT.export.progress(40_000, 100_000)).toBe('CSV 파일 만드는 중: 40,000 / 100,000건 (40%)');

    await waitFor(
      () =>
        expect(saved).toEqual([{ href: 'https://exports.example/data.csv?X-Amz-Signature=1', download: JOB.fileName }]),
      { timeout: 3_000 },
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(MESSAGE_BOX_TEXT.export.saved);
    expect(calls).toEqual(['/api/export.csv', '/api/export/job-1', '/api/export/job-1']);
  });

  it('says in Korean why a failed export stopped, and starts it again from the button', async () => {
    let starts = 0;
    stubApi(() => {
      starts += 1;
      return json(JOB, 202, { Location: '/api/export/job-1' });
    }, [{ ...JOB, status: 'failed', failure: 'storage', message: 'The export bucket refused the file' }]);
    render(<ExportButton query={{ page: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    expect((await screen.findByRole('alert', {}, { timeout: 3_000 })).textContent).toBe(
      MESSAGE_BOX_TEXT.export.failed.storage,
    );
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: MESSAGE_BOX_TEXT.export.retry }));
    await waitFor(() => expect(starts).toBe(2));
  });

  it('asks again after a passing failure to read the job, and still saves the file', async () => {
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/export.csv')) return json(JOB, 202, { Location: '/api/export/job-1' });
        reads += 1;
        return reads === 1
          ? json({ error: 'service_unavailable' }, 503)
          : json({ ...JOB, status: 'ready', rowsWritten: 100_000, url: 'https://exports.example/data.csv' });
      }),
    );
    render(<ExportButton query={{ page: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    await waitFor(() => expect(saved).toEqual([{ href: 'https://exports.example/data.csv', download: JOB.fileName }]), {
      timeout: 3_000,
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads).toBe(2);
  });

  it('says in Korean that an export is under way already, follows that one instead, and saves its file', async () => {
    const calls = stubApi(
      () =>
        json({ error: 'conflict', message: 'You have an export under way already', jobId: 'job-1' }, 409, {
          Location: '/api/export/job-1',
        }),
      [
        { ...JOB, status: 'running', rowsWritten: 40_000 },
        { ...JOB, status: 'ready', rowsWritten: 100_000, url: 'https://exports.example/data.csv' },
      ],
    );
    render(<ExportButton query={{ page: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE_BOX_TEXT.export.underWay);
    expect(screen.getByRole('progressbar', { name: MESSAGE_BOX_TEXT.export.progressLabel }).getAttribute('value')).toBe(
      '40000',
    );
    await waitFor(() => expect(saved).toEqual([{ href: 'https://exports.example/data.csv', download: JOB.fileName }]), {
      timeout: 3_000,
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual(['/api/export.csv', '/api/export/job-1', '/api/export/job-1']);
  });

  it('says in Korean that the file is past its hour when the API answers 410', async () => {
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/export.csv'))
          return json({ error: 'conflict', message: 'under way', jobId: 'job-1' }, 409);
        reads += 1;
        return json({ error: 'expired', message: 'This export has expired' }, 410);
      }),
    );
    render(<ExportButton query={{ page: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE_BOX_TEXT.export.expired);
    expect(MESSAGE_BOX_TEXT.export.expired).toBe(
      'CSV 파일을 만든 지 1시간이 지나 더는 내려받을 수 없습니다. 내보내기를 다시 시작해 주세요.',
    );
    expect(saved).toEqual([]);
    expect(reads).toBe(1);
  });

  it('says the download failed when the API cannot start it', async () => {
    stubApi(() => json({ error: 'service_unavailable' }, 503), []);
    render(<ExportButton query={{ page: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_TEXT.downloadFailed);
  });
});

describe('exportPollDelay', () => {
  it('asks every half second for five seconds, then less and less often, at most every five seconds', () => {
    const delays = Array.from({ length: 50 }, (_, attempt) => exportPollDelay(attempt));
    expect(delays.slice(0, 10).every((delay) => delay === 500)).toBe(true);
    expect(delays.slice(10, 20).every((delay) => delay === 1_000)).toBe(true);
    expect(delays.slice(20, 30).every((delay) => delay === 2_000)).toBe(true);
    expect(delays.slice(30, 40).every((delay) => delay === 4_000)).toBe(true);
    expect(delays.slice(40).every((delay) => delay === 5_000)).toBe(true);
    // A one-minute export is asked about 33 times, far inside the edge's 1,000 requests in five minutes per address.
    let elapsed = 0;
    let asks = 0;
    while (elapsed < 60_000) elapsed += exportPollDelay(asks++);
    expect(asks).toBeLessThan(40);
  });
});
