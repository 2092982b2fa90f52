/**
 * Attachments whose bytes show no type of their own: kept when they are
 * readable UTF-8 text, as CSV when the sender named them `.csv` and as plain
 * text otherwise (attachment-names.ts then makes any other name end in
 * `.txt`, so a `.bat`, `.js` or `.url` opens in a text editor, never runs).
 * Text that is markup (HTML, SVG, XML: what a browser renders and runs the
 * scripts of) is refused: a clinic needs none, and the download link cannot
 * forbid a browser to sniff a type (S3 sends no `X-Content-Type-Options`:
 * attachment-download.ts), so no page is ever stored.
 */

/** A control character but tab and line ends, or DEL: what no readable text holds. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The start of an element a browser renders or runs, or of an XML document
 * (SVG without its declaration starts at `<svg`); `a < b` or `<3` is no tag.
 */
const MARKUP =
  /<\s*(?:!doctype|\?xml|script|html|head|body|svg|math|iframe|frame|frameset|object|embed|applet|meta|link|style|base|form|img|image|video|audio|a\s|xsl:|hta:application)/i;

/** The text of UTF-8 bytes without their byte order mark, or `undefined` when they are no readable text. */
function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return CONTROL.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Whether a text is, or holds, markup a browser would render as a page or an image with scripts. */
export function looksLikeMarkup(text: string): boolean {
  return text.trimStart().startsWith('<') || MARKUP.test(text);
}

/** The markup type a refused text is listed with: SVG, another XML document, or a web page. */
function markupType(text: string): 'image/svg+xml' | 'application/xml' | 'text/html' {
  if (/<\s*svg[\s>]/i.test(text)) return 'image/svg+xml';
  return text.trimStart().startsWith('<?xml') ? 'application/xml' : 'text/html';
}

/**
 * What text bytes are kept as: `text/csv` for a name ending `.csv`, else
 * `text/plain`; refused (`type`) when the text is markup; `undefined` when
 * the bytes are no readable text at all.
 */
export function textType(
  bytes: Uint8Array,
  name: string,
): { type: 'text/plain' | 'text/csv' } | { refused: 'type'; type: string } | undefined {
  const text = utf8Text(bytes);
  if (text === undefined) return undefined;
  if (looksLikeMarkup(text)) return { refused: 'type', type: markupType(text) };
  return { type: /\.csv$/i.test(name) ? 'text/csv' : 'text/plain' };
}
