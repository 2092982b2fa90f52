/**
 * `/detail/{index}`: one enquiry and the work on it: its fields, then the
 * panels the features' manifests give the detail page (status and owner, its
 * tags, a reply to the visitor, its history and internal notes, the links to
 * the visitor's page, ...: staff/features.ts; for suspected spam, only the
 * panels for it, which mark it genuine). Opened by its owner, the
 * visitor's unread messages become read.
 */
import { Fragment, useCallback, useEffect, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { EnquiryDetail } from '../../../../shared/enquiries/enquiry';
import type { TranslationView } from '../../../../shared/translation/staff-translation';
import { formatReference } from '../../../../shared/work/enquiry-work';
import { StaffApiError, currentStaffEmail, failureText, requireToken, staffFetch } from '../core/api';
import EnquiryFields from './EnquiryFields';
import { loadThread, markSeen } from './work-api';
import { type ThreadEntry, isUnreadFor } from '../../../../shared/work/enquiry-work';
import { LAST_LIST_KEY } from '../core/list-query';
import { DETAIL_PANELS } from '../detail-panels';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { ENQUIRY_TEXT } from './words';
import { apiPath } from '../../../../shared/routes';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; record: EnquiryRecord };

export function indexFromPath(pathname: string): number | undefined {
  const match = /^\/detail\/(\d{1,12})\/?$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

export default function DetailApp() {
  const index = indexFromPath(window.location.pathname);
  const [load, setLoad] = useState<Load>(index === undefined ? { state: 'missing' } : { state: 'loading' });
  const [thread, setThread] = useState<ThreadEntry[]>([]);
  // The enquiry's translation comes with the detail only: the changes' answers (the record as it is now) leave it as read.
  const [translation, setTranslation] = useState<TranslationView>();
  const back = window.sessionStorage.getItem(LAST_LIST_KEY) ?? '/view';

  const refreshThread = useCallback(() => {
    if (index !== undefined) loadThread(index).then(setThread, () => undefined);
  }, [index]);

  useEffect(() => {
    if (!requireToken() || index === undefined) return;
    staffFetch(apiPath('detail', { index }))
      .then((response) => response.json() as Promise<EnquiryDetail[]>)
      .then((records) => {
        const record = records[0];
        setTranslation(record?.translation);
        setLoad(record ? { state: 'ready', record } : { state: 'missing' });
        // Its owner has now seen the visitor's messages; a failure only leaves the badge until the next visit.
        if (record && isUnreadFor(record, currentStaffEmail())) markSeen(record).catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (error instanceof StaffApiError && (error.status === 404 || error.status === 400))
          setLoad({ state: 'missing' });
        else if (!(error instanceof StaffApiError && error.status === 401))
          setLoad({ state: 'failed', text: failureText(error) });
      });
    refreshThread();
  }, [index, refreshThread]);

  // Every change answers with the enquiry as it is now; the history follows it.
  const changed = (record: EnquiryRecord) => {
    setLoad({ state: 'ready', record });
    refreshThread();
  };

  const title =
    load.state === 'ready'
      ? ENQUIRY_TEXT.detailTitle(load.record.REFERENCE)
      : index === undefined
        ? ENQUIRY_TEXT.notFound
        : ENQUIRY_TEXT.detailTitle(formatReference(index));
  return (
    <StaffLayout current="view" title={title}>
      <p>
        <a href={back}>← {ENQUIRY_TEXT.backToList}</a>
      </p>
      {load.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
      {load.state === 'missing' && <p className="staff__empty">{ENQUIRY_TEXT.notFound}</p>}
      {load.state === 'failed' && (
        <p className="staff__alert" role="alert">
          {load.text}
        </p>
      )}
      {load.state === 'ready' && (
        <div className="detail-layout">
          <EnquiryFields record={load.record} translation={translation} />
          <div className="detail-layout__work">
            {/* Suspected spam is kept apart and not worked on: only the panels for it show (marking it genuine). */}
            {DETAIL_PANELS.filter((panel) => (panel.forSpam ?? false) === load.record.SPAM).map((panel) => (
              <Fragment key={panel.key}>
                {panel.render({
                  record: load.record,
                  thread,
                  onChanged: changed,
                  onThreadChanged: refreshThread,
                })}
              </Fragment>
            ))}
          </div>
        </div>
      )}
    </StaffLayout>
  );
}
