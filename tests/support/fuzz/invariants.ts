/**
 * What every API answer must be, whatever was sent (docs/contract.md, 'Errors on the wire'):
 * never a 5xx while the backing services are up; never a stack trace or an
 * internal name (a table, bucket, setting, error class, emulator, source
 * file); every refusal under /api a JSON body with `error` and `message`,
 * and an `invalid_input` refusal names its fields.
 */
import type { RawAnswer } from './raw-http';

/** Words that only leak from inside: error classes, AWS error types, the emulators, source paths. */
const INTERNAL_WORDS = [
  /\n\s+at [\w$.<>]+ \(/,
  /\bat (async )?[\w$.]+ \((file|node):/,
  /\.(ts|js|mjs|cjs):\d+/,
  /node_modules/,
  /node:internal/,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError|AggregateError)\b/,
  /\b(ValidationException|ResourceNotFoundException|ConditionalCheckFailed|ProvisionedThroughputExceeded|ServiceUnavailableException|NoSuchKey|NoSuchBucket|AccessDenied)\b/,
  /\$metadata|__type|dynalite|fauxqs|aws-ses-v2-local|@aws-sdk|@smithy/i,
  /\b(TABLE_[A-Z_]+|TOKEN_SECRET|REPLY_ADDRESS_SECRET|ORIGIN_VERIFY_SECRET|IMAGES_BUCKET|EXPORTS_BUCKET)\b/,
];

export interface AnswerContext {
  method: string;
  path: string;
  /** Names that must never be shown: the stack's table and bucket names, its token secret. */
  secrets: readonly string[];
  /** A backing service is down on purpose: a 503 is the honest answer then. */
  faultInjected?: boolean;
}

export interface ErrorBody {
  error?: unknown;
  message?: unknown;
  fields?: unknown;
}

/** The JSON error body of a refusal, or `undefined` when the answer is not one. */
export function errorBodyOf(answer: RawAnswer): ErrorBody | undefined {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    const body = JSON.parse(answer.text) as unknown;
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** Every broken rule, as a sentence; empty when the answer is fine. */
export function answerProblems(answer: RawAnswer, context: AnswerContext): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 && !(context.faultInjected && answer.status === 503))
    problems.push(`answered ${answer.status}`);
  const shown = `${answer.text}\n${Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n')}`;
  for (const pattern of INTERNAL_WORDS)
    if (pattern.test(shown))
      problems.push(`shows an internal name or trace (${pattern.source}): ${answer.text.slice(0, 300)}`);
  for (const secret of context.secrets)
    if (secret && shown.includes(secret)) problems.push(`shows the internal name ${secret}`);
  // The path as the server resolves it (`/api/%2e%2e/x` is `/x`, a page).
  const resolved = new URL(context.path, 'http://localhost').pathname;
  // `/api` alone is a page path (the CDN sends only /api/* to the API).
  const isApi = resolved.startsWith('/api/');
  if (isApi && answer.status >= 400 && context.method.toUpperCase() !== 'HEAD') {
    const body = errorBodyOf(answer);
    if (!body || typeof body.error !== 'string' || typeof body.message !== 'string')
      problems.push(`a ${answer.status} that is not a JSON error body: ${answer.text.slice(0, 200)}`);
    else if (body.error === 'invalid_input') {
      const fields = body.fields;
      if (typeof fields !== 'object' || fields === null || Object.keys(fields).length === 0)
        problems.push(`invalid_input without the fields it is about: ${answer.text.slice(0, 200)}`);
      else if (Object.values(fields).some((message) => typeof message !== 'string' || message === ''))
        problems.push(`a field without its message: ${answer.text.slice(0, 200)}`);
    }
  }
  return problems;
}

/** Whether the request was refused: an error, or a plain form post sent back to its page with an error. */
export function refused(answer: RawAnswer): boolean {
  if (answer.status >= 400) return true;
  return answer.status >= 300 && answer.status < 400 && /[?&]error=/.test(String(answer.headers['location'] ?? ''));
}

/** The fields a refusal names: the JSON body's `fields`, or a form post's `fields=` in the redirect. */
export function refusedFields(answer: RawAnswer): string[] {
  const body = errorBodyOf(answer);
  if (body && typeof body.fields === 'object' && body.fields !== null) return Object.keys(body.fields);
  const location = String(answer.headers['location'] ?? '');
  const query = location.includes('?')
    ? new URLSearchParams(location.slice(location.indexOf('?') + 1).split('#')[0])
    : undefined;
  return query?.get('fields')?.split(',').filter(Boolean) ?? [];
}
