/**
 * Staff downloading a visitor's attachment: only a key the enquiry's own
 * thread lists as kept gets a link (a made-up key, another enquiry's, a raw
 * message's, a refused attachment's, an enquiry that is not there: the same
 * 404, nothing signed, the attempt logged), and only once its malware scan
 * found it clean (not scanned yet, infected, unscannable: 409 with why,
 * nothing signed); the link always saves a file of a type no browser renders
 * as a page, under a name that ends with its type's extension and holds no
 * bidi control, works for a couple of minutes, and every link handed out is
 * in the access log. The S3 adapter's link is read back as S3 would read it.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_LINK_SECONDS } from '../../../shared/conversation/attachment-download';
import { NOT_CHECKED_LOCALLY } from '../../../shared/conversation/visitor-messages';
import { s3InboundBucket } from '../adapters/s3-inbound';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { type FakeDeps, bodyOf, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import { enquiry } from '../../../tests/support/enquiry-requests';
import { tokenWithRole } from '../../../tests/support/staff-accounts';
import { attachmentDisposition, downloadName, downloadType, keptAttachment } from './attachment-download';
import { makeAttachmentLinkHandler } from './attachment-download-handler';

const STAFF = 'staff@example.test';
const KEPT = 'attachments/0123456789abcdef0123456789abcdef/1';
const OLD = 'attachments/1123456789abcdef0123456789abcdef/1';
const REFUSED_NAME = 'setup.exe';
let deps: FakeDeps;
let token: string;

const ask = (data: Record<string, unknown>, who = token) =>
  makeAttachmentLinkHandler(deps)(
    jsonPost('/api/enquiry/attachment', data, { headers: { authorization: `Bearer ${who}` } }),
  );

beforeEach(async () => {
  deps = fakeDeps();
  token = await tokenWithRole(deps, STAFF, 'staff');
  // Enquiries 1 and 2; enquiry 1's thread holds a visitor's message with one kept and one refused attachment.
  await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
  await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ user_email: 'other@example.com' })));
  await deps.events.addOnce({
    postIndex: 1,
    at: '2026-11-22T09:59:00.000Z#m0123456789abcdef',
    type: 'visitorMessage',
    channel: 'mail',
    actor: 'anna@example.com',
    text: 'My report.',
    visitor: {
      channel: 'mail',
      subject: 'Re: report',
      receivedAt: '2026-11-22T10:00:00.000Z',
      verdicts: NOT_CHECKED_LOCALLY,
      fromEnquiryAddress: true,
      rawKey: 'raw/message-1',
      attachments: [
        { name: '검사 결과 "final".pdf', type: 'application/pdf', size: 1200, key: KEPT },
        { name: REFUSED_NAME, type: 'application/x-msdownload', size: 2048, refused: 'type' },
      ],
    },
  });
  deps.inbound.scanResults.set(KEPT, 'NO_THREATS_FOUND');
  deps.accessLog.entries.length = 0;
});

describe('the link', () => {
  it("answers a link to a kept attachment of the enquiry's thread, working ATTACHMENT_LINK_SECONDS, saved under its name as its type, and logs the download", async () => {
    const response = await ask({ index: 1, key: KEPT });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({
      url: expect.stringContaining(KEPT),
      expiresAt: new Date(deps.clock.now() + ATTACHMENT_LINK_SECONDS * 1000).toISOString(),
    });
    expect(deps.inbound.links).toEqual([
      {
        key: KEPT,
        disposition: attachmentDisposition('검사 결과 "final".pdf'),
        type: 'application/pdf',
        expiresSeconds: ATTACHMENT_LINK_SECONDS,
      },
    ]);
    expect(ATTACHMENT_LINK_SECONDS).toBeLessThanOrEqual(5 * 60);
    expect(deps.accessLog.entries).toMatchObject([
      {
        actor: STAFF,
        action: 'enquiry.attachment',
        target: JSON.stringify({ index: 1, key: KEPT, name: '검사 결과 "final".pdf' }),
      },
    ]);
  });

  it.each([
    ['a key the thread does not list', { index: 1, key: 'attachments/ffffffffffffffffffffffffffffffff/1' }],
    ["another enquiry's attachment (the key is enquiry 1's)", { index: 2, key: KEPT }],
    ['an enquiry that is not there', { index: 99, key: KEPT }],
  ])('answers 404 for %s, signs nothing and logs the attempt', async (_case, data) => {
    const response = await ask(data);
    expect(response.statusCode).toBe(404);
    expect(JSON.stringify(bodyOf(response))).not.toContain('attachments/');
    expect(deps.inbound.links).toEqual([]);
    expect(deps.accessLog.entries).toMatchObject([{ actor: STAFF, action: 'auth.forbidden' }]);
  });

  it("never signs a raw message's key, nor what is not an attachment key (400, nothing looked up)", async () => {
    for (const key of ['raw/message-1', '../raw/message-1', '', 'attachments/a b']) {
      const response = await ask({ index: 1, key });
      expect(response.statusCode, key).toBe(400);
    }
    expect(deps.inbound.links).toEqual([]);
  });

  it('has no link for a refused attachment (it was never kept)', () => {
    const listed = [
      {
        type: 'visitorMessage',
        visitor: { attachments: [{ name: REFUSED_NAME, size: 2, refused: 'type' as const, key: 'attachments/x/2' }] },
      },
    ];
    expect(keptAttachment(listed as never, 'attachments/x/2')).toBeUndefined();
  });

  it.each([
    ['not scanned yet (no result on the object)', undefined, 'attachment_not_scanned'],
    ['infected', 'THREATS_FOUND', 'attachment_infected'],
    ['unscannable (password-protected)', 'UNSUPPORTED', 'attachment_not_scanned'],
    ['unscannable (the scan failed)', 'FAILED', 'attachment_not_scanned'],
    ['of a result GuardDuty may add one day', 'SOMETHING_NEW', 'attachment_not_scanned'],
  ])('answers 409 for a kept attachment %s: nothing signed, no download logged', async (_case, result, code) => {
    if (result === undefined) deps.inbound.scanResults.delete(KEPT);
    else deps.inbound.scanResults.set(KEPT, result);
    const response = await ask({ index: 1, key: KEPT });
    expect(response.statusCode).toBe(409);
    expect(bodyOf(response)).toMatchObject({ error: code, message: expect.stringMatching(/malware|scan/) });
    expect(deps.inbound.links).toEqual([]);
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.attachment')).toEqual([]);
  });

  it('reads the scan again at each download: a file scanned again and found infected is refused', async () => {
    expect((await ask({ index: 1, key: KEPT })).statusCode).toBe(200);
    deps.inbound.scanResults.set(KEPT, 'THREATS_FOUND');
    expect((await ask({ index: 1, key: KEPT })).statusCode).toBe(409);
    expect(deps.inbound.links).toHaveLength(1);
  });

  it('has no link for an attachment kept before its type was refused (an old compound file): 404', async () => {
    await deps.events.addOnce({
      postIndex: 1,
      at: '2026-11-22T10:59:00.000Z#m1123456789abcdef',
      type: 'visitorMessage',
      channel: 'mail',
      actor: 'anna@example.com',
      text: 'An old installer.',
      visitor: {
        channel: 'mail',
        subject: 'Re: report',
        receivedAt: '2026-11-22T11:00:00.000Z',
        verdicts: NOT_CHECKED_LOCALLY,
        fromEnquiryAddress: true,
        attachments: [{ name: 'setup.msi', type: 'application/x-cfb', size: 2048, key: OLD }],
      },
    });
    deps.inbound.scanResults.set(OLD, 'NO_THREATS_FOUND');
    expect((await ask({ index: 1, key: OLD })).statusCode).toBe(404);
    expect(deps.inbound.links).toEqual([]);
  });

  it('is refused to an editor (the routes of patient data are staff and admins)', async () => {
    const editor = await tokenWithRole(deps, 'editor@example.test', 'editor');
    const response = await ask({ index: 1, key: KEPT }, editor);
    expect(response.statusCode).toBe(403);
    expect(deps.inbound.links).toEqual([]);
  });
});

describe('what the link answers with', () => {
  it('saves a file under the name the sender gave: ASCII for old clients, the whole name as UTF-8 (RFC 6266, RFC 5987)', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('검사 결과 "final" (1).pdf')).toBe(
      `attachment; filename="__ __ _final_ (1).pdf"; filename*=UTF-8''%EA%B2%80%EC%82%AC%20%EA%B2%B0%EA%B3%BC%20%22final%22%20%281%29.pdf`,
    );
    expect(attachmentDisposition('a\\b\r\n.txt')).toBe(`attachment; filename="a_b__.txt"; filename*=UTF-8''a_b__.txt`);
    expect(attachmentDisposition('  ')).toBe(`attachment; filename="attachment"; filename*=UTF-8''attachment`);
  });

  it('answers a kept type as it is (text as UTF-8), anything a browser might render or run as bytes to save', () => {
    expect(downloadType('application/pdf')).toBe('application/pdf');
    expect(downloadType('image/png')).toBe('image/png');
    expect(downloadType('application/x-hwp')).toBe('application/x-hwp');
    expect(downloadType('text/plain')).toBe('text/plain; charset=utf-8');
    expect(downloadType('text/csv')).toBe('text/csv; charset=utf-8');
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/javascript',
      'text/xml',
      'application/x-cfb',
      undefined,
    ])
      expect(downloadType(type)).toBe('application/octet-stream');
  });

  it('saves under a name that ends with its type’s extension and holds no bidi control, a name stored before too', () => {
    expect(downloadName({ name: 'notes.html', type: 'text/plain' })).toBe('notes.html.txt');
    expect(downloadName({ name: 'photo\u202egpj.hta', type: 'image/png' })).toBe('photogpj.png');
    expect(downloadName({ name: 'scan.pdf', type: 'application/pdf' })).toBe('scan.pdf');
    expect(attachmentDisposition('photo\u202egpj\u200b.hta')).toBe(
      `attachment; filename="photogpj.hta"; filename*=UTF-8''photogpj.hta`,
    );
  });

  it('the S3 adapter signs a GET of that one object whose answer is an attachment of that type, uncached, for ATTACHMENT_LINK_SECONDS', async () => {
    const s3 = new S3Client({
      region: 'ap-northeast-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    const disposition = attachmentDisposition('검사.pdf');
    const url = new URL(
      await s3InboundBucket(s3, 'inbound-bucket').downloadUrl(
        KEPT,
        { disposition, type: 'application/pdf' },
        ATTACHMENT_LINK_SECONDS,
      ),
    );
    expect(url.pathname.endsWith(`/${KEPT}`)).toBe(true);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(ATTACHMENT_LINK_SECONDS));
    expect(url.searchParams.get('response-content-disposition')).toBe(disposition);
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-cache-control')).toBe('private, no-store');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
