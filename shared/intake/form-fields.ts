/**
 * Constants the public enquiry form and the send route must agree on. No
 * schema library here: the page scripts import this file.
 */
import type { ApiErrorCode } from '../api-error';

export const ENQUIRY_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 40,
  messageMax: 5_000,
  placeMax: 200,
  partyMin: 1,
  partyMax: 10,
  roomsMin: 1,
  roomsMax: 5,
} as const;

/**
 * A message's length as the send route counts it against `messageMax` (zod's
 * `maxLength` counts a string's code points): without the white space around
 * it, each character one, an emoji too. The page's counter counts the same
 * way, so it never says a message fits that the route refuses.
 */
export function messageLength(message: string): number {
  let length = 0;
  for (const _character of message.trim()) length += 1;
  return length;
}

/** A message the send route refuses for its length (it is never cut). */
export function messageTooLong(message: string): boolean {
  return messageLength(message) > ENQUIRY_LIMITS.messageMax;
}

/**
 * A plain mailbox address, the same rule in the browser and on the server:
 * letters, digits and `. _ + - '` before the `@` (no `?`, `&`, `=`, `%`, no
 * encoded words, nothing a mail header or a `mailto:` link could read as more
 * than an address), and a dotted domain in its ASCII form.
 */
export const EMAIL_PATTERN =
  /^(?=.{3,254}$)(?=[^@]{1,64}@)[A-Za-z0-9_+'-]+(?:\.[A-Za-z0-9_+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * The address as stored: trimmed, its domain in ASCII (an internationalised
 * domain such as `例え.jp` becomes `xn--r8jz45g.jp`, as URL parsing does
 * everywhere), or `undefined` when it is not a plain mailbox address.
 */
export function normaliseEmail(raw: string): string | undefined {
  const trimmed = raw.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return undefined;
  let domain = trimmed.slice(at + 1);
  // Only a name made of letters (any script), digits, dots and hyphens is converted; anything else fails the pattern.
  if (/[^\x00-\x7f]/.test(domain) && /^[\p{L}\p{N}\p{M}.-]+$/u.test(domain)) {
    try {
      domain = new URL(`http://${domain}`).hostname;
    } catch {
      return undefined;
    }
  }
  const address = `${trimmed.slice(0, at)}@${domain.toLowerCase()}`;
  return EMAIL_PATTERN.test(address) ? address : undefined;
}

/** Value of the other/etc. language radio in a plain form post; the visitor's words come in `user_language_other`. */
export const OTHER_LANGUAGE_VALUE = 'other';
export const OTHER_LANGUAGE_FIELD = 'user_language_other';

/** Hidden field that people never fill and form-filling bots do. */
export const HONEYPOT_FIELD = 'website';

/**
 * How long the visitor took to fill the form, in milliseconds, measured by the
 * page script on one clock (`performance.now()` at render and at submit).
 * An elapsed time, not a time of day: a visitor's clock that runs fast or slow
 * must not make a real enquiry look automated.
 */
export const FILL_TIME_FIELD = 'form_fill_ms';

/**
 * How far in the past a reservation time may lie and still be taken, in
 * milliseconds: the browser and the send route refuse an earlier time with
 * the same grace. A visitor who picks "now" and takes a few minutes to send,
 * or whose clock runs a little slow, is not refused.
 */
export const RESERVATION_PAST_GRACE_MS = 5 * 60 * 1000;

/**
 * A person needs at least this long to fill the form. An enquiry sent faster
 * (autofill, a fast typist, or a bot) is not stored: the send route answers
 * CONFIRM_NEEDED and the page asks the visitor to check it and send it again,
 * which, past this time, stores it as any other.
 */
export const MIN_FILL_TIME_MS = 3_000;

/** The send route's error code for an enquiry sent faster than MIN_FILL_TIME_MS. */
export const CONFIRM_NEEDED = 'confirm_needed' satisfies ApiErrorCode;

/**
 * Version of the privacy and health-information consent notice the pages show
 * (the form's `consent.*` text: what the visitor agrees to). Stored with every
 * enquiry; change it whenever that text changes. The privacy policy page has
 * its own date (`privacy.updated`): a change there that asks no new consent,
 * such as naming a processor (the machine translation), keeps this.
 */
export const CONSENT_NOTICE_VERSION = '2026-11-01';

/** Id of the section of every language page that holds the enquiry forms. */
export const ENQUIRY_SECTION_ID = 'contact';

/**
 * Query parameters of the redirect that answers a plain (no JavaScript) form
 * post that failed (one that succeeds is answered with a page of its own).
 */
export const FORM_RESULT_PARAMS = { error: 'error', fields: 'fields' } as const;

/**
 * Fragment of that redirect: it names a notice on the page that CSS shows
 * when it is the target, so a visitor without JavaScript still reads the outcome.
 */
export const FORM_RESULT_ANCHORS = { failed: 'enquiry-failed' } as const;

/**
 * Fields the page has a notice of its own for, shown without JavaScript. CSS
 * cannot read the query string (`?fields=`), only the fragment: a redirect
 * whose fragment names one of these fields (`#enquiry-failed-start`) shows
 * the general notice with that field's message, in the page's language.
 */
export const FIELDS_WITH_OWN_NOTICE = [
  'user_name',
  'user_email',
  'phone',
  'message',
  'start',
  'finish',
  'user_language',
  'contact_channel',
  'contact_account',
  'consent_privacy',
  'consent_health',
] as const;

/** Id of the no-JavaScript notice of one field. */
export function failedFieldAnchor(field: (typeof FIELDS_WITH_OWN_NOTICE)[number]): string {
  return `${FORM_RESULT_ANCHORS.failed}-${field}`;
}

/**
 * The fragment of the redirect that answers a failed plain form post: the
 * notice of the first named field that has one, else the general notice.
 */
export function failedFormAnchor(fields: readonly string[]): string {
  const field = fields.find((name): name is (typeof FIELDS_WITH_OWN_NOTICE)[number] =>
    (FIELDS_WITH_OWN_NOTICE as readonly string[]).includes(name),
  );
  return field ? failedFieldAnchor(field) : FORM_RESULT_ANCHORS.failed;
}

/**
 * A `mailto:` link to a stored address, or `undefined` when the address is not
 * a plain mailbox (an address kept from before the strict rule): then the page
 * shows it as text, so no `?bcc=` or header can ride along in a link.
 */
export function mailtoHref(address: string): string | undefined {
  if (!EMAIL_PATTERN.test(address)) return undefined;
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${address.slice(at + 1)}`;
}
