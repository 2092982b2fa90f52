/**
 * The acknowledgement: the mail a visitor gets once the enquiry is stored, in
 * the language of the page it was sent from, with its reference, what was
 * asked for, and what happens next. The outbox sends it.
 *
 * Anyone can type anyone's address into the form, so this mail must never
 * carry text the visitor typed (name, message, hotel, destination, account):
 * only our own words, the chosen options' labels, numbers and dates we parse.
 * Otherwise the form would send arbitrary text to a third party in our name.
 */
import { DETAIL_SECTIONS, HOSPITAL_SECTION, HOTEL_SECTION, SECTIONS } from '../../shared/enquiries/enums';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { formatReference } from '../../shared/work/enquiry-work';
import { EMAIL_PATTERN } from '../../shared/intake/form-fields';
import { type LocaleCode, localeByCode, privacyRoute } from '../../shared/locales';
import { RECEIPT_TEXT, type ReceiptText } from '../../shared/intake/receipt-text';
import type { Mail, Threading } from './ports';
import { escapeHtml, oneLine } from './html-text';
import { customerCentrePhones, describeWhen } from '../intake/receipt-parts';

export interface AcknowledgementContext {
  /** Where the visitor's answer goes (the enquiry's reply address) and the thread it starts (conversation/reply-address.ts). */
  threading: Threading;
  /** The public address of the site (`SITE_URL`), for the privacy-policy link. */
  siteUrl: string;
  /** `REPLY_PROMISE_WORKING_DAYS`. */
  replyPromiseWorkingDays: number;
  /** A link of its own to the visitor's page, minted for this mail (functions/visitor/visitor-links.ts). */
  visitorPageUrl: string;
}

/**
 * Whether an enquiry gets an acknowledgement: not suspected spam, and sent
 * with a plain mailbox address (one stored before the strict rule may not be;
 * it never becomes a header).
 */
export function shouldAcknowledge(record: Pick<EnquiryRecord, 'SPAM' | 'EMAIL'>): boolean {
  return !record.SPAM && EMAIL_PATTERN.test(record.EMAIL);
}

/** The label of one of our options, or `undefined` for a value that is not one (never echoed). */
function optionLabel(
  entries: readonly { value: string; labels: Record<LocaleCode, string> }[],
  value: string,
  locale: LocaleCode,
): string | undefined {
  return entries.find((entry) => entry.value === value)?.labels[locale];
}

