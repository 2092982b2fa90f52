/**
 * A visitor's mail carrying every dangerous kind of attachment, sent by real
 * SMTP to the local stack's door, and the thread read as staff read it
 * (`GET /api/thread/{index}`, then `POST /api/enquiry/attachment`):
 *
 * - refused, with the reason, never stored: a web page, an SVG without its
 *   XML declaration, an HTML application, an installer-like compound file
 *   (named `.msi`, and named `.doc`), a zip-bomb docx, a docx with a VBA
 *   project;
 * - kept as text under a `.txt` name: a script (`.js`), a batch file
 *   (`.bat`), an Internet shortcut (`.url`), downloaded as UTF-8 text;
 * - kept under a safe name: a right-to-left override taken out, the
 *   extension the bytes' own (a PNG named `.hta` is `.png`);
 * - listed as infected, with no download: the EICAR test file, alone and
 *   inside a PDF, found by the malware scan's stand-in;
 * - not scanned yet (its result taken off the object): listed so, and no link.
 */
import { DeleteObjectTaggingCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentLink } from '../../../shared/conversation/attachment-download';
import type { ListedAttachment } from '../../../shared/conversation/visitor-messages';
import type { ThreadEntry } from '../../../shared/work/enquiry-work';
import { localS3Client } from '../../../local/emulators/sdk-s3';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';
import { COMPOUND, DANGEROUS, RTL_OVERRIDE_NAME, docxBomb, docxOf } from '../../support/attachment-files';
import { BYTES, sendToDoor } from '../../support/inbound-mail';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

const ADDRESS = 'attachments-visitor@example.test';
let stack: TestStack;
let token: string;
let index = 0;
let replyTo = '';

/** The attachments of the visitor's message whose text is `text`, as the staff API lists them. */
async function listed(text: string): Promise<ListedAttachment[]> {
  const response = await getWithToken(stack, `/api/thread/${index}`, token);
  expect(response.status).toBe(200);
  const thread = (await response.json()) as ThreadEntry[];
  return thread.find((entry) => entry.type === 'visitorMessage' && entry.text === text)?.visitor?.attachments ?? [];
}

const byName = (attachments: readonly ListedAttachment[], name: string) => {
  const found = attachments.find((attachment) => attachment.name === name);
  if (!found) throw new Error(`${name} is not listed: ${attachments.map((a) => a.name).join(', ')}`);
  return found;
};

const askLink = (key: string) => postJson(stack, '/api/enquiry/attachment', { data: { index, key } }, token);

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  const response = await postJson(stack, '/api/sendmail', { data: enquiry({ user_email: ADDRESS }) });
  index = Number(((await response.json()) as { reference: string }).reference.slice(3));
  replyTo = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(ADDRESS))?.replyTo?.[0] ?? '';
  expect(replyTo).toMatch(/^reply\+/);
  // Two answers: a mail keeps ATTACHMENTS_MAX (10) attachments at most.
  await sendToDoor(stack, {
    from: ADDRESS,
    to: replyTo,
    subject: 'Re: files',
    text: 'The files that must never be opened.',
    attachments: [
      { filename: 'letter.html', content: DANGEROUS.html, contentType: 'text/plain' },
      { filename: 'x-ray.svg', content: DANGEROUS.svg, contentType: 'image/svg+xml' },
      { filename: 'photo.hta', content: DANGEROUS.hta },
      { filename: 'setup.msi', content: COMPOUND.msiLike() },
      { filename: 'report.doc', content: COMPOUND.msiLike(), contentType: 'application/msword' },
      { filename: 'referral.docx', content: docxBomb() },
      { filename: 'invoice.docx', content: docxOf([{ name: 'word/vbaProject.bin', data: Buffer.from('VBA') }]) },
    ],
  });
  await sendToDoor(stack, {
    from: ADDRESS,
    to: replyTo,
    subject: 'Re: more files',
    text: 'The files that may be kept.',
    attachments: [
      { filename: 'payload.js', content: DANGEROUS.js, contentType: 'application/javascript' },
      { filename: 'cleanup.bat', content: DANGEROUS.bat },
      { filename: 'clinic.url', content: DANGEROUS.url },
      { filename: RTL_OVERRIDE_NAME, content: BYTES.png, contentType: 'image/jpeg' },
      { filename: 'eicar.com', content: DANGEROUS.eicar },
      { filename: 'lab-results.pdf', content: DANGEROUS.eicarInPdf },
      { filename: 'referral.pdf', content: BYTES.pdf },
      { filename: 'letter.doc', content: COMPOUND.word() },
    ],
  });
}, 120_000);
afterAll(() => stack?.dispose());

