/**
 * The state and the submit logic of one enquiry form (EnquiryForm.tsx): what
 * the visitor typed, which fields are refused and why, and the send, which on
 * any failure keeps every value (a retry resends the same submission id).
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { HOSPITAL_SECTION, HOTEL_SECTION, SECTIONS_WITH_DESTINATION } from '../../../../shared/enquiries/enums';
import { OTHER_LANGUAGE_VALUE, messageTooLong } from '../../../../shared/intake/form-fields';
import {
  type FormValues,
  dateProblems,
  defaultValues,
  fieldMessage,
  formFieldOf,
  invalidFields,
  missingRequired,
  valuesFromForm,
  withCheckIn,
} from './form-model';
import { sendEnquiry, toWire } from './form-send';
import { PAGE_LOADED_AT, useBrowserValue } from '../browser-value';
import { CHECKED_TOGETHER, isBrowser, monotonicClock, serverForm, wallClock } from './form-page';
import { type Status, failureStatus, refusalStatus } from './FormStatus';
import type { EnquiryFormProps } from './enquiry-form-props';

export function useEnquiryForm(props: EnquiryFormProps) {
  const { idPrefix, section, labels } = props;
  // The island takes over what the visitor already typed into the server-rendered form.
  const [values, setValues] = useState<FormValues>(() => {
    const defaults = defaultValues(props.defaultLanguage);
    const form = props.takeOverServerForm ? serverForm(idPrefix) : null;
    return form ? valuesFromForm(form, defaults) : defaults;
  });
  const hydrated = useBrowserValue(isBrowser, false);
  // Without the island the free-text language box is always there; text typed into it before the island woke stays in view until a language is chosen.
  const [otherTextKept, setOtherTextKept] = useState(
    () => values.languageOther !== '' && values.language !== OTHER_LANGUAGE_VALUE,
  );
  // The "now" of the dates' minimums: the page load, then the last send (a sent form starts again from then).
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
    if (hotel && key === 'start') setValues((previous) => withCheckIn(previous, value as string));
    else setValues((previous) => ({ ...previous, [key]: value }));
    clearMarks(key);
    // A message past its length is marked as it is typed, never cut; it is sent once it fits.
    if (key === 'message' && messageTooLong(value as string))
      setInvalid((previous) => new Set([...previous, 'message']));
  };
  const errorId = (key: keyof FormValues) => `${id(key)}-error`;
  /** The id of the message's character count, which describes the message box (counted in the browser only). */
  const countId = id('message-count');
  /** The field's hint (when it has one), the message's count, and, while it is refused, the message saying why. */
  const describedBy = (key: keyof FormValues, hint: boolean) =>
    [hint ? `${id(key)}-hint` : '', key === 'message' && hydrated ? countId : '', invalid.has(key) ? errorId(key) : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const text = (key: keyof FormValues, options: { hint?: boolean } = {}) => ({
    id: id(key),
    value: values[key] as string,
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
    // Judged on the clock of the send: a chosen time may have passed meanwhile.
    const at = wallClock();
    setClockAt(at);
    const missing = missingRequired(section, values);
    const refused = [...new Set([...missing, ...invalidFields(values), ...dateProblems(section, values, at)])];
    if (refused.length) {
      setInvalid(new Set(refused));
      setStatus(refusalStatus(missing, labels));
      focusFirst(refused);
      return;
    }
    setStatus({ kind: 'sending' });
    const outcome = await sendEnquiry(
      toWire(section, values, submissionId, monotonicClock() - startedAt.current, props.locale),
    );
    if (outcome.kind === 'sent') {
      setValues(defaultValues(props.defaultLanguage));
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
  return {
    values,
    hydrated,
    otherTextKept,
    setOtherTextKept,
    now,
    status,
    submissionId,
    form,
    id,
    countId,
    hotel,
    hospital,
    withDestination,
    set,
    text,
    problem,
    submit,
    consentProps,
  };
}
