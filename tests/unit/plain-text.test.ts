/** What text the API takes (shared/plain-text.ts), whole numbers (shared/intake/field-schemas.ts), and a body that is not UTF-8. */
import { describe, expect, it } from 'vitest';
import { firstUnsafeText, hasUnsafeCharacters, isOneLine } from '../../shared/plain-text';
import { wholeNumberField } from '../../shared/intake/field-schemas';
import { makeSendmailHandler } from '../../functions/intake/sendmail-handler';
import { apiEvent, fakeDeps } from '../support/fakes';

describe('hasUnsafeCharacters', () => {
  it.each(['\u0000', 'a\u0007b', '\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udfff', '\udc00\ud800'])(
    'refuses %j',
    (text) => {
      expect(hasUnsafeCharacters(text)).toBe(true);
    },
  );

  it.each([
    '',
    'Anna Petrova',
    'line\nbreak\r\n',
    'tab\there',
    '안녕하세요',
    '😀 a whole surrogate pair',
    '\u00a0non-breaking',
    'e\u0301',
  ])('takes %j', (text) => {
    expect(hasUnsafeCharacters(text)).toBe(false);
  });

  it('keeps a one-line field to one line', () => {
    expect(isOneLine('Anna Petrova')).toBe(true);
    for (const text of ['Anna\r\nBcc: x@example.test', 'a\nb', 'a\u2028b', 'a\u2029b', 'a\u0000'])
      expect(isOneLine(text)).toBe(false);
  });
});

describe('firstUnsafeText', () => {
  it('names the first field holding unsafe text, at any depth, key or value', () => {
    expect(firstUnsafeText({ user_name: 'Anna', message: 'ok' })).toBeUndefined();
    expect(firstUnsafeText({ user_name: 'An\u0000na' })).toBe('user_name');
    expect(firstUnsafeText({ list: [{ deep: 'x\ud800' }] })).toBe('list.0.deep');
    expect(firstUnsafeText({ 'bad\u0001key': 1 })).toBe('body');
    expect(firstUnsafeText({ nested: { 'bad\u0001key': 1 } })).toBe('nested');
    expect(firstUnsafeText('\u0000')).toBe('body');
  });

  it('refuses nesting past any real payload without recursion (no stack to exhaust)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(firstUnsafeText({ data: deep })).toMatch(/^data(\.0)+$/);
  });
});

describe('wholeNumberField', () => {
  const field = wholeNumberField(0, 10, 'A whole number');
  it.each([
    [3, 3],
    ['7', 7],
    [' 4 ', 4],
    [0, 0],
  ])('takes %j as %j', (input, expected) => {
    expect(field.parse(input)).toBe(expected);
  });
  // z.coerce took every one of these, null and [] as 0 (a stale "version 0" passed the change check).
  it.each([null, '', [], [5], true, false, {}, '1e1', '0x1', 1.5, -1, 11, '11'])('refuses %j', (input) => {
    expect(field.safeParse(input).success).toBe(false);
  });
});

describe('a body that is not UTF-8', () => {
  it('is refused with a 400 naming the body, and nothing is stored', async () => {
    const deps = fakeDeps();
    const bytes = Buffer.concat([
      Buffer.from('{"data":{"user_name":"An'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('na"}}'),
    ]);
    const event = {
      ...apiEvent({ headers: { 'content-type': 'application/json' } }),
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    };
    const response = await makeSendmailHandler(deps)(event);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ error: 'invalid_input', fields: { body: 'UTF-8 text' } });
    expect(deps.enquiries.items.size).toBe(0);
  });
});
