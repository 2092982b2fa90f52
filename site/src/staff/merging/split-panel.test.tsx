// @vitest-environment happy-dom
/**
 * Splitting a visitor's message out into a new enquiry: a button for each of
 * the visitor's messages only, which asks first, sends the message's history
 * key with the enquiry's VERSION and opens the new enquiry; a change meanwhile
 * shows the enquiry as it is now and goes nowhere.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadEntry } from '../../../../shared/work/enquiry-work';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import SplitPanel from './SplitPanel';
import { MERGING_TEXT } from './words';

signedInStaffMember();
// The spied location methods go back to happy-dom's.
afterEach(() => vi.restoreAllMocks());

const TEXT = MERGING_TEXT.split;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const message = (at: string, text: string): ThreadEntry => ({
  at,
  type: 'visitorMessage',
  actor: 'anna@example.test',
  text,
});
const THREAD: ThreadEntry[] = [
  message('2026-11-22T09:00:00.000Z#a', 'Is the 10th free?'),
  { at: '2026-11-22T09:30:00.000Z#b', type: 'note', actor: 'kim@example.test', text: 'Called her.' },
  message('2026-11-23T02:15:00.000Z#c', 'And my husband needs a check-up too.'),
];
const RECORD = sampleRecord(7, { VERSION: 3 });

describe('splitting a message out into a new enquiry', () => {
  it('offers it for the visitor’s messages only, asks, sends {at, version} and opens the new enquiry', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const sent = stubStaffApi(() => json({ record: sampleRecord(21) }, 201));
    render(<SplitPanel record={RECORD} thread={THREAD} onChanged={vi.fn()} />);
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      TEXT.label('2026-11-22 18:00'),
      TEXT.label('2026-11-23 11:15'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: TEXT.label('2026-11-23 11:15') }));
    expect(screen.getByText(TEXT.confirm('2026-11-23 11:15', 'MT-000007'))).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/detail/21'));
    expect(sent).toEqual([
      { path: '/api/enquiries/7/split', body: { data: { at: '2026-11-23T02:15:00.000Z#c', version: 3 } } },
    ]);
  });

  it('shows the enquiry as someone changed it meanwhile, says so and stays', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    stubStaffApi(() => json({ error: 'conflict', message: 'Changed.', current: { ...RECORD, VERSION: 5 } }, 409));
    const onChanged = vi.fn();
    render(<SplitPanel record={RECORD} thread={THREAD} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.label('2026-11-22 18:00') }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${MERGING_TEXT.conflict} Changed.`);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ VERSION: 5 }));
    expect(assign).not.toHaveBeenCalled();
  });

  it('is not there when the thread has no message of the visitor’s', () => {
    const { container } = render(<SplitPanel record={RECORD} thread={[THREAD[1]!]} onChanged={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});
