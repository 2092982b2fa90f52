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

/** What separates a translated reply from the Korean original below it (REPLY_INCLUDE_ORIGINAL). */
export const ORIGINAL_SEPARATOR = '----------';

const lines = (text: string) => text.replace(/\r\n?/g, '\n');
const paragraphsOf = (text: string) =>
  lines(text)
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);

/** `original`: the staff member's own words, mailed below the translated `body` under a separator line (in Korean, marked so). */
export function composeReply(
  record: EnquiryRecord,
  subject: string,
  body: string,
  threading: Threading,
  original?: string,
): MailContent {
  const withReference = subject.includes(record.REFERENCE) ? subject : `${subject} [${record.REFERENCE}]`;
  const below = original === undefined ? [] : ['<hr>', `<div lang="ko">`, ...paragraphsOf(original), '</div>'];
  const html = [
    `<!doctype html><html lang="${localeByCode(record.LOCALE).lang}"><head><meta charset="utf-8"></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphsOf(body),
    ...below,
    '</body></html>',
  ].join('\n');
  const text = original === undefined ? lines(body) : `${lines(body)}\n\n${ORIGINAL_SEPARATOR}\n${lines(original)}`;
  return { to: record.EMAIL, ...threading, subject: withReference, text, html };
}
