/**
 * A staff download of a visitor's attachment: the key must be one the
 * enquiry's own thread lists as kept, of a type still kept (a key made up,
 * another enquiry's, or a raw message's is never signed), its malware scan
 * must have found nothing (attachment-scans.ts), and the link it gets always
 * saves a file (`Content-Disposition: attachment`, its name in RFC 6266's two
 * forms, ending with its type's extension) of a type no browser renders as a
 * page or runs as a script.
 *
 * The link is a presigned S3 GET, which can set six answer headers and no
 * other: `X-Content-Type-Options: nosniff` cannot be among them, and S3
 * sends none of its own. What keeps a browser from reading the file as a
 * page is what can be set: the disposition (a download, never rendered),
 * the exact type the bytes showed, and that no markup is ever kept
 * (text-attachments.ts).
 */
import { plainName } from '../../../shared/conversation/attachment-names';
import type { ListedAttachment } from '../../../shared/conversation/visitor-messages';
import type { EnquiryEvent } from '../../work/ports';
import { keptName } from './attachment-names';
import { isKeptAttachment } from './attachment-scans';
import { TEXT_TYPES, isKeptType } from './kept-types';

/** The attachment under `key` among the visitor's messages of a thread, when it was kept and its type still is. */
export function keptAttachment(
  events: readonly EnquiryEvent[],
  key: string,
): (ListedAttachment & { key: string }) | undefined {
  for (const event of events) {
    if (event.type !== 'visitorMessage') continue;
    const found = event.visitor?.attachments.find((attachment) => attachment.key === key);
    if (found && isKeptAttachment(found)) return found;
  }
  return undefined;
}

/** RFC 5987's attr-char leaves these out, though encodeURIComponent keeps them. */
const NOT_ATTR_CHAR = /['()*]/g;

/**
 * `attachment` with the name the sender gave: a plain ASCII `filename` for
 * old clients (anything else, quotes and backslashes as `_`) and the whole
 * name as UTF-8 in `filename*` (RFC 6266 §4.3, RFC 5987), so a Korean or
 * Cyrillic name arrives as written. Controls and format characters never
 * reach the header (a name stored before they were taken out at receipt).
 */
export function attachmentDisposition(name: string): string {
  const clean =
    name
      .normalize('NFC')
      .replace(/\p{Cf}/gu, '')
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029/\\]/g, '_')
      .trim() || 'attachment';
  const ascii = clean.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    NOT_ATTR_CHAR,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The name a file is saved under: its type's extension, also for one stored before names followed types. */
export function downloadName(attachment: Pick<ListedAttachment, 'name' | 'type'>): string {
  return isKeptType(attachment.type) ? keptName(plainName(attachment.name), attachment.type) : attachment.name;
}

/** The type the link answers with: a kept type its bytes showed (text as UTF-8), else bytes to save. */
export function downloadType(type: string | undefined): string {
  if (!isKeptType(type)) return 'application/octet-stream';
  return TEXT_TYPES.has(type) ? `${type}; charset=utf-8` : type;
}
