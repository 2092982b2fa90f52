/**
 * Where a kept attachment's malware scan stands, read from its object's tag
 * (GuardDuty's `GuardDutyMalwareScanStatus`): each value GuardDuty documents
 * mapped, no tag yet is `pending`, a value it may add one day never `clean`;
 * the thread lists every kept attachment with its scan, reading a few tags at
 * a time, and one kept before its type was refused as refused.
 */
import { describe, expect, it } from 'vitest';
import { NOT_CHECKED_LOCALLY, type VisitorMessage } from '../../../shared/conversation/visitor-messages';
import { FakeInboundBucket } from '../fakes';
import { SCAN_READS_AT_ONCE, SCAN_RESULTS, scanOf, withAttachmentScans } from './attachment-scans';

/** A line of a thread, as withAttachmentScans takes it. */
type Entry = { at: string; text?: string; visitor?: VisitorMessage };

const message = (attachments: VisitorMessage['attachments']): Entry => ({
  at: '2026-11-22T09:59:00.000Z#m0123456789abcdef',
  visitor: {
    channel: 'mail' as const,
    subject: 'Re: report',
    receivedAt: '2026-11-22T10:00:00.000Z',
    verdicts: NOT_CHECKED_LOCALLY,
    fromEnquiryAddress: true,
    attachments,
  },
});
const kept = (position: number, type = 'application/pdf') => ({
  name: `scan-${position}.pdf`,
  type,
  size: 100,
  key: `attachments/0123456789abcdef0123456789abcdef/${position}`,
});

describe('the scan result', () => {
  it('maps every value GuardDuty tags with; no tag is pending; an unknown value is never clean', () => {
    expect(Object.keys(SCAN_RESULTS).sort()).toEqual(
      ['ACCESS_DENIED', 'FAILED', 'NO_THREATS_FOUND', 'THREATS_FOUND', 'UNSUPPORTED'].sort(),
    );
    expect(scanOf('NO_THREATS_FOUND')).toBe('clean');
    expect(scanOf('THREATS_FOUND')).toBe('infected');
    for (const result of ['UNSUPPORTED', 'ACCESS_DENIED', 'FAILED']) expect(scanOf(result)).toBe('unscannable');
    expect(scanOf(undefined)).toBe('pending');
    expect(scanOf('SOMETHING_NEW')).toBe('unscannable');
    expect(scanOf('no_threats_found')).toBe('unscannable');
  });
});

describe("the thread's listing", () => {
  it('gives each kept attachment its scan, and leaves refused ones and other entries as they are', async () => {
    const inbound = new FakeInboundBucket();
    inbound.scanResults.set(kept(1).key, 'NO_THREATS_FOUND');
    inbound.scanResults.set(kept(2).key, 'THREATS_FOUND');
    inbound.scanResults.set(kept(3).key, 'UNSUPPORTED');
    const refused = { name: 'setup.exe', size: 10, refused: 'type' as const };
    const note: Entry = { at: '2026-11-22T11:00:00.000Z#n1', text: 'A note.' };
    const [first, second] = await withAttachmentScans(inbound, [
      message([kept(1), kept(2), kept(3), kept(4), refused]),
      note,
    ]);
    expect(first?.visitor?.attachments.map((attachment) => attachment.scan ?? attachment.refused)).toEqual([
      'clean',
      'infected',
      'unscannable',
      'pending',
      'type',
    ]);
    expect(second).toEqual(note);
  });

  it('lists an attachment kept before its type was refused (an old compound file) as refused, without its key', async () => {
    const inbound = new FakeInboundBucket();
    const old = kept(1, 'application/x-cfb');
    inbound.scanResults.set(old.key, 'NO_THREATS_FOUND');
    const [entry] = await withAttachmentScans(inbound, [message([old])]);
    expect(entry?.visitor?.attachments).toEqual([{ name: old.name, type: old.type, size: old.size, refused: 'type' }]);
  });

  it(`reads at most ${SCAN_READS_AT_ONCE} tags at once, however many attachments the thread holds`, async () => {
    let reading = 0;
    let most = 0;
    const inbound = {
      async scanResult() {
        most = Math.max(most, ++reading);
        await new Promise((resolve) => setTimeout(resolve, 2));
        reading--;
        return 'NO_THREATS_FOUND';
      },
    };
    const entries = Array.from({ length: 6 }, () => message(Array.from({ length: 10 }, (_, i) => kept(i + 1))));
    const listed = await withAttachmentScans(inbound, entries);
    expect(listed.flatMap((entry) => entry.visitor?.attachments.map((a) => a.scan))).toEqual(Array(60).fill('clean'));
    expect(most).toBe(SCAN_READS_AT_ONCE);
  });

  it('throws when the bucket does (the route answers 503), rather than list a file as clean or not', async () => {
    const inbound = new FakeInboundBucket();
    inbound.failWith = Object.assign(new Error('S3 down'), { name: 'ServiceUnavailable' });
    await expect(withAttachmentScans(inbound, [message([kept(1)])])).rejects.toThrow('S3 down');
  });

  it('asks the bucket nothing for a thread without kept attachments', async () => {
    const inbound = new FakeInboundBucket();
    inbound.failWith = new Error('no call expected');
    const entries: Entry[] = [message([]), { at: 'x' }];
    expect(await withAttachmentScans(inbound, entries)).toEqual(entries);
  });
});
