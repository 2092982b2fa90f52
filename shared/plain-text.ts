/**
 * What text the API takes. No field may hold a C0 or C1 control character
 * (tab and line ends aside), DEL, or half of a UTF-16 surrogate pair (which
 * no UTF-8 can carry: it would be stored as a broken character, or refused by
 * the database mid-write). A one-line field (a name, an address, a subject:
 * anything that may become a mail header, a CSV cell or a list row) holds no
 * line break either. No schema library here: the page scripts may import it.
 */

// Built from code points: a regular expression literal with these ranges trips linters and readers alike.
const range = (from: number, to: number) =>
  `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`;
const CONTROL = new RegExp(`[${range(0x00, 0x08)}${range(0x0b, 0x0c)}${range(0x0e, 0x1f)}${range(0x7f, 0x9f)}]`);
/** Half a surrogate pair: a high one not followed by a low one, or a low one not after a high one. */
const HALF_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text without control characters';
export const ONE_LINE_MESSAGE = 'One line, without control characters';

/** Whether the text holds something no field may hold. */
export function hasUnsafeCharacters(text: string): boolean {
  return CONTROL.test(text) || HALF_SURROGATE.test(text);
}

/** Whether the text is one line of safe text. */
export function isOneLine(text: string): boolean {
  return !hasUnsafeCharacters(text) && !LINE_BREAK.test(text);
}

/** How deep `firstUnsafeText` looks: deeper than any payload of ours nests, so anything below is refused too. */
const MAX_DEPTH = 32;

/**
 * The dotted path of the first key or text value in `input` that holds
 * unsafe characters (`'body'` for a bad key at the top, or for nesting past
 * any real payload), or `undefined` when all is clean. Walks without
 * recursion, so a hostile depth cannot exhaust the stack.
 */
export function firstUnsafeText(input: unknown): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (hasUnsafeCharacters(value)) return path || 'body';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) return path || 'body';
    for (const [key, child] of Object.entries(value)) {
      if (hasUnsafeCharacters(key)) return path || 'body';
      pending.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}
