/**
 * The attachments of a visitor's message: each kept in the private inbound
 * bucket under a key made from its message (a retry writes the same object
 * again, never a second copy), its type read from its bytes (file-type),
 * never from what the sender claimed, and only of the types a clinic needs
 * to read (documents, scans, photos). Past the count or the size, or of
 * another type, it is listed by name and size as not kept. Staff never see
 * one inline: they download it through a short-lived link that always saves
 * the file (attachment-download-handler.ts).
 */
import { fileTypeFromBuffer } from 'file-type';
import { INBOUND_ATTACHMENT_PREFIX, type ListedAttachment } from '../../../shared/conversation/visitor-messages';
import { oneLine } from '../../mail/html-text';
import type { InboundBucket } from '../ports';

/** Attachments kept of one message; the others are listed as not kept. */
export const ATTACHMENTS_MAX = 10;
/** The largest attachment kept (a phone's photo of a report fits; the message as a whole is capped by INBOUND_MAX_BYTES). */
export const ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;
const NAME_MAX = 120;

/**
 * The types kept, as their bytes show them: PDF, the image formats phones and
 * scanners write, Office documents, and the compound files of old Office and
 * of Hangul (HWP) documents. Plain text shows no type of its own; it is kept
 * when its bytes are UTF-8 text.
 */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/tiff',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
]);

/** One attachment as received (mailparser's attachment, the fields used). */
export interface ReceivedAttachment {
  filename?: string;
  content: Uint8Array;
}

/** Readable UTF-8 text: no NUL or other control character but tab and line ends. */
function isPlainText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/** The type the bytes show (none for bytes of no known type), and whether it is one we keep. */
export async function keptType(bytes: Uint8Array): Promise<{ type?: string; allowed: boolean }> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return { type: detected.mime, allowed: ALLOWED_TYPES.has(detected.mime) };
  return isPlainText(bytes) ? { type: 'text/plain', allowed: true } : { allowed: false };
}

/** The name the sender gave, as one short line without a path, or one made from its place. */
export function attachmentName(filename: string | undefined, position: number): string {
  const name = oneLine((filename ?? '').normalize('NFC')).replace(/^.*[\\/]/, '');
  return (name || `attachment-${position}`).slice(0, NAME_MAX);
}

/** The attachments of a message kept apart, by name and size only: none is stored until a staff member attaches the message. */
export function listedByName(attachments: readonly ReceivedAttachment[]): Omit<ListedAttachment, 'key'>[] {
  return attachments.map((attachment, index) => ({
    name: attachmentName(attachment.filename, index + 1),
    size: attachment.content.byteLength,
  }));
}

/**
 * Keeps the attachments of one message in the bucket, under
 * `attachments/<message>/<position>`, and lists each: kept (with its key and
 * type) or not (with the reason). Throws when the bucket does: the message
 * is then processed again, and writes the same keys.
 */
export async function keepAttachments(
  bucket: InboundBucket,
  messageHash: string,
  attachments: readonly ReceivedAttachment[],
): Promise<ListedAttachment[]> {
  return Promise.all(
    attachments.map(async (attachment, index): Promise<ListedAttachment> => {
      const position = index + 1;
      const listed = { name: attachmentName(attachment.filename, position), size: attachment.content.byteLength };
      if (index >= ATTACHMENTS_MAX) return { ...listed, refused: 'too_many' };
      if (listed.size > ATTACHMENT_MAX_BYTES) return { ...listed, refused: 'too_large' };
      const { type, allowed } = await keptType(attachment.content);
      if (!allowed || !type) return { ...listed, ...(type ? { type } : {}), refused: 'type' };
      const key = `${INBOUND_ATTACHMENT_PREFIX}${messageHash}/${position}`;
      await bucket.putAttachment(key, attachment.content, type);
      return { ...listed, type, key };
    }),
  );
}
