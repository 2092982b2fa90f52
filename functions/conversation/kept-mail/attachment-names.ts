/**
 * The name an attachment is listed and saved under. What the sender gave, as
 * one short line without a path, controls or format characters (a
 * right-to-left override cannot disguise `.hta` as `.jpg`:
 * shared/conversation/attachment-names.ts); and, for a kept file, ending with
 * its type's extension, so the program that opens it on a staff member's
 * computer is the one for what its bytes are, never what the sender named it:
 *
 * - a name with its type's extension stays as it is (`Scan.JPG`, `a.jpeg`);
 * - text gets `.txt` after the name it came with (`run.bat` → `run.bat.txt`,
 *   `notes` → `notes.txt`): it opens in a text editor, and staff still see
 *   what the sender called it;
 * - any other type's file has its extension replaced by its type's
 *   (`photo.jpg` that is a PNG → `photo.png`, `report.exe` that is a PDF →
 *   `report.pdf`), or added when it has none that reads as one (`scan 2024.11`
 *   → `scan 2024.11.pdf`).
 */
import { plainName } from '../../../shared/conversation/attachment-names';
import { KEPT_TYPES, TEXT_TYPES } from './kept-types';

/** The longest name kept, in characters (a whole name, its extension included). */
export const NAME_MAX = 120;

/** What programs read as a file's extension and we replace: a letter, then letters or digits, after the last dot. */
const EXTENSION = /\.([A-Za-z][A-Za-z0-9]{0,7})$/;

/** At most `max` characters, never half of one. */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? characters.slice(0, max).join('').trimEnd() : text;
}

/**
 * The name the sender gave, as one short line without a path, controls or
 * format characters, and without the trailing dots and spaces Windows drops;
 * or one made from its place when nothing is left.
 */
export function attachmentName(filename: string | undefined, position: number): string {
  const name = plainName((filename ?? '').replace(/^.*[\\/]/, '')).replace(/[. ]+$/, '');
  return cut(name, NAME_MAX) || `attachment-${position}`;
}

/** The name a kept file of `type` is stored and saved under (a kept type: kept-types.ts). */
export function keptName(name: string, type: string): string {
  const kept = KEPT_TYPES[type];
  if (!kept) throw new Error(`${type} is not a kept type`);
  const own = EXTENSION.exec(name)?.[1];
  const ownLower = own?.toLowerCase();
  if (ownLower === kept.ext || (ownLower !== undefined && kept.also?.includes(ownLower))) return name;
  const base = own !== undefined && !TEXT_TYPES.has(type) ? name.slice(0, -(own.length + 1)).trimEnd() : name;
  return `${cut(base || 'attachment', NAME_MAX - kept.ext.length - 1)}.${kept.ext}`;
}
