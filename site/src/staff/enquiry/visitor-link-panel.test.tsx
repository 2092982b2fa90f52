// @vitest-environment happy-dom
/**
 * The panel that replaces the links to the visitor's page, against a stubbed
 * API: nothing is sent before the confirmation; then the enquiry's version is
 * sent, the page gets the record as it is now and the mail's state is said in
 * Korean; a change someone made meanwhile is shown, not overwritten.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import { sampleRecord } from '../../../../tests/support/records';
import VisitorLinkPanel from './VisitorLinkPanel';
import { ENQUIRY_TEXT } from './words';

signedInStaffMember();

const TEXT = ENQUIRY_TEXT.visitorLink;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const stubApi = stubStaffApi;

describe('replacing the visitor page links', () => {
  it('asks first, then replaces with the version read and says the mail went', async () => {
    const record = sampleRecord(7, { VERSION: 3 });
    const sent = stubApi(() => json({ record: { ...record, VERSION: 4 }, mailStatus: 'sent' }));
    const onChanged = vi.fn();
    render(<VisitorLinkPanel record={record} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.replace }));
    expect(sent).toEqual([]);
    expect(screen.getByText(TEXT.confirm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ VERSION: 4 })));
    expect(sent).toEqual([{ path: '/api/enquiry/visitor-link', body: { data: { index: 7, version: 3 } } }]);
    expect(screen.getByRole('status').textContent).toBe(TEXT.done('발송됨'));
  });

  it('shows the enquiry as someone changed it meanwhile, and says so', async () => {
    const record = sampleRecord(7, { VERSION: 3 });
    stubApi(() => json({ error: 'conflict', message: 'changed', current: { ...record, VERSION: 5 } }, 409));
    const onChanged = vi.fn();
    render(<VisitorLinkPanel record={record} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.replace }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ VERSION: 5 })));
    expect(screen.getByRole('alert').textContent).toBe(ENQUIRY_TEXT.work.conflict);
  });
});
