/**
 * The types of attachment kept, as their bytes show them, each with the
 * extension its stored name ends with (attachment-names.ts) and the others a
 * sender's name may end with and keep: PDF, the image formats phones and
 * scanners write, Office documents (the zip-based ones and, from compound
 * files, Word and Excel only), Hangul (HWP) documents, plain text and CSV.
 * None renders as a page or runs as a script in a browser. A file of its own
 * without the type readers, so the download route's bundle holds only this.
 */

export interface KeptType {
  /** The extension a kept file's name ends with. */
  ext: string;
  /** Other extensions of the same type a sender's name may keep (`.jpeg` for JPEG). */
  also?: readonly string[];
}

export const KEPT_TYPES: Readonly<Record<string, KeptType>> = {
  'application/pdf': { ext: 'pdf' },
  'image/jpeg': { ext: 'jpg', also: ['jpeg', 'jpe', 'jfif'] },
  'image/png': { ext: 'png' },
  'image/gif': { ext: 'gif' },
  'image/webp': { ext: 'webp' },
  'image/heic': { ext: 'heic' },
  'image/heif': { ext: 'heif', also: ['heic'] },
  'image/tiff': { ext: 'tif', also: ['tiff'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: 'pptx' },
  // Compound files (OLE), told apart by their streams (compound-documents.ts).
  'application/msword': { ext: 'doc' },
  'application/vnd.ms-excel': { ext: 'xls' },
  'application/x-hwp': { ext: 'hwp' },
  // UTF-8 text (text-attachments.ts): CSV when the sender named it so, else plain text.
  'text/plain': { ext: 'txt' },
  'text/csv': { ext: 'csv' },
};

/** The zip-based Office documents, whose directory is checked before one is kept (office-archives.ts). */
export const OFFICE_ARCHIVE_TYPES: ReadonlySet<string> = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** The text types: a sender's name with another extension gets `.txt` after it, so it opens as text. */
export const TEXT_TYPES: ReadonlySet<string> = new Set(['text/plain', 'text/csv']);

export function isKeptType(type: string | undefined): type is string {
  return type !== undefined && Object.hasOwn(KEPT_TYPES, type);
}
