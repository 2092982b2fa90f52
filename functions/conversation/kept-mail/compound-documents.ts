/**
 * Compound files (OLE, CFB): one container format for old Word, Excel and
 * PowerPoint documents, Hangul (HWP) documents, Windows Installer packages
 * (`.msi`), Outlook messages, thumbnails databases and more. Its first bytes
 * say only "compound file", so what it is is read from its streams (the
 * `cfb` package parses the directory and streams; a file is at most
 * ATTACHMENT_MAX_BYTES): a `WordDocument` stream makes it a Word document, a
 * `Workbook` (BIFF8) or `Book` (BIFF5) stream an Excel workbook, a
 * `FileHeader` stream with HWP's signature a Hangul document. Anything else
 * (an installer, an encrypted zip-based document, a message) is refused.
 *
 * A document that carries active content is refused too, as far as that is
 * cheap to see: VBA macros (the `Macros`, `_VBA_PROJECT_CUR` or `VBA`
 * storages), an embedded package (an `\x01Ole10Native` stream: how a program
 * rides inside a document), and an Excel 4.0 macro sheet (a BoundSheet record
 * of type macro in the workbook's globals). HWP's `Scripts` storage is in
 * nearly every HWP file and is not refused; GuardDuty scans the file whole.
 */
import CFB, { type CFB$Blob, type CFB$Container, type CFB$Entry } from 'cfb';
import type { AttachmentRefusal } from '../../../shared/conversation/visitor-messages';

const HWP_SIGNATURE = 'HWP Document File';
/** Storages and streams that hold macros or an embedded program, by name (case as Office writes them, compared in upper case). */
const ACTIVE_ENTRIES = new Set(['MACROS', '_VBA_PROJECT_CUR', 'VBA', '_VBA_PROJECT', '\u0001OLE10NATIVE']);
/** BIFF record types: BoundSheet8 (a sheet of the workbook, with its type) and EOF (the end of the globals). */
const BIFF_BOUNDSHEET = 0x0085;
const BIFF_EOF = 0x000a;
/** BoundSheet8's sheet type of an Excel 4.0 macro sheet. */
const MACRO_SHEET = 0x01;

const bytesOf = (content: CFB$Blob | undefined) => Uint8Array.from(content ?? []);

/** Whether the workbook's globals name an Excel 4.0 macro sheet (BoundSheet8: 4 bytes of offset, a state byte, a type byte). */
function hasMacroSheet(workbook: Uint8Array): boolean {
  const view = new DataView(workbook.buffer, workbook.byteOffset, workbook.byteLength);
  for (let at = 0; at + 4 <= workbook.byteLength;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === BIFF_EOF) return false;
    if (type === BIFF_BOUNDSHEET && length >= 6 && at + 10 <= workbook.byteLength && workbook[at + 9] === MACRO_SHEET)
      return true;
    at += 4 + length;
  }
  return false;
}

/**
 * What a compound file is kept as (`application/msword`,
 * `application/vnd.ms-excel`, `application/x-hwp`), or why it is refused:
 * `type` (none of those), `active_content` (macros, an embedded program, a
 * macro sheet), `unreadable` (no compound file `cfb` can read).
 */
export function compoundDocumentType(bytes: Uint8Array): { type: string } | { refused: AttachmentRefusal } {
  let container: CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes), { type: 'buffer' });
  } catch {
    return { refused: 'unreadable' };
  }
  const root = container.FullPaths[0] ?? '';
  // The streams right under the root, by name: where each format keeps its main stream.
  const rootStreams = new Map<string, CFB$Entry>();
  container.FileIndex.forEach((entry, index) => {
    const path = container.FullPaths[index] ?? '';
    if (entry.type === 2 && path.startsWith(root) && !path.slice(root.length).includes('/'))
      rootStreams.set(entry.name, entry);
  });
  if (container.FileIndex.some((entry) => ACTIVE_ENTRIES.has(entry.name.toUpperCase())))
    return { refused: 'active_content' };

  if (rootStreams.has('WordDocument')) return { type: 'application/msword' };
  const workbook = rootStreams.get('Workbook') ?? rootStreams.get('Book');
  if (workbook)
    return hasMacroSheet(bytesOf(workbook.content))
      ? { refused: 'active_content' }
      : { type: 'application/vnd.ms-excel' };
  const header = rootStreams.get('FileHeader');
  if (
    header &&
    Buffer.from(bytesOf(header.content).subarray(0, HWP_SIGNATURE.length)).toString('latin1') === HWP_SIGNATURE
  )
    return { type: 'application/x-hwp' };
  return { refused: 'type' };
}
