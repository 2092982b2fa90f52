/**
 * The enquiry form's state (pure, so it is unit-tested): the defaults of
 * docs/contract.md, 'The enquiry form's start state', Korea-time pickers, the
 * checks made before a send and the words beside a refused field. The body
 * the send route takes and the send itself are in form-send.ts.
 */
import { CONTACT_CHANNELS, type ContactChannel, isValidAccount } from '../../../../shared/intake/contact-channels';
import {
  DEFAULT_DETAIL_SECTION,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  type Section,
} from '../../../../shared/enquiries/enums';
import {
  HONEYPOT_FIELD,
  OTHER_LANGUAGE_FIELD,
  RESERVATION_PAST_GRACE_MS,
  messageTooLong,
  normaliseEmail,
} from '../../../../shared/intake/form-fields';
import {
  formatKoreaDate,
  formatKoreaDateTime,
  isKoreaDay,
  isPastKoreaTime,
  startOfKoreaDay,
} from '../../../../shared/korea-time';
import type { EnquiryLabels } from './types';

export interface FormValues {
  user_name: string;
  phone: string;
  user_email: string;
  detail_section: string;
  message: string;
  user_count: string;
  user_Room: string;
  /** `YYYY-MM-DDTHH:mm` (date-time input) or `YYYY-MM-DD` (hotel date input), Korea time. */
  start: string;
  finish: string;
  /** A listed language, or `other`. */
  language: string;
  languageOther: string;
  destination: string;
  hotel: string;
  /** A contact channel, or '' for no preference. */
  contact_channel: string;
  contact_account: string;
  consent_privacy: boolean;
  consent_health: boolean;
  website: string;
}

/** Where the reference goes in the page copy's `form.successReference`. */
export const REFERENCE_SLOT = '{reference}';

export function isContactChannel(value: string): value is ContactChannel {
  return (CONTACT_CHANNELS as readonly string[]).includes(value);
}

/** What the date-time input wants for "now in Korea". */
export function koreaNowInput(now: number): string {
  return formatKoreaDateTime(now).replace(' ', 'T');
}

export function koreaTodayInput(now: number): string {
  return formatKoreaDate(now);
}

/**
 * The start state of every form (docs/contract.md, 'The enquiry form's start
 * state'): nothing typed, nothing ticked, no date (an empty date says "no
 * preference"; a date the form put there would read as the visitor's wish),
 * and the page's own language.
 */
export function defaultValues(defaultLanguage: string): FormValues {
  return {
    user_name: '',
    phone: '',
    user_email: '',
    detail_section: DEFAULT_DETAIL_SECTION,
    message: '',
    user_count: '1',
    user_Room: '1',
    start: '',
    finish: '',
    language: defaultLanguage,
    languageOther: '',
    destination: '',
    hotel: '',
    contact_channel: '',
    contact_account: '',
    consent_privacy: false,
    consent_health: false,
    website: '',
  };
}

/** Form field names of the values that are plain text, select or textarea fields. */
const TEXT_FIELDS: Record<Exclude<keyof FormValues, 'language' | 'consent_privacy' | 'consent_health'>, string> = {
  user_name: 'user_name',
  phone: 'phone',
  user_email: 'user_email',
  detail_section: 'detail_section',
  message: 'message',
  user_count: 'user_count',
  user_Room: 'user_Room',
  start: 'start',
  finish: 'finish',
  languageOther: OTHER_LANGUAGE_FIELD,
  destination: 'destination',
  hotel: 'hotel',
  contact_channel: 'contact_channel',
  contact_account: 'contact_account',
  website: HONEYPOT_FIELD,
};

/**
 * What the server-rendered form holds when its island wakes: what the visitor
 * typed, ticked or chose (or autofill put there) before the JavaScript ran.
 * Fields the form does not have keep `base`.
 */
export function valuesFromForm(form: HTMLFormElement, base: FormValues): FormValues {
  const values = { ...base };
  for (const [key, name] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, string][]) {
    const field = form.elements.namedItem(name);
    if (field && 'value' in field && typeof field.value === 'string') values[key] = field.value;
  }
  const language = form.querySelector<HTMLInputElement>('input[name="user_language"]:checked');
  if (language) values.language = language.value;
  for (const key of ['consent_privacy', 'consent_health'] as const) {
    const box = form.elements.namedItem(key);
    if (box instanceof HTMLInputElement) values[key] = box.checked;
  }
  return values;
}

/**
 * Fields whose value the server would refuse, checked the same way before
 * sending: the e-mail address, a message past its length (never cut: the
 * visitor shortens it), and the account on the preferred contact channel (or
 * an account typed without choosing its channel).
 */
