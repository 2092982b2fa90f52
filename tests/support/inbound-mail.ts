/**
 * Received mail for the conversation's tests: a raw message as a visitor's
 * mail program writes one (nodemailer's composer: real MIME, encoded words,
 * attachments), a mail sent with a real SMTP client to the local stack's
 * door, and the bytes of attachments whose type their bytes show.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { LocalStack } from '../../local/stack-types';
import type { VerdictStatus, Verdicts } from '../../shared/conversation/visitor-messages';

/** The raw bytes of a message; `Date` and `Message-ID` fixed unless given, so the same options make the same message. */
export function rawMessage(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ date: new Date('2026-11-22T09:59:00Z'), messageId: '<answer-1@mail.example>', ...options })
    .compile()
    .build();
}

/**
 * The Authentication-Results header SES puts at the top of a message it
 * received, in SES's own form (the SPF comment, `envelope-from=` and `helo=`
 * as parts of their own): for `from`'s domain by default, so the sender is
 * authenticated, or with what a test gives.
 */
export function sesAuthenticationResults(
  from: string,
  results: { spf?: string; dkim?: string; dmarc?: string; envelopeFrom?: string; dkimIdentity?: string } = {},
): string {
  const domain = from.slice(from.lastIndexOf('@') + 1);
  const { spf = 'pass', dkim = 'pass', dmarc = 'pass' } = results;
  const envelopeFrom = results.envelopeFrom ?? `bounce@${domain}`;
  const envelopeDomain = envelopeFrom.slice(envelopeFrom.lastIndexOf('@') + 1);
  return (
    `Authentication-Results: amazonses.com; spf=${spf} (spfCheck: domain of ${envelopeDomain} designates 192.0.2.10 as permitted sender)` +
    ` client-ip=192.0.2.10;\r\n envelope-from=${envelopeFrom}; helo=mail.${envelopeDomain};` +
    ` dkim=${dkim} header.i=${results.dkimIdentity ?? `@${domain}`}; dmarc=${dmarc} header.from=${domain};`
  );
}

/** A raw message as SES stores it: the headers it adds (an Authentication-Results one) above the sender's own. */
export function sesStamped(raw: Buffer, ...headers: string[]): Buffer {
  return Buffer.concat([Buffer.from(headers.map((header) => `${header}\r\n`).join('')), raw]);
}

/** SES's word in its Authentication-Results for one of its verdicts. */
const sesResult = (status: VerdictStatus) => (status === 'PASS' ? 'pass' : status === 'FAIL' ? 'fail' : 'none');

/**
 * A message's raw bytes as SES stores them: its Authentication-Results on
 * top, saying of the From's domain what the verdicts say; as the local door
 * stores them (nothing added) for verdicts it did not check.
 */
export async function sesStoredMessage(options: Mail.Options, verdicts: Verdicts): Promise<Buffer> {
  const raw = await rawMessage(options);
  if (verdicts.spf === 'NOT_CHECKED_LOCALLY') return raw;
  const from = /<([^>]+)>/.exec(String(options.from))?.[1] ?? String(options.from);
  const results = { spf: sesResult(verdicts.spf), dkim: sesResult(verdicts.dkim), dmarc: sesResult(verdicts.dmarc) };
  return sesStamped(raw, sesAuthenticationResults(from, results));
}

/** The first bytes that make each type what it is (file-type reads these). */
export const BYTES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005ff02fea7359c560000000049454e44ae426082',
    'hex',
  ),
  exe: Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(64)]),
  text: Buffer.from('Blood pressure: 120/80\nMedication: none\n'),
} as const;

/** Sends a mail to the local stack's SMTP door, as a visitor's mail server would; rejects with the door's refusal (its `responseCode`). */
export async function sendToDoor(
  stack: Pick<LocalStack, 'inboundSmtp'>,
  mail: Mail.Options,
): Promise<{ response: string }> {
  // The door offers no TLS (this machine only); nodemailer is told not to ask for it.
  const transport = nodemailer.createTransport({
    host: stack.inboundSmtp.host,
    port: stack.inboundSmtp.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}
