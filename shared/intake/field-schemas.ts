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

/** Form posts send every value as text and leave unused inputs empty: empty means absent. */
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The hidden field people never fill (HONEYPOT_FIELD): whatever a bot put there, kept short. */
export const honeypotField = () => z.preprocess(emptyToUndefined, z.optional(z.string().check(z.maxLength(1_000))));

/**
 * How long the form took to fill (FILL_TIME_FIELD), in milliseconds, as a
 * number or digits. A negative time is taken, and judged made up (too fast).
 */
export const fillTimeField = () =>
  z.preprocess(
    (value) => {
      const present = emptyToUndefined(value);
      return typeof present === 'string' && /^-?\d+$/.test(present.trim()) ? Number(present) : present;
    },
    z.optional(z.number().check(z.int())),
  );

/** Values a checkbox or a JSON client may send for "yes". */
const TRUE_WORDS = new Set(['true', 'on', 'yes', '1']);

/** A checkbox: one of TRUE_WORDS, or JSON `true`, is yes; anything else no. */
export const checkbox = z.preprocess(
  (value) => (typeof value === 'string' ? TRUE_WORDS.has(value.trim().toLowerCase()) : value === true),
  z.boolean(),
);

/** A whole number from `min` to `max`, as a number or digits; `fallback` when absent. */
export const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `A whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => {
      const present = emptyToUndefined(value);
      if (present === undefined) return fallback;
      return typeof present === 'string' && /^\s*\d+\s*$/.test(present) ? Number(present) : present;
    },
    z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
  );
};
