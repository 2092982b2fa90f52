/**
 * The zip-based Office documents (docx, xlsx, pptx), read by their zip's
 * central directory alone (yauzl, from the bytes in memory): nothing is
 * inflated here, so a zip bomb costs this function nothing, but a staff
 * member's Office would inflate it. Refused:
 *
 * - `inflation`: the entries would inflate to more than
 *   ARCHIVE_MAX_INFLATED_BYTES in all, or to more than ARCHIVE_MAX_RATIO
 *   times the file's own size (real documents inflate a few times, ten or
 *   twenty for a large repetitive sheet), or there are more than
 *   ARCHIVE_MAX_ENTRIES entries. The sizes are the ones the directory
 *   declares; a directory that understates them is not caught here
 *   (GuardDuty scans the file whole);
 * - `active_content`: a part that carries macros or a program, seen by its
 *   name: a VBA project (`vbaProject.bin`), Excel 4.0 macro sheets
 *   (`xl/macrosheets/`), ActiveX controls (`activeX/`), an embedded OLE object
 *   or program (`embeddings/*.bin`, `*.exe` and the like). A macro-enabled
 *   document (docm, xlsm) has another type and is refused before this;
 * - `unreadable`: no zip yauzl can read (a damaged directory, a name with
 *   `..` or an absolute path).
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { AttachmentRefusal } from '../../../shared/conversation/visitor-messages';

export const ARCHIVE_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
export const ARCHIVE_MAX_RATIO = 100;
export const ARCHIVE_MAX_ENTRIES = 10_000;

/** Part names that carry macros, controls or an embedded program. */
const ACTIVE_PARTS = [
  /(^|\/)vbaProject\.bin$/i,
  /^xl\/macrosheets\//i,
  /(^|\/)activeX\//i,
  /(^|\/)embeddings\/[^/]*\.(bin|exe|dll|scr|com|pif|bat|cmd|ps1|vbs|vbe|js|jse|wsf|wsh|hta|msi|msp|jar|lnk|cpl)$/i,
];

/** The entries of a zip's central directory, at most ARCHIVE_MAX_ENTRIES (undefined past that), read without inflating any. */
function directoryOf(zip: ZipFile): Promise<Entry[] | undefined> {
  if (zip.entryCount > ARCHIVE_MAX_ENTRIES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Why a zip-based Office document is refused, or `undefined` when it may be kept. */
export async function officeArchiveProblem(bytes: Uint8Array): Promise<AttachmentRefusal | undefined> {
  let entries: Entry[] | undefined;
  let zip: ZipFile | undefined;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes), { strictFileNames: false, decodeStrings: true });
    entries = await directoryOf(zip);
  } catch {
    return 'unreadable';
  } finally {
    zip?.close();
  }
  if (!entries) return 'inflation';
  const inflated = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (inflated > ARCHIVE_MAX_INFLATED_BYTES || inflated > ARCHIVE_MAX_RATIO * bytes.byteLength) return 'inflation';
  if (entries.some((entry) => ACTIVE_PARTS.some((part) => part.test(entry.fileName)))) return 'active_content';
  return undefined;
}
