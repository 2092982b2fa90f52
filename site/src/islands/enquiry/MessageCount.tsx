/**
 * How much of the message fits: "1,234 / 5,000" under the message box, in
 * the page's way of writing numbers, counted as the send route counts. Past
 * the limit it turns to the refused colour; the field's own message says
 * what to do (form-model.ts, `invalidFields`): nothing is ever cut.
 */
import { ENQUIRY_LIMITS, messageLength } from '../../../../shared/intake/form-fields';
import type { LocaleCode } from '../../../../shared/locales';
import type { EnquiryLabels } from './types';

/** Where the count goes in the page copy's `form.messageCount` (the limit is filled in with the copy). */
export const COUNT_SLOT = '{count}';

export function MessageCount({
  id,
  message,
  locale,
  labels,
}: {
  id: string;
  message: string;
  locale: LocaleCode;
  labels: EnquiryLabels;
}) {
  const numbers = new Intl.NumberFormat(locale);
  const length = messageLength(message);
  const over = length > ENQUIRY_LIMITS.messageMax;
  return (
    <span id={id} className={over ? 'field__count field__count--over' : 'field__count'}>
      {/* The figures for the eye; the sentence for a screen reader, which would read "/" as a word. */}
      <span aria-hidden="true">
        {numbers.format(length)} / {numbers.format(ENQUIRY_LIMITS.messageMax)}
      </span>
      <span className="visually-hidden">{labels['form.messageCount'].replace(COUNT_SLOT, numbers.format(length))}</span>
    </span>
  );
}
