/**
 * What a staff page loads when it opens, written once: it asks only with a
 * token (requireToken sends the browser to the sign-in page otherwise), keeps
 * the answer (which the page may change after an edit, or load again), and
 * says why it could not load: no access, or the server not answering
 * (failureText). The message box, the detail and the access log, which load
 * again on every filter or page, keep their own.
 */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { failureText, requireToken } from './api';
import { STAFF_TEXT } from './words';

export interface PageLoad<Data> {
  data: Data | undefined;
  /** Why it could not load, in the back office's words. */
  failed: string | undefined;
  set: Dispatch<SetStateAction<Data | undefined>>;
  reload: () => Promise<void>;
}

/** `load` is read once per mount: pass a function of the module, not one made in the component. */
export function usePageLoad<Data>(load: () => Promise<Data>): PageLoad<Data> {
  const [data, setData] = useState<Data>();
  const [failed, setFailed] = useState<string>();
  const reload = useCallback(() => load().then(setData, (error: unknown) => setFailed(failureText(error))), [load]);
  useEffect(() => {
    if (!requireToken()) return;
    void reload();
  }, [reload]);
  return { data, failed, set: setData, reload };
}

/** "Loading…" until the data is there, or the reason it could not load, as an alert. */
export function PageLoadState({ load }: { load: Pick<PageLoad<unknown>, 'data' | 'failed'> }) {
  if (load.failed) {
    return (
      <p className="staff__alert" role="alert">
        {load.failed}
      </p>
    );
  }
  return load.data === undefined ? <p className="staff__muted">{STAFF_TEXT.loading}</p> : null;
}
