import type { Copy } from '../../../../shared/content/copy';

export interface Option {
  value: string;
  label: string;
}

export interface Phone {
  display: string;
  href: string;
}

/** The copy the enquiry forms show (only these keys travel into the island's props). */
export const ENQUIRY_LABEL_KEYS = [
  'form.required',
  'form.requiredNote',
  'form.name',
  'form.phone',
  'form.email',
  'form.detailSection',
  'form.message',
  'form.messageHint.hospital',
  'form.messageHint.concierge',
  'form.messageHint.hotel',
  'form.messageHint.interpretation',
  'form.messageCount',
  'form.count',
  'form.rooms',
  'form.start',
  'form.checkIn',
  'form.checkOut',
  'form.koreaTime',
  'form.dateOptional',
  'form.language',
  'form.languageOther',
  'form.languageOtherInput',
  'form.destination',
  'form.destinationHint',
  'form.hotel',
  'form.channel',
  'form.channel.none',
  'form.channel.account',
  'form.channel.accountHint',
  'form.submit',
  'form.sending',
  'form.requiredMissing',
  'form.success',
  'form.successReference',
  'form.successDetail',
  'form.failure.network',
  'form.failure.server',
  'form.failure.rateLimited',
  'form.failure.invalid',
  'form.failure.callUs',
  'form.error.userName',
  'form.error.userEmail',
  'form.error.phone',
  'form.error.messageTooLong',
  'form.error.start.past',
  'form.error.finish.beforeStart',
  'form.error.consentPrivacy',
  'form.error.consentHealth',
  'form.error.contactChannel',
  'form.error.contactAccount',
  'form.error.language',
  'form.error.other',
  'form.retry',
  'form.confirm.prompt',
  'form.confirm.submit',
  'consent.privacy.label',
  'consent.health.label',
  'consent.details',
  'consent.purpose',
  'consent.items',
  'consent.retention',
  'consent.refuse',
  'consent.health',
  'consent.policy',
] as const satisfies readonly (keyof Copy)[];

export type EnquiryLabels = Pick<Copy, (typeof ENQUIRY_LABEL_KEYS)[number]>;

export function enquiryLabels(copy: Copy): EnquiryLabels {
  return Object.fromEntries(ENQUIRY_LABEL_KEYS.map((key) => [key, copy[key]])) as EnquiryLabels;
}
