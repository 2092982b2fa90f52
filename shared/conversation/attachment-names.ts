/**
 * An attachment's name without the characters that make a name read other
 * than it is: Unicode's controls (Cc: line breaks, escapes) and format
 * characters (Cf: the bidi marks, embeddings, overrides and isolates U+200E/F,
 * U+202A–202E, U+2066–2069, U+061C, the zero-width characters, the BOM, the
 * soft hyphen). A right-to-left override turns `photo\u202Egpj.hta` (an HTML application) into what reads
 * `photoath.jpg`; without it the name shows its real extension. The receiver
 * stores names so (functions/conversation/kept-mail/attachment-names.ts) and the
 * back office shows every name through it, the ones stored before too. No
 * schema here: the staff app imports this file.
 */

/** Controls and line or paragraph separators: each becomes a space, as a line break in a name would. */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** Format characters: removed, they show nothing of their own. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** The name with controls as spaces, format characters gone, spaces run together and trimmed. */
export function plainName(name: string): string {
  return name.normalize('NFC').replace(CONTROLS, ' ').replace(FORMAT_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}
