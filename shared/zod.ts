/**
 * The validation library every schema here is written with: zod's small
 * build, zod/mini. It checks and words problems as classic zod does, with
 * functions (`z.optional(s)`, `s.check(z.maxLength(9))`) in place of methods
 * on every schema, so a function bundle carries only the checks it uses:
 * about 20 KiB minified instead of 90. zod/mini does not load
 * classic zod's English messages by itself; they are loaded here, so a check
 * without a message of its own still says what is wrong.
 */
import en from 'zod/v4/locales/en.js';
import * as z from 'zod/mini';

z.config(en());

// Re-exported name by name (`import * as z from './zod'`), never as one namespace object, which would keep all of zod.
export * from 'zod/mini';

type Prepared<Schema extends z.core.SomeType> = z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, Schema>;

/**
 * Classic zod's `z.preprocess`, which zod/mini lacks: `prepare` runs on the
 * raw input, then `schema` checks its result. Built and typed as classic zod
 * builds and types it (a pipe whose output is the schema's).
 */
export function preprocess<Schema extends z.core.SomeType>(
  prepare: (value: unknown) => unknown,
  schema: Schema,
): Prepared<Schema> {
  return z.pipe(z.transform(prepare), schema as unknown as z.core.$ZodType) as unknown as Prepared<Schema>;
}
