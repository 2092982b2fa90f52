/**
 * A reply from the back office, as the visitor receives it: what staff wrote,
 * with the enquiry's reference in the subject, from the centre, its threading
 * (the enquiry's reply address as Reply-To, References and In-Reply-To:
 * conversation/reply-address.ts) so the visitor's answer comes back into the
 * thread.
 */
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { localeByCode } from '../../shared/locales';
import type { MailContent, Threading } from '../mail/ports';
import { escapeHtml } from '../mail/html-text';

export function composeReply(record: EnquiryRecord, subject: string, body: string, threading: Threading): MailContent {
  const withReference = subject.includes(record.REFERENCE) ? subject : `${subject} [${record.REFERENCE}]`;
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  const html = [
    `<!doctype html><html lang="${localeByCode(record.LOCALE).lang}"><head><meta charset="utf-8"></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs,
    '</body></html>',
  ].join('\n');
  return { to: record.EMAIL, ...threading, subject: withReference, text: body.replace(/\r\n?/g, '\n'), html };
}
