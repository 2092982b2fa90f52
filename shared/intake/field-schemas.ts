/**
 * Field schemas and checks several request schemas share.
 */
import { ONE_LINE_MESSAGE, isOneLine } from '../plain-text';
import * as z from '../zod';

/**
 * A whole-number field: a JSON number, or digits as text (a form or query
 * carries only text). Never `z.coerce`: it turns `null`, `""`, `[]` and
 * `false` into 0 and `true` or `[5]` into numbers, so a client that sends
 * nothing meaningful would still pass, e.g. as "version 0" past the check
 * that nobody changed an enquiry meanwhile.
 */
export function wholeNumberField(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
  );
}

/** The check of a one-line text (a name, a title, a place): no line break, so it can never become two mail headers or CSV rows. */
export const oneLine = () => z.refine<string>(isOneLine, ONE_LINE_MESSAGE);
