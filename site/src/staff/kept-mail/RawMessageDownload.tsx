/**
 * An admin's button for a kept mail's raw message as it came (for a mail the
 * receiver could not read, the only way to it): it asks the server for a
 * short-lived link, then the browser follows it and saves the `.eml` file.
 * The server hands it out only once the malware scan found it clean, and
 * says why not otherwise. Shown to admins alone; the server checks the role.
 */
import { useState } from 'react';
import { StaffApiError } from '../core/api';
import Alert from '../core/Alert';
import { keptMailRawLink } from './kept-mail-api';
import { KEPT_MAIL_TEXT } from './words';

function problemOf(error: unknown): string {
  if (error instanceof StaffApiError && error.code === 'attachment_infected') return KEPT_MAIL_TEXT.rawInfected;
  if (error instanceof StaffApiError && error.code === 'attachment_not_scanned') return KEPT_MAIL_TEXT.rawNotScanned;
  if (error instanceof StaffApiError && error.status === 404) return KEPT_MAIL_TEXT.rawGone;
  return KEPT_MAIL_TEXT.rawFailed;
}

export default function RawMessageDownload({ mailKey }: { mailKey: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const download = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      window.location.assign((await keptMailRawLink(mailKey)).url);
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401)) setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="staff-button" onClick={() => void download()} disabled={busy}>
        {busy ? KEPT_MAIL_TEXT.rawDownloading : KEPT_MAIL_TEXT.rawDownload}
      </button>
      <Alert text={problem} />
    </>
  );
}
