/**
 * The page a plain form post (a visitor without JavaScript) is answered with
 * once the enquiry is stored: its reference, what happens next, the
 * customer-centre numbers and the way back. It travels as an API answer,
 * whose Content-Security-Policy lets nothing load (`default-src 'none'`):
 * plain semantic HTML, no script, no style, nothing remote.
 */
import { type LocaleCode, localeByCode } from '../../shared/locales';
import { RECEIPT_TEXT } from '../../shared/intake/receipt-text';
import { escapeHtml } from '../mail/html-text';
import { customerCentrePhones } from './receipt-parts';

export interface ReceiptPageInput {
  locale: LocaleCode;
  /** `MT-000123`. */
  reference: string;
  /** A path of our own site to go back to. */
  backHref: string;
  replyPromiseWorkingDays: number;
}

export function renderReceiptPage({ locale, reference, backHref, replyPromiseWorkingDays }: ReceiptPageInput): string {
  const text = RECEIPT_TEXT[locale];
  const phones = customerCentrePhones()
    .map((phone) => `<a href="${escapeHtml(phone.href)}">${escapeHtml(phone.display)}</a>`)
    .join(' / ');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(localeByCode(locale).lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(`${text.page.title} - ${text.centreName}`)}</title>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(text.sent)}</h1>`,
    `<p>${escapeHtml(text.referenceLabel + text.colon)}<strong id="reference">${escapeHtml(reference)}</strong></p>`,
    `<p>${escapeHtml(text.keepReference)}</p>`,
    `<h2>${escapeHtml(text.nextHeading)}</h2>`,
    `<p>${escapeHtml(text.replyPromise(replyPromiseWorkingDays))}</p>`,
    `<p>${escapeHtml(text.urgent + text.colon)}${phones}</p>`,
    `<p><a href="${escapeHtml(backHref)}">${escapeHtml(text.page.back)}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
