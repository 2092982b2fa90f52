/**
 * What the receipt page and the acknowledgement mail both say, built from
 * our own data only: the customer-centre numbers and a requested date in the
 * reader's language, in Korea time.
 */
import { CONTACT, telHref } from '../../shared/content/contact';
import { displayText } from '../../shared/content/placeholders';
import { parseKoreaDateTime } from '../../shared/korea-time';
import type { ReceiptText } from '../../shared/intake/receipt-text';

export interface PhoneLink {
  display: string;
  href: string;
}

export function customerCentrePhones(): PhoneLink[] {
  return CONTACT.customerCentres.map((number) => ({ display: displayText(number), href: telHref(number) }));
}

const STORED_WHEN = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}:\d{2}))?$/;

/**
 * A stored reservation time (`YYYY-MM-DD HH:mm` or `YYYY-MM-DD`, Korea time)
 * as the reader says it, the time zone named after a time; `undefined` for
 * anything else (never echoed as it is).
 */
export function describeWhen(stored: string, text: ReceiptText): string | undefined {
  const match = STORED_WHEN.exec(stored);
  if (!match || parseKoreaDateTime(stored) === undefined) return undefined;
  const time = match[4];
  const day = text.when(Number(match[1]), Number(match[2]), Number(match[3]), time);
  return time ? `${day} ${text.koreaTime}` : day;
}