describe('a visitor’s dangerous attachments, as staff see them', () => {
  it('lists each refused kind by the name it came with, with why, and nothing of it stored or downloadable', async () => {
    const attachments = await listed('The files that must never be opened.');
    expect(attachments.map(({ name, refused }) => ({ name, refused }))).toEqual([
      { name: 'letter.html', refused: 'type' },
      { name: 'x-ray.svg', refused: 'type' },
      { name: 'photo.hta', refused: 'type' },
      { name: 'setup.msi', refused: 'type' },
      { name: 'report.doc', refused: 'type' },
      { name: 'referral.docx', refused: 'inflation' },
      { name: 'invoice.docx', refused: 'active_content' },
    ]);
    for (const attachment of attachments) expect(attachment.key, attachment.name).toBeUndefined();
  });

  it('keeps scripts and shortcuts as text under a .txt name, found clean, and downloads them as UTF-8 text to save', async () => {
    const attachments = await listed('The files that may be kept.');
    for (const name of ['payload.js.txt', 'cleanup.bat.txt', 'clinic.url.txt'])
      expect(byName(attachments, name), name).toMatchObject({ type: 'text/plain', scan: 'clean' });
    const script = byName(attachments, 'payload.js.txt');
    const answer = await askLink(script.key ?? '');
    expect(answer.status).toBe(200);
    const download = await fetch(((await answer.json()) as AttachmentLink).url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="payload.js.txt"; filename*=UTF-8''payload.js.txt`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(DANGEROUS.js)).toBe(true);
  });

  it('keeps a file whose name has a right-to-left override under its plain name, with the extension of its bytes', async () => {
    const attachments = await listed('The files that may be kept.');
    const photo = byName(attachments, 'photo(BK 1) gpj.png');
    expect(photo).toMatchObject({ type: 'image/png', scan: 'clean' });
    expect(JSON.stringify(attachments)).not.toMatch(/\\u202e|\u202e/i);
    const answer = await askLink(photo.key ?? '');
    const download = await fetch(((await answer.json()) as AttachmentLink).url);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="photo(BK 1) gpj.png"; filename*=UTF-8''photo%28BK%201%29%20gpj.png`,
    );
  });

  it('lists the EICAR test file, alone and inside a PDF, as infected, and hands out no link to either', async () => {
    const attachments = await listed('The files that may be kept.');
    const infected = [byName(attachments, 'eicar.com.txt'), byName(attachments, 'lab-results.pdf')];
    for (const attachment of infected) {
      expect(attachment.scan, attachment.name).toBe('infected');
      const answer = await askLink(attachment.key ?? '');
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: string }).error).toBe('attachment_infected');
    }
    // The clean ones beside them: a PDF and an old Word document.
    expect(byName(attachments, 'referral.pdf')).toMatchObject({ type: 'application/pdf', scan: 'clean' });
    expect(byName(attachments, 'letter.doc')).toMatchObject({ type: 'application/msword', scan: 'clean' });
  });

  it('lists a file not scanned yet as pending, and hands out no link until the scan found it clean', async () => {
    const pdf = byName(await listed('The files that may be kept.'), 'referral.pdf');
    // As GuardDuty's result is before it comes: no tag on the object.
    const s3 = localS3Client({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: stack.emulators.s3Endpoint,
    });
    await s3.send(new DeleteObjectTaggingCommand({ Bucket: LOCAL_BUCKETS.inbound, Key: pdf.key ?? '' }));
    s3.destroy();
    expect(byName(await listed('The files that may be kept.'), 'referral.pdf').scan).toBe('pending');
    const answer = await askLink(pdf.key ?? '');
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: string }).error).toBe('attachment_not_scanned');
  });
});
