// @vitest-environment happy-dom
/**
 * The panel of the same visitor's other enquiries against a stubbed API: each
 * with its reference linking to its detail page, its section, date, status in
 * Korean (suspected spam said as such) and what it shares; "none" when there
 * are none; a failure said, not shown as none.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RelatedEnquiries } from '../../../../shared/merging/related-enquiries';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import { STAFF_TEXT } from '../core/words';
import RelatedPanel from './RelatedPanel';
import { MERGING_TEXT } from './words';

signedInStaffMember();

/** `fetch` answering `body` with `status`; the paths asked for. */
function stubApi(body: unknown, status = 200): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

const ANSWER: RelatedEnquiries = {
  related: [
    {
      POST_INDEX: 12,
      REFERENCE: 'MT-000012',
      MEDICAL_SECTION: '컨시어지',
      DATE: '2026-11-23 09:15',
      STATUS: 'in_progress',
      SPAM: false,
      matchedBy: ['email', 'phone'],
    },
    {
      POST_INDEX: 9,
      REFERENCE: 'MT-000009',
      MEDICAL_SECTION: '병원예약',
      DATE: '2026-11-20 18:02',
      SPAM: true,
      matchedBy: ['phone'],
    },
  ],
  more: 0,
};

describe('the same visitor’s other enquiries', () => {
  it('lists each with a link to its detail, its section, date, status in Korean and what it shares', async () => {
    const asked = stubApi(ANSWER);
    render(<RelatedPanel index={7} />);
    const link = await screen.findByRole('link', { name: 'MT-000012' });
    expect(link.getAttribute('href')).toBe('/detail/12');
    expect(asked).toEqual(['/api/enquiries/7/related']);

    const rows = screen
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      Object.values(MERGING_TEXT.columns),
      ['MT-000012', '컨시어지', '2026-11-23 09:15', '처리 중', '이메일, 전화번호'],
      ['MT-000009', '병원예약', '2026-11-20 18:02', STAFF_TEXT.spam, '전화번호'],
    ]);
    expect(screen.queryByText(MERGING_TEXT.none)).toBeNull();
  });

  it('says how many more there are past the list', async () => {
    stubApi({ ...ANSWER, more: 3 });
    render(<RelatedPanel index={7} />);
    expect(await screen.findByText(MERGING_TEXT.more(3))).toBeTruthy();
  });

  it('says there are none when there are none', async () => {
    stubApi({ related: [], more: 0 });
    render(<RelatedPanel index={7} />);
    expect(await screen.findByText(MERGING_TEXT.none)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the list cannot be read, rather than that there are none', async () => {
    stubApi({ error: 'service_unavailable', message: 'Try again.' }, 503);
    render(<RelatedPanel index={7} />);
    expect((await screen.findByRole('alert')).textContent).toBe(MERGING_TEXT.failed);
    expect(screen.queryByText(MERGING_TEXT.none)).toBeNull();
  });
});
