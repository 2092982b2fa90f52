/**
 * The key of a phone number, so two enquiries written with the same number
 * in different ways (`+7 900 123-45-67`, `0079001234567`, `+7 (900) 1234567`,
 * `+44 (0)20 7946 0958`) are found to be one visitor's (the enquiries table's
 * `byPhone` index).
 *
 * A number written with its country (a leading `+`, or `00`, the
 * international call prefix of most countries) is read with the numbering
 * plans of libphonenumber-js: its key is its E.164 form, whatever the
 * punctuation or the trunk prefix written after the country code. A number
 * written without one is keyed by its digits as written: we cannot tell its
 * country (the page's language does not say where the visitor lives), so
 * `010-1234-5678` and `+82 10 1234 5678` stay two keys. That may miss a
 * visitor's other enquiry, but never mixes two visitors.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Fewer digits than this give no key: a number that short (an extension, a
 * typo, `12345`) is shared by too many people to say two enquiries are one
 * patient's.
 */
export const PHONE_KEY_MIN_DIGITS = 7;
/** More than this give no key: E.164 numbers have at most 15 digits, so more is two numbers written together, or not a number. */
export const PHONE_KEY_MAX_DIGITS = 15;

/** The key of a phone number as a visitor wrote it, or `undefined` when it is too short or too long to name one line. */
export function phoneKey(written: string): string | undefined {
  const text = written.trim();
  const international = /^(?:\+|00)/.test(text);
  if (international) {
    const parsed = parsePhoneNumberFromString(text.replace(/^00/, '+'));
    if (parsed?.isPossible()) return parsed.number;
  }
  // A country the plans do not know, or a number they find impossible: its digits, after the `00` prefix.
  const allDigits = text.replace(/\D/g, '');
  const digits = international && !text.startsWith('+') ? allDigits.slice(2) : allDigits;
  if (digits.length < PHONE_KEY_MIN_DIGITS || digits.length > PHONE_KEY_MAX_DIGITS) return undefined;
  return international ? `+${digits}` : digits;
}
