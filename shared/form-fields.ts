/**
 * Constants the public enquiry form and the send route must agree on. No
 * schema library here: the page scripts import this file.
 */

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

/** The loose shape an e-mail address must have (the browser's input type does the rest). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

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

/** A person needs at least this long to fill the form; faster is treated as a bot. */
export const MIN_FILL_TIME_MS = 3_000;

/**
 * Version of the privacy and health-information consent notice the pages show.
 * Stored with every enquiry; change it whenever the notice text changes.
 */
export const CONSENT_NOTICE_VERSION = '2026-11-01';

/** Query parameters of the redirect that answers a plain (no JavaScript) form post. */
export const FORM_RESULT_PARAMS = { sent: 'sent', error: 'error', fields: 'fields' } as const;

/**
 * Fragments of that redirect: each names a notice on the page that CSS shows
 * when it is the target, so a visitor without JavaScript still reads the outcome.
 */
export const FORM_RESULT_ANCHORS = { sent: 'enquiry-sent', failed: 'enquiry-failed' } as const;
