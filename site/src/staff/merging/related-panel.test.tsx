// @vitest-environment happy-dom
/**
 * The panel of the same visitor's other enquiries against a stubbed API: each
 * with its reference linking to its detail page, its section, date, status in
 * Korean (suspected spam said as such), what it shares and whether it can be
 * merged; "none" when there are none; a failure said, not shown as none. A
 * merge asks first, sends both VERSIONs and reads the page again; a refusal
 * says the API's sentence, and a change meanwhile reads the list again. An
 * enquiry merged away says where it went, and goes there.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelatedEnquiries, RelatedEnquiry } from '../../../../shared/merging/related-enquiries';
import { formatReference } from '../../../../shared/work/enquiry-work';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import { STAFF_TEXT } from '../core/words';
import RelatedPanel from './RelatedPanel';
import { MERGING_TEXT } from './words';

signedInStaffMember();
// The spied location methods go back to happy-dom's.
afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `fetch` answering each call with `answer(method, path)`; what was asked, in order. */
function stubApi(answer: (method: string, path: string) => Response) {
  const asked: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      asked.push(init.body ? { method, path, body: JSON.parse(String(init.body)) } : { method, path });
      return answer(method, path);
    }),
  );
  return asked;
}

/** Another enquiry of the visitor's, with what a row is about. */
const other = (index: number, row: Omit<RelatedEnquiry, 'POST_INDEX' | 'REFERENCE' | 'SPAM'>): RelatedEnquiry => ({
  POST_INDEX: index,
  REFERENCE: formatReference(index),
  SPAM: row.STATUS === undefined,
  ...row,
});

const ANSWER: RelatedEnquiries = {
  related: [
    other(12, {
      MEDICAL_SECTION: '컨시어지',
      DATE: '2026-11-23 09:15',
      STATUS: 'in_progress',
      VERSION: 4,
      matchedBy: ['email', 'phone'],
    }),
    other(9, { MEDICAL_SECTION: '병원예약', DATE: '2026-11-20 18:02', VERSION: 0, matchedBy: ['phone'] }),
    other(5, {
      MEDICAL_SECTION: '병원예약',
      DATE: '2026-11-19 08:00',
      STATUS: 'new',
      VERSION: 2,
      MERGED_INTO: 3,
      matchedBy: ['email'],
    }),
    other(4, {
      MEDICAL_SECTION: '통역예약',
      DATE: '2026-11-18 10:00',
      STATUS: 'answered',
      VERSION: 6,
      MERGED_IN: 1,
      matchedBy: ['phone'],
    }),
  ],
  more: 0,
  merged: [],
};

const RECORD = sampleRecord(7, { VERSION: 3 });
const show = () => render(<RelatedPanel record={RECORD} onChanged={vi.fn()} />);
const mergeButton = () => screen.findByRole('button', { name: MERGING_TEXT.merge.label('MT-000012') });

describe('the same visitor’s other enquiries', () => {
  it('lists each with a link to its detail, its section, date, status, what it shares and its merge', async () => {
    const asked = stubApi(() => json(ANSWER));
    show();
    const link = await screen.findByRole('link', { name: 'MT-000012' });
    expect(link.getAttribute('href')).toBe('/detail/12');
    expect(asked).toEqual([{ method: 'GET', path: '/api/enquiries/7/related' }]);

    const rows = screen
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      Object.values(MERGING_TEXT.columns),
      ['MT-000012', '컨시어지', '2026-11-23 09:15', '처리 중', '이메일, 전화번호', MERGING_TEXT.merge.button],
      ['MT-000009', '병원예약', '2026-11-20 18:02', STAFF_TEXT.spam, '전화번호', ''],
      ['MT-000005', '병원예약', '2026-11-19 08:00', '신규', '이메일', MERGING_TEXT.merge.mergedAway('MT-000003')],
      [
        'MT-000004',
        '통역예약',
        '2026-11-18 10:00',
        '답변 완료',
        '전화번호',
        MERGING_TEXT.merge.mergeThere('MT-000004'),
      ],
    ]);
    // Neither the spam, nor the one merged away, nor one others were merged into can be merged.
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByText(MERGING_TEXT.none)).toBeNull();
  });

  it('says how many more there are past the list', async () => {
    stubApi(() => json({ ...ANSWER, more: 3 }));
    show();
    expect(await screen.findByText(MERGING_TEXT.more(3))).toBeTruthy();
  });

  it('says there are none when there are none', async () => {
    stubApi(() => json({ related: [], more: 0, merged: [] }));
    show();
    expect(await screen.findByText(MERGING_TEXT.none)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the list cannot be read, rather than that there are none', async () => {
    stubApi(() => json({ error: 'service_unavailable', message: 'Try again.' }, 503));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(MERGING_TEXT.failed);
    expect(screen.queryByText(MERGING_TEXT.none)).toBeNull();
  });
});

