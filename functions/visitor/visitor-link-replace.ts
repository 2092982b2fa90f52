/**
 * Staff replace the links to a visitor's page (a link forwarded by mistake,
 * a mailbox someone else reads): every hash the enquiry keeps goes, one new
 * link is made and mailed to the visitor in the language of their page.
 * The mail waits in the outbox sealed, as a staff invitation does, and its
 * sealed words go once it is sent or given up. Conditional on the VERSION
 * the staff member saw, as every work change; recorded in the history with
 * its mail, so an erasure finds the mail too.
 */
import { randomUUID } from 'node:crypto';
import type { EnquiryRecord, MailStatus } from '../../shared/enquiries/enquiry';
import { RECEIPT_TEXT } from '../../shared/intake/receipt-text';
import { localeByCode } from '../../shared/locales';
import { VISITOR_LINK_MAIL_TEXT } from '../../shared/visitor/link-mail-text';
import type { VisitorLinkReplaceRequest } from '../../shared/visitor/visitor-page-schema';
import type { AppDeps } from '../deps';
import { toRecord } from '../enquiries/enquiry-record';
import { ApiError } from '../platform/http/errors';
import { customerCentrePhones } from '../intake/receipt-parts';
import { escapeHtml, oneLine } from '../mail/html-text';
import type { MailDeps } from '../mail/outbox/mail-deps';
import { deliverMail, pendingMail } from '../mail/outbox/mail-delivery';
import type { MailContent } from '../mail/ports';
import { sealContent } from '../mail/sealed-content';
import { WorkConflict, eventKey, mailable, workableEnquiry } from '../work/enquiry-work';
import { newVisitorLink } from './visitor-links';

/** The mail with the new link, in the language of the visitor's page, replies going to the staff inbox as a reply's do. */
export function composeVisitorLinkMail(record: EnquiryRecord, url: string, staffInbox: string): MailContent {
  const receipt = RECEIPT_TEXT[record.LOCALE];
  const text = VISITOR_LINK_MAIL_TEXT[record.LOCALE];
  const phones = customerCentrePhones();
  const subject = oneLine(text.subject(record.REFERENCE, receipt.centreName));
  const call = `${receipt.urgent}${receipt.colon}`;
  const plain = [
    receipt.mail.greeting,
    '',
    text.intro(record.REFERENCE),
    url,
    '',
    text.oldLinks,
    text.notAsked,
    `${call}${phones.map((phone) => phone.display).join(' / ')}`,
    '',
    receipt.centreName,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(localeByCode(record.LOCALE).lang)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    `<p>${escapeHtml(receipt.mail.greeting)}</p>`,
    `<p>${escapeHtml(text.intro(record.REFERENCE))}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    `<p>${escapeHtml(text.oldLinks)}</p>`,
    `<p style="color:#4b5563;font-size:13px">${escapeHtml(text.notAsked)}<br>${escapeHtml(call)}${phones.map((phone) => `<a href="${escapeHtml(phone.href)}">${escapeHtml(phone.display)}</a>`).join(' / ')}</p>`,
    `<p>${escapeHtml(receipt.centreName)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { to: record.EMAIL, replyTo: staffInbox, subject, text: plain, html };
}

export type ReplaceLinkDeps = Pick<AppDeps, 'events'> & MailDeps;

/** `POST /api/enquiry/visitor-link`: the enquiry as it is now (its version moved on) and the new link's mail state. */
export async function replaceVisitorLink(
  deps: ReplaceLinkDeps,
  actor: string,
  request: VisitorLinkReplaceRequest,
): Promise<{ record: EnquiryRecord; mailStatus: MailStatus }> {
  const enquiry = mailable(await workableEnquiry(deps, request.index));
  const now = deps.clock.now();
  const link = newVisitorLink(enquiry.POST_INDEX, enquiry.LOCALE ?? 'en', deps.settings.SITE_URL);
  const updated = await deps.enquiries.replaceVisitorLinkHashes(
    enquiry.POST_INDEX,
    request.version,
    link.hash,
    new Date(now).toISOString(),
  );
  if (!updated) {
    const current = await deps.enquiries.get(enquiry.POST_INDEX);
    if (!current) throw new ApiError('not_found', `There is no enquiry ${enquiry.POST_INDEX}.`);
    throw new WorkConflict(toRecord(current));
  }
  const record = toRecord(updated);
  const mail = pendingMail(now, {
    mailId: `${enquiry.POST_INDEX}:visitorLink:${randomUUID()}`,
    kind: 'visitorLink',
    postIndex: enquiry.POST_INDEX,
    sealedContent: sealContent(
      deps.settings.TOKEN_SECRET,
      composeVisitorLinkMail(record, link.url, deps.settings.MAIL_TO),
    ),
  });
  await deps.outbox.add(mail);
  await deps.events.add({
    postIndex: enquiry.POST_INDEX,
    at: eventKey(now),
    type: 'visitorLink',
    actor,
    mailId: mail.mailId,
  });
  return { record, mailStatus: await deliverMail(deps, mail, updated) };
}
