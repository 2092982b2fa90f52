// @vitest-environment happy-dom
/**
 * A visitor's message in the enquiry's history, as staff read it: the
 * visitor's words with their sender and Korea time, the attachments by name
 * (a kept one a download button that asks for a short-lived link and follows
 * it; a refused one plain text with the reason), and a warning in Korean when
 * it came from another address, claims the enquiry's without its sender
 * authenticated, or a receiving check failed.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import { NOT_CHECKED_LOCALLY, type VisitorMessage } from '../../../../shared/conversation/visitor-messages';
import type { ThreadEntry } from '../../../../shared/work/enquiry-work';
import { sampleRecord } from '../../../../tests/support/records';
import HistoryPanel from '../enquiry/HistoryPanel';
import { CONVERSATION_TEXT } from './words';

const visitor = (extra: Partial<VisitorMessage> = {}): ThreadEntry => ({
  at: '2026-11-22T09:59:00.000Z#m0123456789abcdef',
  type: 'visitorMessage',
  actor: 'anna@example.test',
  text: 'Мне подходит утро 10 декабря.',
  visitor: {
    channel: 'mail',
    subject: 'Re: MT-000007',
    receivedAt: '2026-11-22T10:00:00.000Z',
    verdicts: NOT_CHECKED_LOCALLY,
    attachments: [],
    fromEnquiryAddress: true,
    senderVerified: true,
    ...extra,
  },
});

signedInStaffMember();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const KEPT = {
  name: 'report.pdf',
  type: 'application/pdf',
  size: 2 * 1024 * 1024,
  key: 'attachments/abc/1',
  scan: 'clean' as const,
};
const REFUSED = { name: 'setup.exe', type: 'application/x-msdownload', size: 2048, refused: 'type' as const };

function history(entry: ThreadEntry) {
  render(<HistoryPanel record={sampleRecord(7)} thread={[entry]} onNoted={() => undefined} />);
  const item = screen.getByText(CONVERSATION_TEXT.byMail('Re: MT-000007')).closest('li');
  if (!item) throw new Error('no history line for the message');
  return within(item);
}

describe("a visitor's message in the history", () => {
  it('shows what the visitor wrote, from whom, received when in Korea time, without a warning', () => {
    const line = history(visitor());
    expect(line.getByText('Мне подходит утро 10 декабря.')).toBeTruthy();
    expect(line.getByText('anna@example.test')).toBeTruthy();
    expect(line.getByText(CONVERSATION_TEXT.receivedAt('2026-11-22 19:00'))).toBeTruthy();
    expect(line.queryByRole('note')).toBeNull();
  });

  it('keeps the whole mail one click away when the new text leaves something out, and says when the text shown is the whole', async () => {
    const whole = 'Мне подходит утро 10 декабря.\n\nOn Wed, Centre <no-reply@x.example> wrote:\n> Dear visitor';
    const line = history(visitor({ whole }));
    const disclosure = line.getByText(CONVERSATION_TEXT.showWhole);
    const details = disclosure.closest('details');
    expect(details?.open).toBe(false);
    await userEvent.click(disclosure);
    expect(details?.open).toBe(true);
    expect(within(details as HTMLElement).getByText(/> Dear visitor/)).toBeTruthy();
    cleanup();
    const full = history(visitor({ shownInFull: true }));
    expect(full.getByText(CONVERSATION_TEXT.shownInFull)).toBeTruthy();
    expect(full.queryByText(CONVERSATION_TEXT.showWhole)).toBeNull();
  });

  it('lists the attachments by name and size: a kept one as a download button, a refused one with the reason and no button; links none', () => {
    const line = history(visitor({ attachments: [KEPT, REFUSED] }));
    expect(line.getByText(CONVERSATION_TEXT.attachments)).toBeTruthy();
    expect(line.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      CONVERSATION_TEXT.download('report.pdf (2.0 MB)'),
    ]);
    expect(line.getByRole('button', { name: CONVERSATION_TEXT.download('report.pdf (2.0 MB)') }).textContent).toBe(
      'report.pdf (2.0 MB)',
    );
    expect(line.getByText('setup.exe').closest('li')?.textContent).toBe(
      `setup.exe (2 KB) · ${CONVERSATION_TEXT.refused.type}`,
    );
    expect(line.queryAllByRole('link')).toEqual([]);
  });

  it('asks for a link to the kept attachment of this enquiry, then goes to it (the file is saved, the page stays)', async () => {
    const url = 'http://127.0.0.1:4566/inbound/attachments/abc/1?X-Amz-Signature=abc';
    const sent = stubStaffApi(
      () =>
        new Response(JSON.stringify({ url, expiresAt: '2026-11-22T10:02:00.000Z' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const line = history(visitor({ attachments: [KEPT] }));
    await userEvent.click(line.getByRole('button', { name: CONVERSATION_TEXT.download('report.pdf (2.0 MB)') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(sent).toEqual([{ path: '/api/enquiry/attachment', body: { data: { index: 7, key: KEPT.key } } }]);
  });

  it('says in Korean when the attachment is no longer there, and goes nowhere', async () => {
    stubStaffApi(
      () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'No such attachment.' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const line = history(visitor({ attachments: [KEPT] }));
    await userEvent.click(line.getByRole('button', { name: CONVERSATION_TEXT.download('report.pdf (2.0 MB)') }));
    expect((await line.findByRole('alert')).textContent).toBe(CONVERSATION_TEXT.downloadGone);
    expect(assign).not.toHaveBeenCalled();
  });

  it('warns when the message came from another address, or a receiving check failed', () => {
    const line = history(
      visitor({
        fromEnquiryAddress: false,
        verdicts: { spam: 'PASS', virus: 'PASS', spf: 'FAIL', dkim: 'PASS', dmarc: 'PROCESSING_FAILED' },
      }),
    );
    const notes = line.getAllByRole('note').map((note) => note.textContent);
    expect(notes).toEqual([CONVERSATION_TEXT.notEnquiryAddress, CONVERSATION_TEXT.verdictWarning('SPF, DMARC')]);
  });

  it("warns when it claims the enquiry's address but its sender was not authenticated (or not checked, as before)", () => {
    for (const unverified of [{ senderVerified: false }, { senderVerified: undefined }]) {
      const line = history(visitor(unverified));
      expect(line.getAllByRole('note').map((note) => note.textContent)).toEqual([CONVERSATION_TEXT.unverifiedSender]);
      cleanup();
    }
  });

  it('says who attached it from the kept mail box, and says nothing of it for a matched one', () => {
    expect(
      history(visitor({ attachedBy: 'anna.staff@centre.example' })).getByText(
        CONVERSATION_TEXT.attachedBy('anna.staff@centre.example'),
      ),
    ).toBeTruthy();
    cleanup();
    expect(history(visitor()).queryByText(/보관 메일함/)).toBeNull();
  });

  it('says so when the answer held nothing new, only the quoted mail', () => {
    expect(history({ ...visitor(), text: '' }).getByText(CONVERSATION_TEXT.empty)).toBeTruthy();
  });
});
