/**
 * A reservation date the visitor left empty says "no preference": the forms
 * start with no date (docs/contract.md, 'The enquiry form's start state'), so
 * a stored date is always one the visitor chose. How staff read an empty one,
 * in Korean, in the detail, the staff notice and the CSV export; the
 * visitor's acknowledgement says it in their language (receipt-text/).
 */
export const NO_DATE_PREFERENCE = '희망 없음';

/** A stored reservation date (`REGISTRATION_DATE`, a hotel's `REGISTRATION_END`) as staff read it. */
export function staffDateText(stored: string): string {
  return stored.trim() === '' ? NO_DATE_PREFERENCE : stored;
}