describe('merging a duplicate into the enquiry on screen', () => {
  it('asks first naming both, then sends both VERSIONs and reads the page again', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const asked = stubApi((method) => json(method === 'GET' ? ANSWER : { record: { ...RECORD, VERSION: 4 } }));
    show();
    await userEvent.click(await mergeButton());
    expect(screen.getByText(MERGING_TEXT.merge.confirm('MT-000012', 'MT-000007'))).toBeTruthy();
    expect(asked).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: MERGING_TEXT.merge.submit }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(asked[1]).toEqual({
      method: 'POST',
      path: '/api/enquiries/12/merge',
      body: { data: { into: 7, version: 4, intoVersion: 3 } },
    });
  });

  it('on a change meanwhile says so, reads both again and retries with the VERSIONs read', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    let reads = 0;
    const asked = stubApi((method, path) => {
      if (method === 'POST') return json({ error: 'conflict', message: 'MT-000012 changed meanwhile.' }, 409);
      if (path === '/api/detail/7') return json([{ ...RECORD, VERSION: 5 }]);
      reads += 1;
      return json(reads === 1 ? ANSWER : { ...ANSWER, related: [{ ...ANSWER.related[0], VERSION: 6 }] });
    });
    // The detail page's part: the record a change answers (here, the one read again) is the one shown.
    function Page() {
      const [record, setRecord] = useState(RECORD);
      return <RelatedPanel record={record} onChanged={setRecord} />;
    }
    render(<Page />);
    await userEvent.click(await mergeButton());
    await userEvent.click(screen.getByRole('button', { name: MERGING_TEXT.merge.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${MERGING_TEXT.conflict} MT-000012 changed meanwhile.`,
    );
    await waitFor(() => expect(reads).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: MERGING_TEXT.merge.submit }));
    const posts = () => asked.filter((call) => call.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]?.body).toEqual({ data: { into: 7, version: 6, intoVersion: 5 } });
    expect(reload).not.toHaveBeenCalled();
  });

  it('says why the API refused it, in its words after ours', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    stubApi((method) =>
      method === 'GET'
        ? json(ANSWER)
        : json({ error: 'invalid_input', message: 'MT-000012 has merges of its own.' }, 400),
    );
    show();
    await userEvent.click(await mergeButton());
    await userEvent.click(screen.getByRole('button', { name: MERGING_TEXT.merge.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${MERGING_TEXT.merge.failed} MT-000012 has merges of its own.`,
    );
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('an enquiry merged away', () => {
  it('says where it went, links there and goes there in place of this page', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    const at = { MERGED_AT: '2026-11-24T01:00:00.000Z', UNDO_UNTIL: '2026-12-24T01:00:00.000Z' };
    const mergedInto = { POST_INDEX: 7, REFERENCE: 'MT-000007', ...at, MERGED_BY: 'kim@example.test' };
    stubApi(() => json({ ...ANSWER, mergedInto: { ...mergedInto, INTO: 3, INTO_REFERENCE: 'MT-000003' } }));
    show();
    expect((await screen.findByRole('status')).textContent).toContain(MERGING_TEXT.mergedInto.notice('MT-000003'));
    const target = screen.getByRole('link', { name: MERGING_TEXT.mergedInto.open('MT-000003') });
    expect(target.getAttribute('href')).toBe('/detail/3');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/detail/3'));
    // Staff work on the enquiry it went into: nothing here merges.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
