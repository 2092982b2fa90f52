// @vitest-environment happy-dom
/**
 * A visitor's message in the enquiry's history, as staff read it: the
 * visitor's words with their sender and Korea time, the attachments by name
 * (kept or not), and a warning in Korean when it came from another address
 * or a receiving check failed.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
  visitor: { channel: 'mail', subject: 'Re: MT-000007', receivedAt: '2026-11-22T10:00:00.000Z', verdicts: NOT_CHECKED_LOCALLY, attachments: [], fromEnquiryAddress: true, ...extra },
});

afterEach(cleanup);

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

  it('lists the attachments by name and size, saying which were not kept, and links none', () => {
    const line = history(
      visitor({
        attachments: [
          { name: 'report.pdf', type: 'application/pdf', size: 2 * 1024 * 1024, key: 'attachments/abc/1' },
          { name: 'setup.exe', type: 'application/x-msdownload', size: 2048, refused: 'type' },
        ],
      }),
    );
    expect(line.getByText(CONVERSATION_TEXT.attachments)).toBeTruthy();
    expect(line.getByText('report.pdf (2.0 MB)')).toBeTruthy();
    expect(line.getByText(`setup.exe (2 KB) · ${CONVERSATION_TEXT.refused.type}`)).toBeTruthy();
    expect(line.queryAllByRole('link')).toEqual([]);
  });

  it('warns when the message came from another address, or a receiving check failed', () => {
    const line = history(visitor({ fromEnquiryAddress: false, verdicts: { spam: 'PASS', virus: 'PASS', spf: 'FAIL', dkim: 'PASS', dmarc: 'PROCESSING_FAILED' } }));
    const notes = line.getAllByRole('note').map((note) => note.textContent);
    expect(notes).toEqual([CONVERSATION_TEXT.notEnquiryAddress, CONVERSATION_TEXT.verdictWarning('SPF, DMARC')]);
  });

  it('says who attached it from the kept mail box, and says nothing of it for a matched one', () => {
    expect(history(visitor({ attachedBy: 'anna.staff@centre.example' })).getByText(CONVERSATION_TEXT.attachedBy('anna.staff@centre.example'))).toBeTruthy();
    cleanup();
    expect(history(visitor()).queryByText(/보관 메일함/)).toBeNull();
  });

  it('says so when the answer held nothing new, only the quoted mail', () => {
    expect(history({ ...visitor(), text: '' }).getByText(CONVERSATION_TEXT.empty)).toBeTruthy();
  });
});
