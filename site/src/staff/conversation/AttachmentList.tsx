/**
 * The attachments of a visitor's message, by name and size. A kept one whose
 * malware scan found it clean is a button that downloads it through a
 * short-lived link (AttachmentDownload), never shown inline; a kept one not
 * scanned yet, infected or unscannable says so and has no button; a refused
 * one says why it was not kept. Each name is shown without controls or format
 * characters (a name stored before they were taken out at receipt too) and
 * isolated in a `<bdi>`, so a right-to-left name cannot reorder what stands
 * around it, nor its own extension.
 */
import { plainName } from '../../../../shared/conversation/attachment-names';
import type { ListedAttachment } from '../../../../shared/conversation/visitor-messages';
import AttachmentDownload from './AttachmentDownload';
import { CONVERSATION_TEXT } from './words';

export interface AttachmentListProps {
  /** The enquiry whose thread it is in: a download names it, and the server checks the attachment is its. */
  postIndex: number;
  attachments: readonly ListedAttachment[];
}

/** Why a listed attachment has no button, or `undefined` for one that may be downloaded. */
function whyNoDownload(attachment: ListedAttachment): string | undefined {
  if (attachment.refused) return CONVERSATION_TEXT.refused[attachment.refused];
  if (!attachment.key) return CONVERSATION_TEXT.refused.type;
  // A listing without a scan (none should come) is read as not scanned yet.
  const scan = attachment.scan ?? 'pending';
  return scan === 'clean' ? undefined : CONVERSATION_TEXT.scan[scan];
}

export default function AttachmentList({ postIndex, attachments }: AttachmentListProps) {
  if (attachments.length === 0) return null;
  return (
    <div>
      <p className="history__attachments-heading">{CONVERSATION_TEXT.attachments}</p>
      <ul className="history__attachments">
        {attachments.map((attachment, index) => {
          const name = plainName(attachment.name);
          const size = CONVERSATION_TEXT.size(attachment.size);
          const why = whyNoDownload(attachment);
          return (
            <li key={`${index}-${attachment.name}`}>
              {attachment.key && why === undefined ? (
                <AttachmentDownload
                  postIndex={postIndex}
                  attachmentKey={attachment.key}
                  label={
                    <>
                      <bdi>{name}</bdi> ({size})
                    </>
                  }
                  description={`${name} (${size})`}
                />
              ) : (
                <>
                  <bdi>{name}</bdi> ({size}) · {why}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
