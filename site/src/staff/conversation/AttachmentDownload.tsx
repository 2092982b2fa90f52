/**
 * A kept attachment of a visitor's message, as a button: it asks the server
 * for a link that works for a couple of minutes, then the browser follows
 * it. The link always answers a file to save (never a page), so the staff
 * member stays on the enquiry. Each click is a new link, logged.
 */
import { useState } from 'react';
import { StaffApiError } from '../core/api';
import Alert from '../core/Alert';
import { attachmentLink } from './attachment-api';
import { CONVERSATION_TEXT } from './words';

export interface AttachmentDownloadProps {
  postIndex: number;
  attachmentKey: string;
  label: string;
}

export default function AttachmentDownload({ postIndex, attachmentKey, label }: AttachmentDownloadProps) {
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
      if (!(error instanceof StaffApiError && error.status === 401))
        setProblem(
          error instanceof StaffApiError && error.status === 404
            ? CONVERSATION_TEXT.downloadGone
            : CONVERSATION_TEXT.downloadFailed,
        );
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
        aria-label={CONVERSATION_TEXT.download(label)}
      >
        {busy ? CONVERSATION_TEXT.downloading : label}
      </button>
      <Alert text={problem} />
    </>
  );
}
