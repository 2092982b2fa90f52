/**
 * What an outbox mail says when it goes: composed from its enquiry, opened
 * from its seal, or as stored, and for a mail to the visitor with a link to
 * their page of its own (functions/mail/outbox/mail-delivery.ts sends it).
 */
import type { StoredEnquiry } from '../enquiries/ports';
import { toRecord } from '../enquiries/enquiry-record';
import { mintVisitorLink } from '../visitor/visitor-links';
import { currentThreading, replyGeneration, visitorThreading } from '../conversation/reply-address';
import { composeAcknowledgement, withVisitorPageLink } from './acknowledgement-mail';
import type { AppDeps } from '../deps';
import { type Mail, type OutboxKind, type OutboxMail } from './ports';
import { openContent } from './sealed-content';
import { composeEnquiryMail } from './staff-mail';
import { composeVisitorNotice } from './visitor-notice/visitor-notice-mail';
import type { TranslationView } from '../../shared/translation/staff-translation';

/**
 * The mails to a visitor: each carries a link to their page of its own, and
 * their Message-IDs find the enquiry of an answer that reaches us without its
 * reply address.
 */
export const VISITOR_KINDS: readonly OutboxKind[] = ['ack', 'reply'];

/**
 * A new link to the visitor's page for a mail to the visitor, minted as it
 * goes (only its hash is kept, on the enquiry), so no link waits in the
 * outbox; `undefined` for any other mail. Throws when the hash cannot be
 * written.
 */
export function visitorPageLinkOf(
  deps: Pick<AppDeps, 'settings' | 'clock'> & Partial<Pick<AppDeps, 'enquiries'>>,
  mail: OutboxMail,
  enquiry: StoredEnquiry | undefined,
): Promise<string | undefined> {
  if (!enquiry || !deps.enquiries || !VISITOR_KINDS.includes(mail.kind)) return Promise.resolve(undefined);
  return mintVisitorLink(
    { enquiries: deps.enquiries, settings: deps.settings, clock: deps.clock },
    enquiry.POST_INDEX,
    enquiry.LOCALE ?? 'en',
  );
}

/**
 * The mail itself: a notification is composed from the enquiry when it is
 * sent (so it shows the latest), a reply or a notice is what was stored, a
 * one-time link is opened from its seal. A notice to staff carries its
 * `translation` as read when it goes (notice-translation.ts). Throws when
 * there is nothing to send.
 */
export function composeOutboxMail(
  deps: Pick<AppDeps, 'settings'>,
  mail: OutboxMail,
  enquiry: StoredEnquiry | undefined,
  visitorPageUrl: string | undefined,
  translation?: TranslationView,
): Mail {
  const pageUrl = () => {
    if (!visitorPageUrl) throw new Error(`Mail ${mail.mailId} to a visitor has no link to the visitor's page`);
    return visitorPageUrl;
  };
  const addressing = { secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN };
  switch (mail.kind) {
    case 'staff':
      if (!enquiry) throw new Error(`Mail ${mail.mailId} has no enquiry`);
      return composeEnquiryMail(toRecord(enquiry), deps.settings.MAIL_TO, deps.settings.SITE_URL, translation);
    case 'ack':
      if (!enquiry) throw new Error(`Mail ${mail.mailId} has no enquiry`);
      return composeAcknowledgement(toRecord(enquiry), {
        threading: visitorThreading(addressing, enquiry.POST_INDEX, [], replyGeneration(enquiry)),
        siteUrl: deps.settings.SITE_URL,
        replyPromiseWorkingDays: deps.settings.REPLY_PROMISE_WORKING_DAYS,
        visitorPageUrl: pageUrl(),
      });
    case 'visitor': {
      if (!enquiry?.LAST_VISITOR_AT || !enquiry.LAST_VISITOR_CHANNEL)
        throw new Error(`Mail ${mail.mailId} has no visitor's message`);
      // The enquiry's latest message; once its send is claimed, the messages gathered into it replace it (mail-sending.ts).
      const latest = {
        at: enquiry.LAST_VISITOR_AT,
        channel: enquiry.LAST_VISITOR_CHANNEL,
        preview: enquiry.LAST_VISITOR_PREVIEW ?? '',
        ...(translation ? { translation } : {}),
      };
      return composeVisitorNotice(
        { postIndex: enquiry.POST_INDEX, section: enquiry.MEDICAL_SECTION, messages: [latest] },
        enquiry.OWNER || deps.settings.MAIL_TO,
        deps.settings.SITE_URL,
      );
    }
    case 'reply':
      if (!mail.content) throw new Error(`Mail ${mail.mailId} has no content`);
      if (!enquiry) throw new Error(`Mail ${mail.mailId} has no enquiry`);
      // Its address as of now: staff may have replaced the links since the reply was written.
      return withVisitorPageLink(
        currentThreading(addressing, mail.content, enquiry.POST_INDEX, replyGeneration(enquiry)),
        enquiry.LOCALE ?? 'en',
        pageUrl(),
      );
    case 'notice':
      if (!mail.content) throw new Error(`Mail ${mail.mailId} has no content`);
      return mail.content;
    case 'invite':
    case 'enrol':
    case 'visitorLink':
      if (!mail.sealedContent) throw new Error(`Mail ${mail.mailId} has no sealed content`);
      return openContent(deps.settings.TOKEN_SECRET, mail.sealedContent);
  }
}
