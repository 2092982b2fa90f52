/**
 * The key of a phone number, so two enquiries written with the same number
 * in different ways (`+7 900 123-45-67`, `0079001234567`, `+7 (900) 1234567`)
 * are found to be one visitor's (the enquiries table's `byPhone` index).
 *
 * A small rule of our own, not a phone-number library: only the digits
 * count, and a leading `+` or `00` (the international call prefix of most
 * countries) marks the number as international, keyed `+<digits>`. A number
 * written without one is keyed by its digits as written: we cannot tell its
 * country (the page's language does not say where the visitor lives), so
 * `010-1234-5678` and `+82 10 1234 5678` stay two keys. A library with
 * numbering plans (libphonenumber-js) would join those two; this rule only
 * ever joins numbers written the same digits, so it may miss a visitor's
 * other enquiry but does not mix two visitors.
 */

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
  // `+44 (0)20 7946 0958`: the bracketed trunk zero is dialled at home only, never after the country code.
  const withoutTrunkZero = international ? text.replace(/\(\s*0\s*\)/g, '') : text;
  const allDigits = withoutTrunkZero.replace(/\D/g, '');
  // `0079001234567`: the `00` is the prefix, not the number.
  const digits = international && !text.startsWith('+') ? allDigits.slice(2) : allDigits;
  if (digits.length < PHONE_KEY_MIN_DIGITS || digits.length > PHONE_KEY_MAX_DIGITS) return undefined;
  return international ? `+${digits}` : digits;
}
