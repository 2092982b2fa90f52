/**
 * One enquiry form. Rendered on the server as a real `<form method="post">`
 * whose inputs carry the wire names, so it works without JavaScript; in the
 * browser it checks the required items, posts JSON, and on any failure keeps
 * every value and says what happened (a retry resends the same submission id).
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { CHANNEL_ACCOUNT_RULES, CONTACT_ACCOUNT_MAX } from '../../../../shared/intake/contact-channels';
import { FREE_LANGUAGE_MAX_LENGTH, HOSPITAL_SECTION, HOTEL_SECTION, SECTIONS_WITH_DESTINATION, type Section } from '../../../../shared/enquiries/enums';
import { ENQUIRY_LIMITS, HONEYPOT_FIELD, OTHER_LANGUAGE_FIELD, OTHER_LANGUAGE_VALUE } from '../../../../shared/intake/form-fields';
import {
  type FormValues,
  REFERENCE_SLOT,
  type SendOutcome,
  dateProblems,
  defaultValues,
  fieldMessage,
  formFieldOf,
  invalidFields,
  isContactChannel,
  koreaNowInput,
  koreaTodayInput,
  messageHint,
  missingRequired,
  sendEnquiry,
  toWire,
  valuesFromForm,
  withCheckIn,
  withDefaultTimes,
} from './form-model';
import { PAGE_LOADED_AT, useBrowserValue } from '../browser-value';
import type { LocaleCode } from '../../../../shared/locales';
import type { EnquiryLabels, Option, Phone } from './types';
import { apiPath } from '../../../../shared/routes';

export interface EnquiryFormProps {
  idPrefix: string;
  section: Section;
  /** The page's language: sent with the enquiry (the acknowledgement and replies use it). */
  locale: LocaleCode;
  detailSections: Option[];
  /** Preferred-contact channels, in the page's order (channel-options.ts). */
  channels: Option[];
  languages: Option[];
  defaultLanguage: string;
  labels: EnquiryLabels;
  phones: Phone[];
  policyHref: string;
  /**
   * On its first mount (hydration) the form starts from what its server-rendered
   * form holds; a panel opened again starts from the defaults.
   */
  takeOverServerForm?: boolean;
  /** A failure carried back by the no-JavaScript round trip (`?error=`). */
  initialStatus?: Status;
}

/**
 * `reference`: the stored enquiry's `MT-000123`, when the send route answered it.
 * `details`: what was wrong with each field a no-JavaScript round trip names (`?fields=`).
 */
export type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'ok'; reference?: string }
  | { kind: 'error'; message: string; callUs: boolean; details?: string[] };

export type Failure = Exclude<SendOutcome, { kind: 'sent' }>['kind'];

/** What a failed send says, in the page's language; used for the page's own sends and for the no-JavaScript round trip. */
export function failureStatus(failure: Failure, labels: EnquiryLabels): Status {
  if (failure === 'invalid') return { kind: 'error', message: labels['form.failure.invalid'], callUs: false };
  if (failure === 'rateLimited') return { kind: 'error', message: labels['form.failure.rateLimited'], callUs: true };
  if (failure === 'network') return { kind: 'error', message: labels['form.failure.network'], callUs: true };
  return { kind: 'error', message: labels['form.failure.server'], callUs: true };
}

