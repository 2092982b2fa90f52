/**
 * `/detail/{index}`: every field of one enquiry. Text is rendered as text
 * (React escapes it), line breaks kept; never interpreted as HTML.
 */
import { mailtoHref } from '../../../shared/form-fields';
import { useEffect, useState } from 'react';
import type { EnquiryRecord } from '../../../shared/enquiry';
import { DETAIL_SECTIONS, LANGUAGES, SECTIONS, labelOf } from '../../../shared/enums';
import { StaffApiError, requireToken, staffFetch } from './api';
import { LAST_LIST_KEY } from './list-query';
import StaffLayout from './StaffLayout';
import { STAFF_TEXT } from './text';
import { apiPath } from '../../../shared/routes';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; record: EnquiryRecord };

export function indexFromPath(pathname: string): number | undefined {
  const match = /^\/detail\/(\d{1,12})\/?$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

export default function DetailApp() {
  const index = indexFromPath(window.location.pathname);
  const [load, setLoad] = useState<Load>(index === undefined ? { state: 'missing' } : { state: 'loading' });
  const back = window.sessionStorage.getItem(LAST_LIST_KEY) ?? '/view';

  useEffect(() => {
    if (!requireToken() || index === undefined) return;
    staffFetch(apiPath('detail', { index }))
      .then((response) => response.json() as Promise<EnquiryRecord[]>)
      .then((records) => setLoad(records[0] ? { state: 'ready', record: records[0] } : { state: 'missing' }))
      .catch((error: unknown) => {
        if (error instanceof StaffApiError && (error.status === 404 || error.status === 400)) setLoad({ state: 'missing' });
        else if (!(error instanceof StaffApiError && error.status === 401)) setLoad({ state: 'failed' });
      });
  }, [index]);

  const { fields } = STAFF_TEXT;
  return (
    <StaffLayout current="view" title={index === undefined ? STAFF_TEXT.notFound : STAFF_TEXT.detailTitle(index)}>
      <p>
        <a href={back}>← {STAFF_TEXT.backToList}</a>
      </p>
      {load.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
      {load.state === 'missing' && <p className="staff__empty">{STAFF_TEXT.notFound}</p>}
      {load.state === 'failed' && (
        <p className="staff__alert" role="alert">
          {STAFF_TEXT.noAccess}
        </p>
      )}
      {load.state === 'ready' && (
        <dl className="detail">
          <dt>{fields.POST_INDEX}</dt>
          <dd>{load.record.POST_INDEX}</dd>
          <dt>{fields.DATE}</dt>
          <dd>{load.record.DATE}</dd>
          <dt>{fields.MEDICAL_SECTION}</dt>
          <dd>{labelOf(SECTIONS, load.record.MEDICAL_SECTION, 'ko')}</dd>
          <dt>{fields.DETAIL_SECTION}</dt>
          <dd>{load.record.DETAIL_SECTION ? labelOf(DETAIL_SECTIONS, load.record.DETAIL_SECTION, 'ko') : '-'}</dd>
          <dt>{fields.NAME}</dt>
          <dd>{load.record.NAME}</dd>
          <dt>{fields.CONTACT_NUMBER}</dt>
          <dd>{load.record.CONTACT_NUMBER || '-'}</dd>
          <dt>{fields.EMAIL}</dt>
          <dd>
            {mailtoHref(load.record.EMAIL) ? <a href={mailtoHref(load.record.EMAIL)}>{load.record.EMAIL}</a> : load.record.EMAIL}
          </dd>
          <dt>{fields.LANG_PREFERENCE}</dt>
          <dd>{load.record.LANG_PREFERENCE ? labelOf(LANGUAGES, load.record.LANG_PREFERENCE, 'ko') : '-'}</dd>
          <dt>{fields.NUMBER_PEOPLE}</dt>
          <dd>{load.record.NUMBER_PEOPLE}</dd>
          <dt>{fields.ROOM}</dt>
          <dd>{load.record.ROOM}</dd>
          <dt>{fields.REGISTRATION_DATE}</dt>
          <dd>{load.record.REGISTRATION_DATE || '-'}</dd>
          <dt>{fields.REGISTRATION_END}</dt>
          <dd>{load.record.REGISTRATION_END || '-'}</dd>
          <dt>{fields.HOTEL}</dt>
          <dd>{load.record.HOTEL || '-'}</dd>
          <dt>{fields.DESTINATION}</dt>
          <dd>{load.record.DESTINATION || '-'}</dd>
          <dt>{fields.MAIL_STATUS}</dt>
          <dd>
            {STAFF_TEXT.mailStatus[load.record.MAIL_STATUS] ?? load.record.MAIL_STATUS}
            {load.record.SPAM && load.record.SPAM_REASON ? ` (${load.record.SPAM_REASON})` : ''}
          </dd>
          <dt>{fields.CONSENT}</dt>
          <dd>
            {load.record.CONSENT_VERSION} · {load.record.CONSENT_AT}
            {load.record.CONSENT_HEALTH ? ' · 건강정보 동의' : ''}
          </dd>
          <dt>{fields.CONTEXT}</dt>
          <dd className="detail__message">{load.record.CONTEXT || '-'}</dd>
        </dl>
      )}
    </StaffLayout>
  );
}
