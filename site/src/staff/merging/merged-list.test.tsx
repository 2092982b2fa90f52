// @vitest-environment happy-dom
/**
 * The enquiries merged into the one on screen: when and by whom, and an undo
 * only while the merge may still be undone, which asks first, sends the
 * target's VERSION for the enquiry merged away and reads the page again.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import type { MergeLink } from '../../../../shared/merging/merges';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import MergedList from './MergedList';
import { MERGING_TEXT } from './words';

signedInStaffMember();
// The spied location methods go back to happy-dom's.
afterEach(() => vi.restoreAllMocks());

const TEXT = MERGING_TEXT.merged;
const DAY = 24 * 60 * 60 * 1000;
const link = (index: number, undoUntil: number): MergeLink => ({
  POST_INDEX: index,
  REFERENCE: `MT-00000${index}`,
  MERGED_AT: '2026-11-24T01:00:00.000Z',
  MERGED_BY: 'kim@example.test',
  UNDO_UNTIL: new Date(undoUntil).toISOString(),
});

describe('the enquiries merged into this one', () => {
  it('offers the undo only before its UNDO_UNTIL, says until when, and undoes with the target’s VERSION', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const sent = stubStaffApi(() => new Response(JSON.stringify({ record: sampleRecord(5) }), { status: 200 }));
    const stillOpen = link(5, Date.now() + DAY);
    render(
      <MergedList
        merged={[stillOpen, link(4, Date.now() - 1000)]}
        record={sampleRecord(7, { VERSION: 3 })}
        onChanged={vi.fn()}
      />,
    );

    const [open, over] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(open.textContent).toContain(TEXT.line('2026-11-24 10:00', 'kim@example.test'));
    expect(open.textContent).toContain(TEXT.until(formatKoreaDateTime(Date.parse(stillOpen.UNDO_UNTIL))));
    expect(within(over).queryByRole('button')).toBeNull();
    expect(over.textContent).toContain(TEXT.over);

    await userEvent.click(within(open).getByRole('button', { name: TEXT.label('MT-000005') }));
    expect(screen.getByText(TEXT.confirm('MT-000005', 'MT-000007'))).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ path: '/api/enquiries/5/unmerge', body: { data: { version: 3 } } }]);
  });

  it('shows nothing when none were merged into it', () => {
    const { container } = render(<MergedList merged={[]} record={sampleRecord(7)} onChanged={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});
