/** An enquiry's mails in the outbox: removed with it, and handed to its subject with what each said. */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import type { StoredEnquiry } from '../enquiries/ports';
import type { EnquiryEvent } from '../work/ports';
import { outbox } from './adapters/stores';
import { acknowledgementMailId, staffMailId } from './outbox/mail-delivery';
import type { MailContent, OutboxMail } from './ports';

/** Every mail id an enquiry may have in the outbox: its staff notice, its acknowledgement, each reply and link in its history. */
export function mailIdsOf(enquiry: StoredEnquiry, history: readonly EnquiryEvent[]): string[] {
  return [
    staffMailId(enquiry.POST_INDEX),
    acknowledgementMailId(enquiry.POST_INDEX),
    ...history.flatMap((event) => (event.mailId ? [event.mailId] : [])),
  ];
}

/** A mail as the right of access hands it over: a reply's words as the visitor read them (the HTML copy says the same). */
export type SubjectMail = Pick<OutboxMail, 'kind' | 'status' | 'sentAt'> & {
  content?: Pick<MailContent, 'to' | 'subject' | 'text'>;
};

export const mailPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'mail',
  tables: { outbox },
  async erase(deps, { enquiry, history }) {
    await Promise.all(mailIdsOf(enquiry, history).map((mailId) => deps.outbox.remove(mailId)));
  },
  async subjectData(deps, { enquiry, history }): Promise<{ mails: SubjectMail[] }> {
    const mails = await Promise.all(mailIdsOf(enquiry, history).map((mailId) => deps.outbox.get(mailId)));
    return {
      mails: mails
        .filter((mail): mail is OutboxMail => mail !== undefined)
        .map(({ kind, status, sentAt, content }) => ({
          kind,
          status,
          ...(sentAt ? { sentAt } : {}),
          ...(content ? { content: { to: content.to, subject: content.subject, text: content.text } } : {}),
        })),
    };
  },
});
