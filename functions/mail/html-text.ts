/** Text into HTML and into mail headers, for the pages and mails the functions write themselves. */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

/** A header value stays one line of printable text: no control characters, no line or paragraph separators. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** How much of a visitor's message a notice to staff shows. */
export const PREVIEW_MAX = 200;

/** A text as a notice's preview shows it: one line, at most PREVIEW_MAX characters (never half a character). */
export function previewOf(text: string): string {
  const characters = Array.from(oneLine(text).replace(/\s+/g, ' '));
  return characters.length > PREVIEW_MAX ? `${characters.slice(0, PREVIEW_MAX - 1).join('')}…` : characters.join('');
}
