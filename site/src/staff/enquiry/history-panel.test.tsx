// @vitest-environment happy-dom
/**
 * The history reads each kind of entry as the feature that writes it says
 * (../history-kinds.ts); an entry of a kind this build does not know (a newer
 * server's) shows its type and text, and the rest of the history still shows.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../../shared/work/enquiry-work';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import HistoryPanel from './HistoryPanel';
import { ENQUIRY_TEXT } from './words';

signedInStaffMember();
afterEach(cleanup);

describe('the history', () => {
  it('shows an entry of an unknown kind by its type and text, beside the entries it knows', () => {
    const unknown = {
      at: '2026-11-22T09:59:00.000Z#u0123456789abcdef',
      type: 'mergedInto',
      actor: 'staff@example.test',
      text: 'MT-000008',
    } as unknown as ThreadEntry;
    const note: ThreadEntry = {
      at: '2026-11-22T10:00:00.000Z#n0123456789abcdef',
      type: 'note',
      actor: 'staff@example.test',
      text: '전화 드림',
    };
    render(<HistoryPanel record={sampleRecord(7)} thread={[unknown, note]} onNoted={() => undefined} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain(ENQUIRY_TEXT.history.received);
    expect(items[1]?.querySelector('.history__what')?.textContent).toBe('mergedInto');
    expect(items[1]?.querySelector('.history__note')?.textContent).toBe('MT-000008');
    expect(items[1]?.querySelector('.history__who')?.textContent).toBe('staff@example.test');
    expect(items[2]?.querySelector('.history__what')?.textContent).toBe(ENQUIRY_TEXT.history.note);
    expect(items[2]?.querySelector('.history__note')?.textContent).toBe('전화 드림');
  });
});
