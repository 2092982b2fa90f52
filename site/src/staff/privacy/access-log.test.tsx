// @vitest-environment happy-dom
/**
 * The access-log page against a stubbed API: it shows the server's first
 * page, adds the next from its cursor on '더 보기' until none is left, shows
 * a counted row's count and last time, and saves the CSV the server answers
 * a page at a time as one file, every page in order.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_LOG_NEXT_HEADER, type AccessLogEntry } from '../../../../shared/audit-actions';
import { TOKEN_STORAGE_KEY } from '../../../../shared/auth';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import type { AccessLogPage } from '../../../../shared/privacy/privacy-schema';
import AccessLogApp from './AccessLogApp';
import { STAFF_TEXT } from '../core/words';
import { PRIVACY_TEXT } from './words';

const AT = Date.parse('2026-11-22T01:00:00Z');
const row = (i: number, extra: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  actor: `person${i}@centre.example`,
  action: 'enquiry.read',
  target: String(i),
  clientAddress: '192.0.2.1',
  requestId: `r${i}`,
  at: AT - i * 1_000,
  ...extra,
});

let saved: Blob[];
let calls: string[];

beforeEach(() => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  window.history.replaceState(null, '', '/access-log?from=2026-11-22&to=2026-11-22');
  saved = [];
  calls = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    saved.push(blob as Blob);
    return 'blob:csv';
  };
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Answers each read with the page its cursor names (`first` without one), and each CSV page likewise. */
function stubApi(pages: Record<string, AccessLogPage>, csv: Record<string, { body: string; next?: string }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const cursor = new URL(url, 'http://site').searchParams.get('cursor') ?? 'first';
      if (url.startsWith('/api/access-log.csv')) {
        const page = csv[cursor];
        return new Response(page?.body, {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="access-log_2026-11-22_2026-11-22.csv"',
            ...(page?.next ? { [ACCESS_LOG_NEXT_HEADER]: page.next } : {}),
          },
        });
      }
      return new Response(JSON.stringify(pages[cursor]), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe('AccessLogApp', () => {
  it('loads the next page from the cursor until none is left, and shows a counted row with its count and last time', async () => {
    const counted = row(2, {
      actor: '-',
      action: 'auth.refused',
      target: 'GET /api/detail/{index}',
      count: 1_000,
      lastAt: AT + 600_000,
    });
    stubApi({ first: { entries: [row(0), row(1)], next: 'page-2' }, 'page-2': { entries: [counted] } }, {});
    render(<AccessLogApp />);
    expect(await screen.findByText('person0@centre.example')).toBeTruthy();
    expect(screen.getByText(PRIVACY_TEXT.accessLogPage.countSoFar(2))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: PRIVACY_TEXT.accessLogPage.more }));
    expect(
      await screen.findByText(PRIVACY_TEXT.accessLogPage.counted(1_000, formatKoreaDateTime(AT + 600_000))),
    ).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText(PRIVACY_TEXT.accessLogPage.count(3))).toBeTruthy();
    expect(screen.queryByRole('button', { name: PRIVACY_TEXT.accessLogPage.more })).toBeNull();
    expect(calls.map((url) => new URL(url, 'http://site').searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('saves the CSV the server answers a page at a time as one file, its pages in order', async () => {
    stubApi(
      { first: { entries: [] } },
      {
        first: { body: '\uFEFFat_korea_time\r\na\r\n', next: 'csv-2' },
        'csv-2': { body: 'b\r\n', next: 'csv-3' },
        'csv-3': { body: 'c\r\n' },
      },
    );
    render(<AccessLogApp />);
    await screen.findByText(PRIVACY_TEXT.accessLogPage.empty);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.download }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFat_korea_time\r\na\r\nb\r\nc\r\n');
    expect(
      calls
        .filter((url) => url.startsWith('/api/access-log.csv'))
        .map((url) => new URL(url, 'http://site').searchParams.get('cursor')),
    ).toEqual([null, 'csv-2', 'csv-3']);
  });
});