/** "Sent. Your reference is MT-000123. Thank you. ...", the reference in an element of its own (one click selects it). */
function SentMessage({ labels, reference }: { labels: EnquiryLabels; reference: string | undefined }) {
  const [before = '', after = ''] = labels['form.successReference'].split(REFERENCE_SLOT);
  return (
    <p>
      {labels['form.success']}.{' '}
      {reference && (
        <>
          {before}
          <strong className="reference" translate="no">
            {reference}
          </strong>
          {after}{' '}
        </>
      )}
      {labels['form.successDetail']}
    </p>
  );
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** The server-rendered form of this island, when the island wakes in a page that has one. */
function serverForm(idPrefix: string): HTMLFormElement | null {
  if (typeof document === 'undefined') return null;
  return document.getElementById(`${idPrefix}-user_name`)?.closest('form') ?? null;
}

/** Fields judged together: changing one clears the mark of all (a channel and its account; a check-in that may move the check-out). */
const CHECKED_TOGETHER: (keyof FormValues)[][] = [
  ['contact_channel', 'contact_account'],
  ['start', 'finish'],
];

/**
 * What the summary under the button says when the browser refuses the form:
 * the required-items message when the name or e-mail is missing, the
 * consent's own words when only a consent box is, otherwise a pointer to the
 * messages beside the fields.
 */
function refusalStatus(missing: (keyof FormValues)[], labels: EnquiryLabels): Status {
  const [first] = missing;
  if (!first) return { kind: 'error', message: labels['form.failure.invalid'], callUs: false };
  const consentsOnly = missing.every((field) => field === 'consent_privacy' || field === 'consent_health');
  return { kind: 'error', message: consentsOnly ? fieldMessage(first, labels) : labels['form.requiredMissing'], callUs: false };
}

const isBrowser = () => true;
/** Clock reads of the send handler (kept out of the component body, which the React compiler treats as render code). */
const wallClock = () => Date.now();
const monotonicClock = () => performance.now();

export default function EnquiryForm(props: EnquiryFormProps) {
  const { idPrefix, section, labels } = props;
  // The island takes over what the visitor already typed into the server-rendered form.
  const [values, setValues] = useState<FormValues>(() => {
    const defaults = defaultValues(section, props.defaultLanguage, undefined);
    const form = props.takeOverServerForm ? serverForm(idPrefix) : null;
    return form ? valuesFromForm(form, defaults) : defaults;
  });
  const hydrated = useBrowserValue(isBrowser, false);
  // Without the island the free-text language box is always there; text typed into it before the island woke stays in view until a language is chosen.
  const [otherTextKept, setOtherTextKept] = useState(() => values.languageOther !== '' && values.language !== OTHER_LANGUAGE_VALUE);
  // The "now" of the defaults and minimums: the page load, then the last send (a sent form starts again from then).
  const [clockAt, setClockAt] = useState<number | undefined>();
  const now = useBrowserValue(() => clockAt ?? PAGE_LOADED_AT, undefined);
  const [status, setStatus] = useState<Status>(props.initialStatus ?? { kind: 'idle' });
  // A result the accordion learns after hydration (the no-JavaScript round trip) replaces the shown one.
  const [initialStatus, setInitialStatus] = useState(props.initialStatus);
  if (props.initialStatus !== initialStatus) {
    setInitialStatus(props.initialStatus);
    if (props.initialStatus) setStatus(props.initialStatus);
  }
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [submissionId, setSubmissionId] = useState(() => crypto.randomUUID());
  const startedAt = useRef(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    startedAt.current = monotonicClock();
  }, []);

  const shown = withDefaultTimes(values, section, now);

  const id = (field: string) => `${idPrefix}-${field}`;
  const hotel = section === HOTEL_SECTION;
  const hospital = section === HOSPITAL_SECTION;
  const withDestination = SECTIONS_WITH_DESTINATION.includes(section);

  const clearMarks = (key: keyof FormValues) => {
    const cleared: string[] = CHECKED_TOGETHER.find((group) => group.includes(key)) ?? [key];
    if (cleared.some((field) => invalid.has(field))) setInvalid((previous) => new Set([...previous].filter((field) => !cleared.includes(field))));
  };
  const set = <Key extends keyof FormValues>(key: Key, value: FormValues[Key]) => {
    // A new check-in takes the check-out along when it would leave the check-out before it.
    if (hotel && key === 'start') setValues((previous) => withCheckIn(withDefaultTimes(previous, section, now), value as string));
    else setValues((previous) => ({ ...previous, [key]: value }));
    clearMarks(key);
  };
  const errorId = (key: keyof FormValues) => `${id(key)}-error`;
  /** The field's hint (when it has one) and, while it is refused, the message saying why. */
  const describedBy = (key: keyof FormValues, hint: boolean) =>
    [hint ? `${id(key)}-hint` : '', invalid.has(key) ? errorId(key) : ''].filter(Boolean).join(' ') || undefined;
  const text = (key: keyof FormValues, options: { hint?: boolean } = {}) => ({
    id: id(key),
    value: shown[key] as string,
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value as never),
    'aria-invalid': invalid.has(key) || undefined,
    'aria-describedby': describedBy(key, options.hint ?? false),
  });
  /** The reason a refused field gives, next to it, in the page's language. */
  const problem = (key: keyof FormValues) =>
    invalid.has(key) && (
      <span className="field__error" id={errorId(key)}>
        {fieldMessage(key, labels)}
      </span>
    );

  /** Focuses the first refused field in the order the form shows them. */
  const focusFirst = (fields: (keyof FormValues)[]) => {
    const ids = new Set(fields.map(id));
    const first = [...(form.current?.querySelectorAll<HTMLElement>('input, select, textarea') ?? [])].find((element) => ids.has(element.id));
    first?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    // Judged on the clock of the send: untouched times are "now" again, a chosen one may have passed meanwhile.
    const at = wallClock();
    setClockAt(at);
    const current = withDefaultTimes(values, section, at);
    const missing = missingRequired(section, current);
    const refused = [...new Set([...missing, ...invalidFields(current), ...dateProblems(section, current, at)])];
    if (refused.length) {
      setInvalid(new Set(refused));
      setStatus(refusalStatus(missing, labels));
      focusFirst(refused);
      return;
    }
    setStatus({ kind: 'sending' });
    const outcome = await sendEnquiry(toWire(section, current, submissionId, monotonicClock() - startedAt.current, props.locale));
    if (outcome.kind === 'sent') {
      setValues(defaultValues(section, props.defaultLanguage, undefined));
      setOtherTextKept(false);
      setClockAt(wallClock());
      setInvalid(new Set());
      setSubmissionId(crypto.randomUUID());
      startedAt.current = monotonicClock();
      setStatus({ kind: 'ok', ...(outcome.reference ? { reference: outcome.reference } : {}) });
      return;
    }
    if (outcome.kind === 'invalid') {
      const fields = outcome.fields.map(formFieldOf).filter((field) => field !== undefined);
      setInvalid(new Set(fields));
      focusFirst(fields);
    }
    setStatus(failureStatus(outcome.kind, labels));
  };

  const required = (
    <>
      <span className="required-mark" aria-hidden="true">
        {' '}*
      </span>
      <span className="visually-hidden"> ({labels['form.required']})</span>
    </>
  );

  return (
    <form ref={form} className="enquiry" method="post" action={apiPath('sendmail')} noValidate={hydrated} onSubmit={submit}>
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="page_locale" value={props.locale} />
      {hydrated && <input type="hidden" name="submission_id" value={submissionId} />}
      <p className="span-2 field__hint">{labels['form.requiredNote']}</p>

      <div className="field">
        <label htmlFor={id('user_name')}>
          {labels['form.name']}
          {required}
        </label>
        <input type="text" name="user_name" autoComplete="name" required maxLength={ENQUIRY_LIMITS.nameMax} {...text('user_name')} />
        {problem('user_name')}
      </div>
      <div className="field">
        <label htmlFor={id('user_email')}>
          {labels['form.email']}
          {required}
        </label>
        <input type="email" name="user_email" autoComplete="email" required maxLength={ENQUIRY_LIMITS.emailMax} {...text('user_email')} />
        {problem('user_email')}
      </div>
      <div className="field">
        <label htmlFor={id('phone')}>{labels['form.phone']}</label>
        <input type="tel" name="phone" autoComplete="tel" maxLength={ENQUIRY_LIMITS.phoneMax} {...text('phone')} />
        {problem('phone')}
      </div>
      <div className="field">
        <label htmlFor={id('contact_channel')}>{labels['form.channel']}</label>
        <select name="contact_channel" {...text('contact_channel')}>
          <option value="">{labels['form.channel.none']}</option>
          {props.channels.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {problem('contact_channel')}
      </div>
      <div className="field">
        <label htmlFor={id('contact_account')}>{labels['form.channel.account']}</label>
        <input
          type="text"
          name="contact_account"
          autoComplete="off"
          maxLength={CONTACT_ACCOUNT_MAX}
          placeholder={isContactChannel(shown.contact_channel) ? CHANNEL_ACCOUNT_RULES[shown.contact_channel].example : undefined}
          {...text('contact_account', { hint: true })}
        />
        <span className="field__hint" id={id('contact_account-hint')}>
          {labels['form.channel.accountHint']}
        </span>
        {problem('contact_account')}
      </div>
      {hospital && (
        <div className="field">
          <label htmlFor={id('detail_section')}>{labels['form.detailSection']}</label>
          <select name="detail_section" {...text('detail_section')}>
            {props.detailSections.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {problem('detail_section')}
        </div>
      )}
      <div className="field">
        <label htmlFor={id('user_count')}>{labels['form.count']}</label>
        <select name="user_count" {...text('user_count')}>
          {range(ENQUIRY_LIMITS.partyMin, ENQUIRY_LIMITS.partyMax).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
        {problem('user_count')}
      </div>
      {hotel && (
        <div className="field">
          <label htmlFor={id('user_Room')}>{labels['form.rooms']}</label>
          <select name="user_Room" {...text('user_Room')}>
            {range(ENQUIRY_LIMITS.roomsMin, ENQUIRY_LIMITS.roomsMax).map((rooms) => (
              <option key={rooms} value={rooms}>
                {rooms}
              </option>
            ))}
          </select>
          {problem('user_Room')}
        </div>
      )}
      <div className="field">
        <label htmlFor={id('start')}>{hotel ? labels['form.checkIn'] : labels['form.start']}</label>
        <input
          type={hotel ? 'date' : 'datetime-local'}
          name="start"
          min={now === undefined ? undefined : hotel ? koreaTodayInput(now) : koreaNowInput(now)}
          {...text('start', { hint: true })}
        />
        <span className="field__hint" id={id('start-hint')}>
          {labels['form.koreaTime']}
        </span>
        {problem('start')}
      </div>
      {hotel && (
        <div className="field">
          <label htmlFor={id('finish')}>{labels['form.checkOut']}</label>
          <input type="date" name="finish" min={shown.start || (now === undefined ? undefined : koreaTodayInput(now))} {...text('finish')} />
          {problem('finish')}
        </div>
      )}
      {hotel && (
        <div className="field span-2">
          <label htmlFor={id('hotel')}>{labels['form.hotel']}</label>
          <input type="text" name="hotel" maxLength={ENQUIRY_LIMITS.placeMax} {...text('hotel')} />
          {problem('hotel')}
        </div>
      )}
      {withDestination && (
        <div className="field span-2">
          <label htmlFor={id('destination')}>{labels['form.destination']}</label>
          <input type="text" name="destination" maxLength={ENQUIRY_LIMITS.placeMax} {...text('destination', { hint: true })} />
          <span className="field__hint" id={id('destination-hint')}>
            {labels['form.destinationHint']}
          </span>
          {problem('destination')}
        </div>
      )}
      <div className="field span-2">
        <fieldset>
          <legend>{labels['form.language']}</legend>
          <div className="choices">
            {[...props.languages, { value: OTHER_LANGUAGE_VALUE, label: labels['form.languageOther'] }].map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name="user_language"
                  value={option.value}
                  checked={values.language === option.value}
                  onChange={() => {
                    set('language', option.value);
                    setOtherTextKept(false);
                  }}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        {(!hydrated || values.language === OTHER_LANGUAGE_VALUE || otherTextKept) && (
          <div className="field">
            <label htmlFor={id('languageOther')}>{labels['form.languageOtherInput']}</label>
            <input type="text" name={OTHER_LANGUAGE_FIELD} maxLength={FREE_LANGUAGE_MAX_LENGTH} {...text('languageOther')} />
            {problem('languageOther')}
          </div>
        )}
      </div>
      <div className="field span-2">
        <label htmlFor={id('message')}>{labels['form.message']}</label>
        <textarea name="message" maxLength={ENQUIRY_LIMITS.messageMax} {...text('message', { hint: true })} />
        <span className="field__hint" id={id('message-hint')}>
          {messageHint(section, labels)}
        </span>
        {problem('message')}
      </div>

      <div className="consent span-2">
        <label>
          <input
            type="checkbox"
            name="consent_privacy"
            id={id('consent_privacy')}
            required
            checked={values.consent_privacy}
            aria-invalid={invalid.has('consent_privacy') || undefined}
            aria-describedby={describedBy('consent_privacy', false)}
            onChange={(event) => set('consent_privacy', event.currentTarget.checked)}
          />
          <span>
            {labels['consent.privacy.label']}
            {required}
          </span>
        </label>
        {problem('consent_privacy')}
        <details>
          <summary>{labels['consent.details']}</summary>
          <p>{labels['consent.purpose']}</p>
          <p>{labels['consent.items']}</p>
          <p>{labels['consent.retention']}</p>
          <p>{labels['consent.refuse']}</p>
          <p>
            <a href={props.policyHref}>{labels['consent.policy']}</a>
          </p>
        </details>
      </div>
      {hospital && (
        <div className="consent span-2">
          <label>
            <input
              type="checkbox"
              name="consent_health"
              id={id('consent_health')}
              required
              checked={values.consent_health}
              aria-invalid={invalid.has('consent_health') || undefined}
              aria-describedby={describedBy('consent_health', false)}
              onChange={(event) => set('consent_health', event.currentTarget.checked)}
            />
            <span>
              {labels['consent.health.label']}
              {required}
            </span>
          </label>
          {problem('consent_health')}
          <details>
            <summary>{labels['consent.details']}</summary>
            <p>{labels['consent.health']}</p>
          </details>
        </div>
      )}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" {...text('website')} />
      </div>

      <div className="span-2 form-actions">
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? labels['form.sending'] : status.kind === 'error' && status.callUs ? labels['form.retry'] : labels['form.submit']}
        </button>
      </div>
      <div className="span-2" role={status.kind === 'error' ? 'alert' : 'status'} aria-live={status.kind === 'error' ? 'assertive' : 'polite'}>
        {status.kind === 'ok' && (
          <div className="form-status form-status--ok">
            <SentMessage labels={labels} reference={status.reference} />
          </div>
        )}
        {status.kind === 'error' && (
          <div className="form-status form-status--error">
            <p>{status.message}</p>
            {status.details && status.details.length > 0 && (
              <ul>
                {status.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
            {status.callUs && (
              <p>
                {labels['form.failure.callUs']}{' '}
                {props.phones.map((phone, index) => (
                  <span key={phone.href}>
                    {index > 0 && ' / '}
                    <a href={phone.href}>{phone.display}</a>
                  </span>
                ))}
              </p>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
