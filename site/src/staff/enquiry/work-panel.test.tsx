// @vitest-environment happy-dom
/**
 * The owner picker of the work panel against a stubbed API: it offers the
 * owners the server lists (active staff members and admins) but the one who
 * has the enquiry, gives the enquiry to the one chosen, and says in Korean
 * when the server refuses an owner.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import { sampleRecord } from '../../../../tests/support/records';
import WorkPanel from './WorkPanel';
import { ENQUIRY_TEXT } from './words';

signedInStaffMember();

const TEXT = ENQUIRY_TEXT.work;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const OWNERS = ['ada@centre.example', 'anna@centre.example', 'boris@centre.example'];

/** The owners route answers `OWNERS`; the work route `work()`. What the work route was sent. */
function stubApi(work: (body: { data: Record<string, unknown> }) => Response): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/owners') return json(OWNERS);
      const body = JSON.parse(String(init.body)) as { data: Record<string, unknown> };
      sent.push(body);
      return work(body);
    }),
  );
  return sent;
}

describe('the owner picker', () => {
  it('offers the owners the server lists, but the current one, and gives the enquiry to the one chosen', async () => {
    const record = sampleRecord(7, { OWNER: 'anna@centre.example', VERSION: 3 });
    const sent = stubApi(({ data }) => json({ ...record, OWNER: data['owner'], VERSION: 4 }));
    const onChanged = vi.fn();
    render(<WorkPanel record={record} onChanged={onChanged} />);
    const picker = screen.getByLabelText(TEXT.assignTo);
    await waitFor(() =>
      expect([...picker.querySelectorAll('option')].map((option) => option.value)).toEqual([
        '',
        'ada@centre.example',
        'boris@centre.example',
      ]),
    );
    expect((screen.getByRole('button', { name: TEXT.assign }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.selectOptions(picker, 'boris@centre.example');
    await userEvent.click(screen.getByRole('button', { name: TEXT.assign }));
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ OWNER: 'boris@centre.example' })),
    );
    expect(sent).toEqual([{ data: { index: 7, version: 3, owner: 'boris@centre.example' } }]);
  });

  it('says so when the server refuses the owner', async () => {
    stubApi(() =>
      json(
        {
          error: 'invalid_input',
          message: 'This account is disabled.',
          fields: { owner: 'An active staff member or admin' },
        },
        400,
      ),
    );
    const onChanged = vi.fn();
    render(<WorkPanel record={sampleRecord(7)} onChanged={onChanged} />);
    const picker = screen.getByLabelText(TEXT.assignTo);
    await waitFor(() => expect(picker.querySelectorAll('option')).toHaveLength(4));
    await userEvent.selectOptions(picker, 'ada@centre.example');
    await userEvent.click(screen.getByRole('button', { name: TEXT.assign }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEXT.ownerRefused);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
