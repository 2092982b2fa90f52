/**
 * The attachments of a visitor's message: each kept in the private inbound
 * bucket under a key made from its message (a retry writes the same object
 * again, never a second copy), its type read from its bytes, never from what
 * the sender claimed, and only of the types a clinic needs to read
 * (documents, scans, photos: kept-types.ts, attachment-types.ts), under a
 * name that ends with its type's extension (attachment-names.ts). Past the
 * count or the size, or of another type, it is listed by name and size as
 * not kept, with why. Every kept object is scanned for malware where it lies
 * (GuardDuty Malware Protection for S3 on `attachments/`; locally the stand-in
 * of local/emulators/malware-scan.ts) and is downloaded only once the scan
 * found nothing (attachment-scans.ts). Staff never see one inline: they
 * download it through a short-lived link that always saves the file
 * (attachment-download-handler.ts).
 */
import { INBOUND_ATTACHMENT_PREFIX, type ListedAttachment } from '../../../shared/conversation/visitor-messages';
import type { InboundBucket } from '../ports';
import { attachmentName, keptName } from './attachment-names';
import { attachmentType } from './attachment-types';

/** Attachments kept of one message; the others are listed as not kept. */
export const ATTACHMENTS_MAX = 10;
/** The largest attachment kept (a phone's photo of a report fits; the message as a whole is capped by INBOUND_MAX_BYTES). */
export const ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;

/** One attachment as received (mailparser's attachment, the fields used). */
export interface ReceivedAttachment {
  filename?: string;
  content: Uint8Array;
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
 * `attachments/<message>/<position>`, and lists each: kept (with its key,
 * type and the name it is saved under) or not (with the reason). Throws
 * when the bucket does: the message is then processed again, and writes the
 * same keys.
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
      const verdict = await attachmentType(attachment.content, listed.name);
      if (verdict.refused !== undefined)
        return { ...listed, ...(verdict.type ? { type: verdict.type } : {}), refused: verdict.refused };
      const key = `${INBOUND_ATTACHMENT_PREFIX}${messageHash}/${position}`;
      await bucket.putAttachment(key, attachment.content, verdict.type);
      return { ...listed, name: keptName(listed.name, verdict.type), type: verdict.type, key };
    }),
  );
}
