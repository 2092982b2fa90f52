/**
 * One enquiry form. Rendered on the server as a real `<form method="post">`
 * whose inputs carry the wire names, so it works without JavaScript; in the
 * browser it checks the required items, posts JSON, and on any failure keeps
 * every value and says what happened (a retry resends the same submission id).
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { CHANNEL_ACCOUNT_RULES, CONTACT_ACCOUNT_MAX } from '../../../../shared/intake/contact-channels';
import {
  FREE_LANGUAGE_MAX_LENGTH,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  SECTIONS_WITH_DESTINATION,
  type Section,
} from '../../../../shared/enquiries/enums';
import {
  ENQUIRY_LIMITS,
  HONEYPOT_FIELD,
  OTHER_LANGUAGE_FIELD,
  OTHER_LANGUAGE_VALUE,
} from '../../../../shared/intake/form-fields';
import {
  type FormValues,
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
  valuesFromForm,
  withCheckIn,
  withDefaultTimes,
} from './form-model';
import { sendEnquiry, toWire } from './form-send';
import { PAGE_LOADED_AT, useBrowserValue } from '../browser-value';
import type { LocaleCode } from '../../../../shared/locales';
import type { EnquiryLabels, Option, Phone } from './types';
import { ConsentBox, Field, LanguageChoice, Options, RequiredMark } from './Field';
import { CHECKED_TOGETHER, isBrowser, monotonicClock, range, serverForm, wallClock } from './form-page';
import { type Status, StatusArea, failureStatus, refusalStatus } from './FormStatus';

import { apiPath } from '../../../../shared/routes';

export { type Status, failureStatus } from './FormStatus';

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
  const [otherTextKept, setOtherTextKept] = useState(
    () => values.languageOther !== '' && values.language !== OTHER_LANGUAGE_VALUE,
  );
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
    if (cleared.some((field) => invalid.has(field)))
      setInvalid((previous) => new Set([...previous].filter((field) => !cleared.includes(field))));
  };
  const set = <Key extends keyof FormValues>(key: Key, value: FormValues[Key]) => {
    // A new check-in takes the check-out along when it would leave the check-out before it.
    if (hotel && key === 'start')
      setValues((previous) => withCheckIn(withDefaultTimes(previous, section, now), value as string));
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
    const first = [...(form.current?.querySelectorAll<HTMLElement>('input, select, textarea') ?? [])].find((element) =>
      ids.has(element.id),
    );
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
    const outcome = await sendEnquiry(
      toWire(section, current, submissionId, monotonicClock() - startedAt.current, props.locale),
    );
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

  const required = <RequiredMark labels={labels} />;
  const consentProps = (name: 'consent_privacy' | 'consent_health') => ({
    id: id(name),
    name,
    labels,
    checked: values[name],
    invalid: invalid.has(name),
    describedBy: describedBy(name, false),
    onChange: (checked: boolean) => set(name, checked),
    problem: problem(name),
  });
  return (
    <form
      ref={form}
      className="enquiry"
      method="post"
      action={apiPath('sendmail')}
      noValidate={hydrated}
      onSubmit={submit}
    >
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="page_locale" value={props.locale} />
      {hydrated && <input type="hidden" name="submission_id" value={submissionId} />}
      <p className="span-2 field__hint">{labels['form.requiredNote']}</p>

      <Field
        id={id('user_name')}
        label={
          <>
            {labels['form.name']}
            {required}
          </>
        }
        problem={problem('user_name')}
      >
        <input
          type="text"
          name="user_name"
          autoComplete="name"
          required
          maxLength={ENQUIRY_LIMITS.nameMax}
          {...text('user_name')}
        />
      </Field>
      <Field
        id={id('user_email')}
        label={
          <>
            {labels['form.email']}
            {required}
          </>
        }
        problem={problem('user_email')}
      >
        <input
          type="email"
          name="user_email"
          autoComplete="email"
          required
          maxLength={ENQUIRY_LIMITS.emailMax}
          {...text('user_email')}
        />
      </Field>
      <Field id={id('phone')} label={labels['form.phone']} problem={problem('phone')}>
        <input type="tel" name="phone" autoComplete="tel" maxLength={ENQUIRY_LIMITS.phoneMax} {...text('phone')} />
      </Field>
      <Field id={id('contact_channel')} label={labels['form.channel']} problem={problem('contact_channel')}>
        <select name="contact_channel" {...text('contact_channel')}>
          <option value="">{labels['form.channel.none']}</option>
          <Options options={props.channels} />
        </select>
      </Field>
      <Field
        id={id('contact_account')}
        label={labels['form.channel.account']}
        hint={labels['form.channel.accountHint']}
        problem={problem('contact_account')}
      >
        <input
          type="text"
          name="contact_account"
          autoComplete="off"
          maxLength={CONTACT_ACCOUNT_MAX}
          placeholder={
            isContactChannel(shown.contact_channel) ? CHANNEL_ACCOUNT_RULES[shown.contact_channel].example : undefined
          }
          {...text('contact_account', { hint: true })}
        />
      </Field>
      {hospital && (
        <Field id={id('detail_section')} label={labels['form.detailSection']} problem={problem('detail_section')}>
          <select name="detail_section" {...text('detail_section')}>
            <Options options={props.detailSections} />
          </select>
        </Field>
      )}
      <Field id={id('user_count')} label={labels['form.count']} problem={problem('user_count')}>
        <select name="user_count" {...text('user_count')}>
          <Options options={range(ENQUIRY_LIMITS.partyMin, ENQUIRY_LIMITS.partyMax)} />
        </select>
      </Field>
      {hotel && (
        <Field id={id('user_Room')} label={labels['form.rooms']} problem={problem('user_Room')}>
          <select name="user_Room" {...text('user_Room')}>
            <Options options={range(ENQUIRY_LIMITS.roomsMin, ENQUIRY_LIMITS.roomsMax)} />
          </select>
        </Field>
      )}
      <Field
        id={id('start')}
        label={hotel ? labels['form.checkIn'] : labels['form.start']}
        hint={labels['form.koreaTime']}
        problem={problem('start')}
      >
        <input
          type={hotel ? 'date' : 'datetime-local'}
          name="start"
          min={now === undefined ? undefined : hotel ? koreaTodayInput(now) : koreaNowInput(now)}
          {...text('start', { hint: true })}
        />
      </Field>
      {hotel && (
        <Field id={id('finish')} label={labels['form.checkOut']} problem={problem('finish')}>
          <input
            type="date"
            name="finish"
            min={shown.start || (now === undefined ? undefined : koreaTodayInput(now))}
            {...text('finish')}
          />
        </Field>
      )}
      {hotel && (
        <Field id={id('hotel')} label={labels['form.hotel']} problem={problem('hotel')} wide>
          <input type="text" name="hotel" maxLength={ENQUIRY_LIMITS.placeMax} {...text('hotel')} />
        </Field>
      )}
      {withDestination && (
        <Field
          id={id('destination')}
          label={labels['form.destination']}
          hint={labels['form.destinationHint']}
          problem={problem('destination')}
          wide
        >
          <input
            type="text"
            name="destination"
            maxLength={ENQUIRY_LIMITS.placeMax}
            {...text('destination', { hint: true })}
          />
        </Field>
      )}
      <LanguageChoice
        options={[...props.languages, { value: OTHER_LANGUAGE_VALUE, label: labels['form.languageOther'] }]}
        legend={labels['form.language']}
        chosen={values.language}
        onChoose={(language) => {
          set('language', language);
          setOtherTextKept(false);
        }}
      >
        {(!hydrated || values.language === OTHER_LANGUAGE_VALUE || otherTextKept) && (
          <Field id={id('languageOther')} label={labels['form.languageOtherInput']} problem={problem('languageOther')}>
            <input
              type="text"
              name={OTHER_LANGUAGE_FIELD}
              maxLength={FREE_LANGUAGE_MAX_LENGTH}
              {...text('languageOther')}
            />
          </Field>
        )}
      </LanguageChoice>
      <Field
        id={id('message')}
        label={labels['form.message']}
        hint={messageHint(section, labels)}
        problem={problem('message')}
        wide
      >
        <textarea name="message" maxLength={ENQUIRY_LIMITS.messageMax} {...text('message', { hint: true })} />
      </Field>

      <ConsentBox {...consentProps('consent_privacy')} label={labels['consent.privacy.label']}>
        <p>{labels['consent.purpose']}</p>
        <p>{labels['consent.items']}</p>
        <p>{labels['consent.retention']}</p>
        <p>{labels['consent.refuse']}</p>
        <p>
          <a href={props.policyHref}>{labels['consent.policy']}</a>
        </p>
      </ConsentBox>
      {hospital && (
        <ConsentBox {...consentProps('consent_health')} label={labels['consent.health.label']}>
          <p>{labels['consent.health']}</p>
        </ConsentBox>
      )}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" {...text('website')} />
      </div>

      <div className="span-2 form-actions">
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          {status.kind === 'sending'
            ? labels['form.sending']
            : status.kind === 'error' && status.callUs
              ? labels['form.retry']
              : labels['form.submit']}
        </button>
      </div>
      <StatusArea status={status} labels={labels} phones={props.phones} />
    </form>
  );
}
