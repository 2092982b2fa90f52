/** The `{ data: {...} }` body the send route takes for the enquiry form, and the send itself (which never throws). */
import {
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  SECTIONS_WITH_DESTINATION,
  type Section,
} from '../../../../shared/enquiries/enums';
import { FILL_TIME_FIELD, HONEYPOT_FIELD, OTHER_LANGUAGE_VALUE } from '../../../../shared/intake/form-fields';
import type { LocaleCode } from '../../../../shared/locales';
import { apiPath } from '../../../../shared/routes';
import { API_ERROR_CODES } from '../../../../shared/api-error';
import { CONFIRM_NEEDED } from '../../../../shared/intake/form-fields';
import type { FormValues } from './form-model';

/** The JSON body of `POST /api/sendmail` for this form on a page in `pageLocale`. */
export function toWire(
  section: Section,
  values: FormValues,
  submissionId: string,
  fillMs: number,
  pageLocale: LocaleCode,
): { data: Record<string, unknown> } {
  const hotel = section === HOTEL_SECTION;
  const data: Record<string, unknown> = {
    user_name: values.user_name.trim(),
    phone: values.phone.trim(),
    user_email: values.user_email.trim(),
    section,
    message: values.message,
    user_count: Number(values.user_count),
    start: values.start.replace('T', ' '),
    user_language: values.language === OTHER_LANGUAGE_VALUE ? values.languageOther.trim() : values.language,
    consent_privacy: values.consent_privacy,
    submission_id: submissionId,
    page_locale: pageLocale,
    [HONEYPOT_FIELD]: values.website,
    [FILL_TIME_FIELD]: Math.round(fillMs),
  };
  if (section === HOSPITAL_SECTION) {
    data['detail_section'] = values.detail_section;
    data['consent_health'] = values.consent_health;
  }
  // Sent as the form holds them, so the server judges exactly what the browser checked.
  if (values.contact_channel) data['contact_channel'] = values.contact_channel;
  if (values.contact_account.trim()) data['contact_account'] = values.contact_account.trim();
  if (SECTIONS_WITH_DESTINATION.includes(section)) data['destination'] = values.destination.trim();
  if (hotel) {
    data['hotel'] = values.hotel.trim();
    data['finish'] = values.finish;
    data['user_Room'] = Number(values.user_Room);
  }
  return { data };
}

export type SendOutcome =
  /** `reference`: the enquiry's `MT-000123`, as the send route answers it. */
  | { kind: 'sent'; reference?: string }
  /** Sent faster than a person fills the form: nothing was stored, and sending it again confirms it. */
  | { kind: 'confirm' }
  | { kind: 'invalid'; fields: string[] }
  | { kind: 'rateLimited' }
  | { kind: 'server' }
  | { kind: 'network' };

/** Posts the enquiry; never throws. */
export async function sendEnquiry(body: unknown, fetcher: typeof fetch = fetch): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetcher(apiPath('sendmail'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { kind: 'network' };
  }
  if (response.ok) {
    // The enquiry is stored whatever the body says; the reference is only shown when it reads right.
    const reference = await response
      .json()
      .then((body: { reference?: unknown }) => (typeof body.reference === 'string' ? body.reference : undefined))
      .catch(() => undefined);
    return reference ? { kind: 'sent', reference } : { kind: 'sent' };
  }
  if (response.status === 429) return { kind: 'rateLimited' };
  if (response.status === API_ERROR_CODES[CONFIRM_NEEDED]) {
    const code = await response
      .json()
      .then((body: { error?: unknown }) => body.error)
      .catch(() => undefined);
    if (code === CONFIRM_NEEDED) return { kind: 'confirm' };
  }
  if (response.status === 400) {
    const fields = await response
      .json()
      .then((body: { fields?: Record<string, string> }) => Object.keys(body.fields ?? {}))
      .catch(() => []);
    return { kind: 'invalid', fields };
  }
  return { kind: 'server' };
}
