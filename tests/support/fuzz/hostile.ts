/**
 * fast-check arbitraries of hostile input: text with control characters,
 * NUL, lone surrogates and header injection, huge strings, numbers at the
 * edges, wrong types, deep nesting, `__proto__` and `constructor` keys, and
 * the bodies, media types, headers, methods and paths they travel in.
 */
import fc from 'fast-check';

/** Text a person would hardly type, each a known way to break something. */
export const NAMED_HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'Anna\u0000Petrova',
  'Anna\r\nBcc: victim@example.com',
  'anna@example.test\r\nCc: victim@example.com',
  'anna@example.test%0d%0aBcc:victim@example.com',
  'Anna\nSubject: free money',
  '=?utf-8?b?SGVsbG8=?=',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u2028\u2029',
  '\u0085next line',
  '\u001b[31mred',
  '\u007f',
  '\ufeffbom',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '=HYPERLINK("http://evil.example")',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  ' 5 ',
  '9'.repeat(400),
  '2036-02-30 25:61',
  '0000-00-00',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '👩‍👩‍👧‍👦'.repeat(30),
  'e\u0301'.repeat(200),
] as const;

/** One character that should never reach storage: a C0 or C1 control (tab and line ends aside) or half a surrogate pair. */
const controlCharacter = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));

/** Text with at least one such character somewhere in it. */
export const textWithControl = fc
  .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Longer than any field allows; the last is longer than any body may be. */
const hugeText = fc.constantFrom('x'.repeat(300), 'y'.repeat(6_000), '가'.repeat(21_000), 'z'.repeat(70_000));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMED_HOSTILE_TEXT) },
  { weight: 3, arbitrary: textWithControl },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: hugeText },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 53 + 2,
    -(2 ** 63),
    1e21,
    1e300,
    -1e300,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e12 + 1,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys that are trouble for code that copies objects by assignment. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    'data',
    '\u0000',
    'a.b',
    '$where',
  ),
  fc.string({ maxLength: 12 }),
);

/**
 * An object with the given entries as its own properties, `__proto__`
 * included (an object literal or assignment would set the prototype instead,
 * which is not what a JSON body can do).
 */
export function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Any JSON value, leaning to the hostile: wrong types, edge numbers, odd text, nesting, poisonous keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileText },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(ownObject) },
  ),
})).value;

