/**
 * The pieces every field of the enquiry form is made of: a labelled field with
 * its hint and, while it is refused, the reason (both tied to the control by
 * `aria-describedby`, which the form sets), the required mark, a select's
 * options, the language choice and the consent boxes.
 */
import type { ReactNode } from 'react';
import type { EnquiryLabels, Option } from './types';

/** The visible star and, for screen readers, the word "required" in the page's language. */
export function RequiredMark({ labels }: { labels: EnquiryLabels }) {
  return (
    <>
      <span className="required-mark" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> ({labels['form.required']})</span>
    </>
  );
}

export interface FieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  /** The hint under the control; its element is `<id>-hint`. */
  hint?: ReactNode;
  /** The reason the field is refused, when it is. */
  problem?: ReactNode;
  /** Across both columns of the form. */
  wide?: boolean;
  children: ReactNode;
}

export function Field({ id, label, hint, problem, wide = false, children }: FieldProps) {
  return (
    <div className={wide ? 'field span-2' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint !== undefined && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {problem}
    </div>
  );
}

export function Options({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export interface LanguageChoiceProps {
  options: readonly Option[];
  legend: string;
  /** The chosen option's value. */
  chosen: string;
  onChoose: (value: string) => void;
  /** What follows the choices inside the field (the free-text language box). */
  children?: ReactNode;
}

/** The interpreter language: one radio button per option, then what the option "other" opens. */
export function LanguageChoice({ options, legend, chosen, onChoose, children }: LanguageChoiceProps) {
  return (
    <div className="field span-2">
      <fieldset>
        <legend>{legend}</legend>
        <div className="choices">
          {options.map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name="user_language"
                value={option.value}
                checked={chosen === option.value}
                onChange={() => onChoose(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {children}
    </div>
  );
}

export interface ConsentBoxProps {
  id: string;
  name: 'consent_privacy' | 'consent_health';
  label: string;
  labels: EnquiryLabels;
  checked: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (checked: boolean) => void;
  problem: ReactNode;
  /** What the consent agrees to, behind a "details" disclosure. */
  children: ReactNode;
}

/** A required consent box and, when it is refused, the reason. */
export function ConsentBox({
  id,
  name,
  label,
  labels,
  checked,
  invalid,
  describedBy,
  onChange,
  problem,
  children,
}: ConsentBoxProps) {
  return (
    <div className="consent span-2">
      <label>
        <input
          type="checkbox"
          name={name}
          id={id}
          required
          checked={checked}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>
          {label}
          <RequiredMark labels={labels} />
        </span>
      </label>
      {problem}
      <details>
        <summary>{labels['consent.details']}</summary>
        {children}
      </details>
    </div>
  );
}