export function invalidFields(values: FormValues): (keyof FormValues)[] {
  const invalid: (keyof FormValues)[] = [];
  if (values.user_email.trim() && !normaliseEmail(values.user_email)) invalid.push('user_email');
  if (messageTooLong(values.message)) invalid.push('message');
  const account = values.contact_account.trim();
  if (values.contact_channel === '') {
    if (account) invalid.push('contact_channel');
  } else if (!isContactChannel(values.contact_channel) || !isValidAccount(values.contact_channel, account)) {
    invalid.push('contact_account');
  }
  return invalid;
}

/**
 * Dates the send route would refuse, checked against the clock in Korea: a
 * reservation time (or check-in day) already past beyond the shared grace,
 * and a check-out before the check-in.
 */
export function dateProblems(section: Section, values: FormValues, now: number): (keyof FormValues)[] {
  const problems: (keyof FormValues)[] = [];
  if (values.start && isPastKoreaTime(values.start, now, RESERVATION_PAST_GRACE_MS)) problems.push('start');
  if (
    section === HOTEL_SECTION &&
    isKoreaDay(values.start) &&
    isKoreaDay(values.finish) &&
    values.finish < values.start
  )
    problems.push('finish');
  return problems;
}

/** The day after a `YYYY-MM-DD` day. */
function nextDay(day: string): string {
  return formatKoreaDate(startOfKoreaDay(day) + 24 * 60 * 60 * 1000);
}

/**
 * The hotel form's values with a new check-in: moved onto or past the
 * check-out, it takes the check-out along to the day after, so the stay
 * stays a stay instead of becoming an error.
 */
export function withCheckIn(values: FormValues, checkIn: string): FormValues {
  const moved = { ...values, start: checkIn };
  if (isKoreaDay(checkIn) && isKoreaDay(values.finish) && values.finish <= checkIn) moved.finish = nextDay(checkIn);
  return moved;
}

/** Which required items are missing: name, e-mail, and the consents the section needs. */
export function missingRequired(section: Section, values: FormValues): (keyof FormValues)[] {
  const missing: (keyof FormValues)[] = [];
  if (!values.user_name.trim()) missing.push('user_name');
  if (!values.user_email.trim()) missing.push('user_email');
  if (!values.consent_privacy) missing.push('consent_privacy');
  if (section === HOSPITAL_SECTION && !values.consent_health) missing.push('consent_health');
  return missing;
}

type FieldMessageKey = Extract<keyof EnquiryLabels, `form.error.${string}`>;

/** The message shown next to each field the browser or the send route refuses. */
const FIELD_MESSAGES: Partial<Record<keyof FormValues, FieldMessageKey>> = {
  user_name: 'form.error.userName',
  user_email: 'form.error.userEmail',
  phone: 'form.error.phone',
  message: 'form.error.messageTooLong',
  start: 'form.error.start.past',
  finish: 'form.error.finish.beforeStart',
  consent_privacy: 'form.error.consentPrivacy',
  consent_health: 'form.error.consentHealth',
  contact_channel: 'form.error.contactChannel',
  contact_account: 'form.error.contactAccount',
  languageOther: 'form.error.language',
};

/**
 * The page's own message for a refused field, in its language. The send
 * route names fields with English messages; the page shows these instead.
 * A field refused on the server is most likely refused for the reason the
 * browser checks too (a start in the past, a check-out before check-in).
 */
export function fieldMessage(field: keyof FormValues, labels: EnquiryLabels): string {
  return labels[FIELD_MESSAGES[field] ?? 'form.error.other'];
}

/** What the message box asks for, fitting each section (the hotel form does not ask about the visitor's condition). */
const MESSAGE_HINTS: Record<Section, Extract<keyof EnquiryLabels, `form.messageHint.${string}`>> = {
  병원예약: 'form.messageHint.hospital',
  컨시어지: 'form.messageHint.concierge',
  호텔예약: 'form.messageHint.hotel',
  통역예약: 'form.messageHint.interpretation',
};

export function messageHint(section: Section, labels: EnquiryLabels): string {
  return labels[MESSAGE_HINTS[section]];
}

/** The form field a wire field name of the send route's answer stands for (the other language's words travel as `user_language`). */
export function formFieldOf(wireName: string): keyof FormValues | undefined {
  if (wireName === 'user_language' || wireName === OTHER_LANGUAGE_FIELD) return 'languageOther';
  if (wireName === HONEYPOT_FIELD) return undefined;
  return wireName in TEXT_FIELDS || wireName === 'consent_privacy' || wireName === 'consent_health'
    ? (wireName as keyof FormValues)
    : undefined;
}

/** The page's message for a field the send route names by its wire name. */
export function wireFieldMessage(wireName: string, labels: EnquiryLabels): string {
  const field = formFieldOf(wireName);
  return field ? fieldMessage(field, labels) : labels['form.error.other'];
}
