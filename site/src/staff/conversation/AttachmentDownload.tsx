/**
 * A kept attachment of a visitor's message, as a button: it asks the server
 * for a link that works for a couple of minutes, then the browser follows
 * it. The link always answers a file to save (never a page), so the staff
 * member stays on the enquiry. Each click is a new link, logged. The list
 * offers the button only for a file its malware scan found clean; the server
 * checks again, and a refusal (409) says why.
 */
import { type ReactNode, useState } from 'react';
import { StaffApiError } from '../core/api';
import Alert from '../core/Alert';
import { attachmentLink } from './attachment-api';
import { CONVERSATION_TEXT } from './words';

export interface AttachmentDownloadProps {
  postIndex: number;
  attachmentKey: string;
  /** What the button reads (the name and size): the name is isolated, so its script's direction stays its own. */
  label: ReactNode;
  /** What a screen reader says of it, in words. */
  description: string;
}

/** What the staff member is told when no link came: gone, not (or no longer) scanned clean, or a failure. */
function problemOf(error: unknown): string {
  if (!(error instanceof StaffApiError)) return CONVERSATION_TEXT.downloadFailed;
  if (error.status === 404) return CONVERSATION_TEXT.downloadGone;
  if (error.code === 'attachment_infected') return CONVERSATION_TEXT.downloadInfected;
  if (error.code === 'attachment_not_scanned') return CONVERSATION_TEXT.downloadNotScanned;
  return CONVERSATION_TEXT.downloadFailed;
}

export default function AttachmentDownload({ postIndex, attachmentKey, label, description }: AttachmentDownloadProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const download = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { url } = await attachmentLink(postIndex, attachmentKey);
      window.location.assign(url);
    } catch (error) {
      // A 401 is on its way to the sign-in page already.
      if (!(error instanceof StaffApiError && error.status === 401)) setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="staff-button"
        onClick={() => void download()}
        disabled={busy}
        aria-label={CONVERSATION_TEXT.download(description)}
      >
        {busy ? CONVERSATION_TEXT.downloading : label}
      </button>
      <Alert text={problem} />
    </>
  );
}
