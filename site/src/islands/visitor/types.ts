/** What the visitor's page island is given (built per locale in site/src/pages/my-enquiry/[locale].astro). */
import type { Copy } from '../../../../shared/content/copy';
import type { LocaleCode } from '../../../../shared/locales';
import type { Option, Phone } from '../enquiry/types';

/** The copy the visitor's page shows (only these keys travel into the island's props). */
export const VISITOR_LABEL_KEYS = [
  'meta.siteName',
  'visitor.loading',
  'visitor.reference',
  'visitor.standing.heading',
  'visitor.standing.received',
  'visitor.standing.inProgress',
  'visitor.standing.answered',
  'visitor.standing.closed',
  'visitor.sent.heading',
  'visitor.sent.receivedAt',
  'visitor.sent.section',
  'form.detailSection',
  'form.start',
  'form.checkIn',
  'form.checkOut',
  'form.count',
  'form.rooms',
  'form.message',
  'form.koreaTime',
  'visitor.conversation.heading',
  'visitor.conversation.empty',
  'visitor.conversation.you',
  'visitor.conversation.byMail',
  'visitor.write.heading',
  'visitor.write.label',
  'visitor.write.hint',
  'visitor.write.submit',
  'form.sending',
  'visitor.write.sent',
  'visitor.write.required',
  'visitor.write.tooLong',
  'visitor.failure.network',
  'visitor.failure.server',
  'visitor.failure.rateLimited',
  'visitor.notFound.title',
  'visitor.notFound.text',
  'visitor.linkExpiry',
  'visitor.noLink',
  'visitor.tooManyTries',
  'visitor.loadFailed',
  'visitor.contact',
  'form.retry',
] as const satisfies readonly (keyof Copy)[];

export type VisitorLabels = Pick<Copy, (typeof VISITOR_LABEL_KEYS)[number]>;

export function visitorLabels(copy: Copy): VisitorLabels {
  return Object.fromEntries(VISITOR_LABEL_KEYS.map((key) => [key, copy[key]])) as VisitorLabels;
}

export interface VisitorPageProps {
  locale: LocaleCode;
  /** BCP 47 tag of the page, for dates. */
  lang: string;
  labels: VisitorLabels;
  /** Our options' labels in the page's language, by their wire value. */
  sections: Option[];
  detailSections: Option[];
  /** How to reach the centre, when the page cannot show the enquiry. */
  phones: Phone[];
  email: string;
}

/** The element the island renders into (its `data-props` hold the props); the page's no-JavaScript words stay outside it. */
export const VISITOR_ROOT_ID = 'visitor-page';
