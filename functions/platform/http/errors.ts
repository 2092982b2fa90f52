import { API_ERROR_CODES, type ApiErrorCode } from '../../../shared/api-error';
import { CONTROL_CHARACTER_MESSAGE, firstUnsafeText } from '../../../shared/plain-text';
import * as z from '../../../shared/zod';

/** A failure the client should be told about; mapped to its HTTP status in one place. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = API_ERROR_CODES[code];
  }
}

/** Field name to the first problem found with it. */
function fieldProblems(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
    fields[field] ??= issue.message;
  }
  return fields;
}

function invalidInput(error: z.core.$ZodError): ApiError {
  const fields = fieldProblems(error);
  return new ApiError('invalid_input', `Please check: ${Object.keys(fields).join(', ')}`, fields);
}

/**
 * Parses with a schema, turning a failure into a 400 that names each field.
 * First, for every route at once: no key or text anywhere in the input may
 * hold a control character or half a surrogate pair (shared/plain-text.ts).
 */
export function parseInput<Schema extends z.core.$ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const unsafe = firstUnsafeText(input);
  if (unsafe !== undefined)
    throw new ApiError('invalid_input', `Please check: ${unsafe}`, { [unsafe]: CONTROL_CHARACTER_MESSAGE });
  const result = z.safeParse(schema, input);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}
