/**
 * A staff download of a visitor's attachment: the key must be one the
 * enquiry's own thread lists as kept (a key made up, another enquiry's, or a
 * raw message's is never signed), and the link it gets always saves a file
 * (`Content-Disposition: attachment`, its name in RFC 6266's two forms) of a
 * type no browser renders as a page or runs as a script.
 */
import type { ListedAttachment } from '../../../shared/conversation/visitor-messages';
import type { EnquiryEvent } from '../../work/ports';
import { ALLOWED_TYPES } from './attachments';

/** The attachment under `key` among the visitor's messages of a thread, when it was kept. */
export function keptAttachment(events: readonly EnquiryEvent[], key: string): ListedAttachment | undefined {
  for (const event of events) {
    if (event.type !== 'visitorMessage') continue;
    const found = event.visitor?.attachments.find((attachment) => attachment.key === key && !attachment.refused);
    if (found) return found;
  }
  return undefined;
}

/** RFC 5987's attr-char leaves these out, though encodeURIComponent keeps them. */
const NOT_ATTR_CHAR = /['()*]/g;

/**
 * `attachment` with the name the sender gave: a plain ASCII `filename` for
 * old clients (anything else, quotes and backslashes as `_`) and the whole
 * name as UTF-8 in `filename*` (RFC 6266 §4.3, RFC 5987), so a Korean or
 * Cyrillic name arrives as written.
 */
export function attachmentDisposition(name: string): string {
  const clean =
    name
      .normalize('NFC')
      .replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '_')
      .trim() || 'attachment';
  const ascii = clean.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    NOT_ATTR_CHAR,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The type the link answers with: a kept type its bytes showed (none renders as a page or script), else bytes to save. */
export function downloadType(type: string | undefined): string {
  return type !== undefined && ALLOWED_TYPES.has(type) ? type : 'application/octet-stream';
}