/** A JSON text nested `depth` deep, written out directly (no recursion on our side). */
export const deepNesting = fc
  .tuple(fc.integer({ min: 20, max: 20_000 }), fc.boolean())
  .map(([depth, asArray]) =>
    asArray ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A request body as bytes, with the media type it claims (none: no Content-Type header). */
export interface HostileBody {
  kind: string;
  contentType: string | undefined;
  bytes: Buffer;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

export const oddMediaType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  '',
  JSON_TYPE,
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/merge-patch+json',
  'application/vnd.api+json',
  FORM_TYPE,
  `${FORM_TYPE}; charset=iso-8859-1`,
  'multipart/form-data; boundary=----fuzz',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '*/*',
  'json',
);

/** Bytes that are not UTF-8: a lone continuation byte, an overlong slash, an encoded surrogate, a truncated sequence. */
const notUtf8 = fc.constantFrom(
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
);

function formEncode(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    form.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  return form.toString();
}

/**
 * Bodies for a route whose real fields are `fields` (so validation is reached
 * field by field, not only refused at the door): the route's fields and
 * stray ones with hostile values, as JSON (wrapped in `data` or bare) or as a
 * form; non-object JSON; broken JSON; deep nesting; bytes that are not UTF-8.
 */
export function hostileBody(fields: readonly string[]): fc.Arbitrary<HostileBody> {
  const key = fields.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileKey })
    : hostileKey;
  const entries = fc.array(fc.tuple(key, hostileValue), { minLength: 1, maxLength: 6 }).map(ownObject);
  const typed = (type: fc.Arbitrary<string | undefined>, natural: string) =>
    fc.oneof({ weight: 4, arbitrary: fc.constant(natural) }, { weight: 1, arbitrary: type });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(entries, fc.boolean(), typed(oddMediaType, JSON_TYPE)).map(([object, wrap, contentType]) => ({
        kind: 'json fields',
        contentType,
        bytes: Buffer.from(JSON.stringify(wrap ? { data: object } : object)),
      })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(entries, typed(oddMediaType, FORM_TYPE))
        .map(([object, contentType]) => ({ kind: 'form fields', contentType, bytes: Buffer.from(formEncode(object)) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileValue, typed(oddMediaType, JSON_TYPE)).map(([value, contentType]) => ({
        kind: 'json value',
        contentType,
        bytes: Buffer.from(JSON.stringify({ data: value }) ?? 'null'),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileValue, typed(oddMediaType, JSON_TYPE)).map(([value, contentType]) => ({
        kind: 'bare json',
        contentType,
        bytes: Buffer.from(JSON.stringify(value) ?? 'null'),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(deepNesting, typed(oddMediaType, JSON_TYPE))
        .map(([text, contentType]) => ({ kind: 'deep nesting', contentType, bytes: Buffer.from(text) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...(fields.length ? fields : ['data'])), notUtf8, typed(oddMediaType, JSON_TYPE))
        .map(([field, bad, contentType]) => ({
          kind: 'not utf-8',
          contentType,
          bytes: contentType?.startsWith(FORM_TYPE)
            ? Buffer.concat([Buffer.from(`${field}=`), bad])
            : Buffer.concat([Buffer.from(`{"data":{"${field}":"A`), bad, Buffer.from('"}}')]),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            '{',
            '{"data":',
            '{"data":{"a":1}} trailing',
            "{'data':1}",
            '{"a":NaN}',
            '/* c */{}',
            '\ufeff{}',
            '{"a":1,}',
            '[1,2',
            '"\\ud800"',
            '{"a":"\\u0000"}',
            '  ',
            '\u0000',
          ),
          typed(oddMediaType, JSON_TYPE),
        )
        .map(([text, contentType]) => ({ kind: 'broken json', contentType, bytes: Buffer.from(text) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 200 }), oddMediaType)
        .map(([bytes, contentType]) => ({ kind: 'random bytes', contentType, bytes: Buffer.from(bytes) })),
    },
  );
}

/** Header names an attacker would try (spoofed addresses, origin secret, cookies) and random ones. */
const HEADER_NAMES = [
  'x-forwarded-for',
  'x-real-ip',
  'cloudfront-viewer-address',
  'x-origin-verify',
  'x-viewer-host',
  'origin',
  'referer',
  'sec-fetch-site',
  'cookie',
  'accept',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'x-amz-target',
  'x-http-method-override',
  'x-requested-with',
  'idempotency-key',
  'if-none-match',
  'range',
] as const;

/** Printable ASCII: what an HTTP client lets through in a header value. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.constantFrom(
    'null',
    'https://evil.example',
    'cross-site',
    '127.0.0.1',
    '1.2.3.4:443',
    '../../',
    'a'.repeat(4_000),
  ),
);

/** (No `Expect`: Node's own server answers it, before any code of ours; it would test Node, not the API.) */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...HEADER_NAMES), fc.stringMatching(/^x-[a-z0-9-]{1,20}$/)), headerValue), {
    maxLength: 4,
  })
  .map((pairs) => Object.fromEntries(pairs));

/**
 * Methods an HTTP parser takes (Node's refuses a made-up or lower-case one
 * before any code of ours, as CloudFront does; CONNECT opens a tunnel, not a request).
 */
export const hostileMethod = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
  { weight: 1, arbitrary: fc.constantFrom('TRACE', 'PROPFIND', 'PURGE', 'REPORT') },
);

/** Percent-encodes the UTF-8 bytes of any text (encodeURIComponent throws on half a surrogate pair). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A path segment as a URL may carry it (percent-encoded where needed). */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '01',
    '999999999999',
    '9'.repeat(40),
    'NaN',
    '%00',
    '%',
    '%E0%A4%A',
    '..',
    '%2e%2e',
    '%2F',
    '%20',
    'MT-000001',
    '0x1',
  ),
  hostileText.map((text) => percentEncode(text.slice(0, 200))).filter((segment) => segment.length > 0),
);

/** Paths under /api that are no route, or are a route spelled oddly. */
export const strayApiPath = fc.oneof(
  fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((segments) => `/api/${segments.join('/')}`),
  fc.constantFrom(
    '/api',
    '/api/',
    '/API/view',
    '/api//view',
    '/api/view/',
    '/api/./view',
    '/api/detail/',
    '/api/detail//1',
    '/api/detail/1/2',
    '/api/export.csv/..',
    '/api/%76iew',
  ),
);

/**
 * Longest query string sent. CloudFront refuses a URL over 8,192 bytes before
 * it reaches the API (and Node's parser one over 16 KB of headers), so longer
 * ones would test the CDN, not us.
 */
export const MAX_QUERY_LENGTH = 6_000;

/** A query string of hostile values under the given names (and stray ones). */
export function hostileQuery(names: readonly string[]): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostileKey })
    : hostileKey;
  return fc
    .array(
      fc.tuple(
        name,
        fc.oneof(
          hostileText.map((text) => text.slice(0, 400)),
          hostileNumber.map(String),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => {
      const query = new URLSearchParams();
      for (const [key, value] of pairs) query.append(key, value);
      return query
        .toString()
        .slice(0, MAX_QUERY_LENGTH)
        .replace(/%[0-9A-F]?$/, '');
    });
}