/** The link to the visitor's page, as a paragraph of the HTML part. */
function visitorPageParagraph(text: ReceiptText, url: string): string {
  return `<p>${escapeHtml(text.mail.pageLink + text.colon)}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
}

/**
 * A staff reply with the link to the visitor's page below it, in the
 * enquiry's page language: added as the reply is sent, so the stored reply
 * holds no link.
 */
export function withVisitorPageLink(reply: Mail, locale: LocaleCode, url: string): Mail {
  const text = RECEIPT_TEXT[locale];
  const html = reply.html.includes('</body>')
    ? reply.html.replace('</body>', `${visitorPageParagraph(text, url)}\n</body>`)
    : `${reply.html}\n${visitorPageParagraph(text, url)}`;
  return { ...reply, text: `${reply.text}\n\n${text.mail.pageLink}${text.colon}${url}\n`, html };
}

/** A date the visitor chose, as they say it; one they left empty says they have no preference (the form starts with none). */
function preferredDate(stored: string, text: ReceiptText): string | undefined {
  return stored.trim() === '' ? text.mail.noPreference : describeWhen(stored, text);
}

/** What the visitor asked for, as label and value pairs of our own words. */
function summaryRows(record: EnquiryRecord, text: ReceiptText): [string, string][] {
  const locale = record.LOCALE;
  const hotel = record.MEDICAL_SECTION === HOTEL_SECTION;
  const rows: [string, string | undefined][] = [
    [text.mail.section, optionLabel(SECTIONS, record.MEDICAL_SECTION, locale)],
    [
      text.mail.detailSection,
      record.MEDICAL_SECTION === HOSPITAL_SECTION
        ? optionLabel(DETAIL_SECTIONS, record.DETAIL_SECTION, locale)
        : undefined,
    ],
    [hotel ? text.mail.checkIn : text.mail.start, preferredDate(record.REGISTRATION_DATE, text)],
    [text.mail.checkOut, hotel ? preferredDate(record.REGISTRATION_END, text) : undefined],
    [text.mail.people, Number.isInteger(record.NUMBER_PEOPLE) ? String(record.NUMBER_PEOPLE) : undefined],
    [text.mail.rooms, hotel && Number.isInteger(record.ROOM) ? String(record.ROOM) : undefined],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

/**
 * The acknowledgement of a stored enquiry, to its address, the visitor's
 * answer going to the enquiry's reply address. Call it only when
 * `shouldAcknowledge(record)`; it refuses an address that is not a plain
 * mailbox.
 */
export function composeAcknowledgement(record: EnquiryRecord, context: AcknowledgementContext): Mail {
  if (!EMAIL_PATTERN.test(record.EMAIL))
    throw new RangeError(`Enquiry ${record.POST_INDEX} has no plain mailbox address to acknowledge`);
  const text = RECEIPT_TEXT[record.LOCALE];
  const reference = formatReference(record.POST_INDEX);
  const siteUrl = context.siteUrl.replace(/\/+$/, '');
  const privacyUrl = `${siteUrl}${privacyRoute(record.LOCALE)}`;
  const rows = summaryRows(record, text);
  const phones = customerCentrePhones();
  const subject = oneLine(text.mail.subject(reference, text.centreName));
  const promise = text.replyPromise(context.replyPromiseWorkingDays);

  const plain = [
    text.mail.greeting,
    '',
    text.mail.thanks,
    `${text.referenceLabel}${text.colon}${reference}`,
    text.keepReference,
    '',
    text.mail.summaryHeading,
    ...rows.map(([label, value]) => `- ${label}${text.colon}${value}`),
    '',
    text.nextHeading,
    promise,
    `${text.urgent}${text.colon}${phones.map((phone) => phone.display).join(' / ')}`,
    text.mail.replyHint,
    `${text.mail.pageLink}${text.colon}${context.visitorPageUrl}`,
    '',
    `${text.mail.privacy}${text.colon}${privacyUrl}`,
    text.mail.notYou,
    '',
    text.centreName,
    siteUrl,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(localeByCode(record.LOCALE).lang)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    `<p>${escapeHtml(text.mail.greeting)}</p>`,
    `<p>${escapeHtml(text.mail.thanks)}</p>`,
    `<p>${escapeHtml(text.referenceLabel + text.colon)}<strong style="font-size:18px">${escapeHtml(reference)}</strong><br>${escapeHtml(text.keepReference)}</p>`,
    `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(text.mail.summaryHeading)}</h2>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="${cell};font-weight:bold">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(text.nextHeading)}</h2>`,
    `<p>${escapeHtml(promise)}</p>`,
    `<p>${escapeHtml(text.urgent + text.colon)}${phones.map((phone) => `<a href="${escapeHtml(phone.href)}">${escapeHtml(phone.display)}</a>`).join(' / ')}</p>`,
    `<p>${escapeHtml(text.mail.replyHint)}</p>`,
    visitorPageParagraph(text, context.visitorPageUrl),
    `<p>${escapeHtml(text.mail.privacy + text.colon)}<a href="${escapeHtml(privacyUrl)}">${escapeHtml(privacyUrl)}</a></p>`,
    `<p style="color:#4b5563;font-size:13px">${escapeHtml(text.mail.notYou)}</p>`,
    `<p>${escapeHtml(text.centreName)}<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');

  return { to: record.EMAIL, ...context.threading, subject, html, text: plain };
}
