/**
 * `/view`: the message box. Filters and paging go to the API (server-side, so
 * they stay fast with a hundred thousand enquiries); the state lives in the
 * address, so reload and back work.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { LIST_HEADERS, PAGE_SIZE, pageCount } from '../../../../shared/enquiries/pagination';
import { StaffApiError, currentStaffEmail, failureText, requireToken, staffPost } from '../core/api';
import EnquiryTable from './EnquiryTable';
import ExportButton from './ExportButton';
import Filters from './Filters';
import {
  LAST_LIST_KEY,
  type ListQuery,
  listSearch,
  pagesByCursor,
  readListQuery,
  viewRequest,
} from '../core/list-query';
import WorkFilters from './WorkFilters';
import Pagination from '../core/Pagination';
import RetentionNotice from './RetentionNotice';
import SpamWaitingNotice from '../spam/SpamWaitingNotice';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { MESSAGE_BOX_TEXT } from './words';
import { apiPath } from '../../../../shared/routes';
import type { TagInUse } from '../../../../shared/tags/tags';
import { loadTagsInUse } from '../tags/tags-api';

type Load =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; records: EnquiryRecord[]; total: number; nextCursor?: string; readAt: number };

/** One page of the list; `undefined` after a 401 (the token is gone and the page is on its way to /login). */
async function loadPage(target: ListQuery): Promise<Load | undefined> {
  try {
    const { data, response } = await staffPost<EnquiryRecord[]>(apiPath('view'), viewRequest(target));
    const nextCursor = response.headers.get(LIST_HEADERS.nextCursor) ?? undefined;
    return {
      state: 'ready',
      records: data,
      total: Number(response.headers.get(LIST_HEADERS.totalCount) ?? data.length),
      ...(nextCursor ? { nextCursor } : {}),
      readAt: Date.now(),
    };
  } catch (error) {
    return error instanceof StaffApiError && error.status === 401
      ? undefined
      : { state: 'failed', text: failureText(error) };
  }
}

export default function MessageBoxApp() {
  const [query, setQuery] = useState<ListQuery>(() => readListQuery(window.location.search));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [tagsInUse, setTagsInUse] = useState<TagInUse[]>([]);

  // Only the newest request's answer is shown, however the answers arrive.
  const latest = useRef(0);
  const fetchPage = useCallback((target: ListQuery) => {
    const request = ++latest.current;
    void loadPage(target).then((next) => {
      if (next && request === latest.current) setLoad(next);
    });
  }, []);

  // The address the page opened with; later changes go through `go` and `popstate`.
  const [firstQuery] = useState(query);
  useEffect(() => {
    if (!requireToken()) return;
    fetchPage(firstQuery);
    // The tag filter's choices; the list works without them.
    loadTagsInUse().then(setTagsInUse, () => undefined);
    const onBack = () => {
      const target = readListQuery(window.location.search);
      setQuery(target);
      setLoad({ state: 'loading' });
      fetchPage(target);
    };
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, [fetchPage, firstQuery]);

  useEffect(() => {
    window.sessionStorage.setItem(LAST_LIST_KEY, `/view${listSearch(query)}`);
  }, [query]);

  const go = (target: ListQuery) => {
    setQuery(target);
    window.history.pushState(null, '', `/view${listSearch(target)}`);
    setLoad({ state: 'loading' });
    fetchPage(target);
  };

  const totalPages = load.state === 'ready' ? pageCount(load.total, PAGE_SIZE) : 0;

  return (
    <StaffLayout current="view" title={STAFF_TEXT.messageBox}>
      <RetentionNotice />
      <SpamWaitingNotice showing={query.spam === true} onShow={() => go({ page: 1, spam: true })} />
      <WorkFilters key={`work${listSearch(query)}`} query={query} tagsInUse={tagsInUse} onApply={go} />
      <div className="toolbar">
        <Filters key={listSearch(query)} query={query} onApply={go} />
        <ExportButton query={query} />
      </div>
      <div aria-live="polite" aria-busy={load.state === 'loading'}>
        {load.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
        {load.state === 'failed' && (
          <p className="staff__alert" role="alert">
            {load.text}
          </p>
        )}
        {load.state === 'ready' && (
          <>
            <p className="staff__muted">{MESSAGE_BOX_TEXT.total(load.total)}</p>
            {load.records.length === 0 ? (
              <p className="staff__empty">{MESSAGE_BOX_TEXT.empty}</p>
            ) : (
              <EnquiryTable records={load.records} now={load.readAt} viewer={currentStaffEmail()} />
            )}
            {pagesByCursor(query) ? (
              <nav className="pagination" aria-label={STAFF_TEXT.pagination}>
                <ul>
                  <li>
                    <button type="button" disabled={!query.after} onClick={() => go({ ...query, after: undefined })}>
                      {MESSAGE_BOX_TEXT.firstPage}
                    </button>
                  </li>
                  <li>
                    <button
                      type="button"
                      aria-label={STAFF_TEXT.next}
                      disabled={!load.nextCursor}
                      onClick={() => go({ ...query, after: load.nextCursor })}
                    >
                      ›
                    </button>
                  </li>
                </ul>
              </nav>
            ) : (
              <Pagination page={query.page} totalPages={totalPages} onPage={(page) => go({ ...query, page })} />
            )}
          </>
        )}
      </div>
    </StaffLayout>
  );
}
