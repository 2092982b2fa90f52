/**
 * `/kept-mail`: the kept mail box. Received mail that did not go into a
 * thread (no enquiry matched, quarantined, an auto-reply, refused), one box
 * at a time as tabs with their counts, newest first, a page at a time, found
 * by sender or subject. A staff member reads a mail's text,
 * attaches it to an enquiry (it then shows in that enquiry's thread as the
 * visitor's message) or discards it. The server decides what is allowed
 * (shared/conversation/kept-mail.ts); the page says it first.
 */
import { useCallback, useEffect, useState } from 'react';
import { KEPT_MAIL_SEARCH_MAX, type KeptMailEntry, type KeptMailList } from '../../../../shared/conversation/kept-mail';
import { KEPT_BOXES, type KeptBox } from '../../../../shared/conversation/visitor-messages';
import { formatReference } from '../../../../shared/work/enquiry-work';
import { failureText, requireToken } from '../core/api';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { AttachDialog, DiscardDialog } from './KeptMailDialogs';
import KeptMailItem from './KeptMailItem';
import { loadKeptMail } from './kept-mail-api';
import { KEPT_MAIL_TEXT } from './words';

type Acting = { action: 'attach' | 'discard'; mail: KeptMailEntry };
type Done = { text: string; postIndex?: number };

export default function KeptMailApp() {
  const [box, setBox] = useState<KeptBox>('unmatched');
  const [list, setList] = useState<KeptMailList>();
  const [failed, setFailed] = useState<string>();
  const [acting, setActing] = useState<Acting>();
  const [done, setDone] = useState<Done>();

  const [counts, setCounts] = useState<KeptMailList['counts']>();
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');

  // A first page replaces the list; a further one (`after`) is added below it.
  const load = useCallback(
    (which: KeptBox, words: string, after?: string) =>
      loadKeptMail(which, words, after).then(
        (loaded) => {
          setFailed(undefined);
          setCounts(loaded.counts);
          setList((shown) =>
            after && shown?.box === loaded.box ? { ...loaded, mails: [...shown.mails, ...loaded.mails] } : loaded,
          );
        },
        (error: unknown) => setFailed(failureText(error)),
      ),
    [],
  );
  useEffect(() => {
    if (requireToken()) void load(box, searched);
  }, [box, searched, load]);

  const finished = (next: Done) => {
    setActing(undefined);
    setDone(next);
    void load(box, searched);
  };

  return (
    <StaffLayout current="kept-mail" title={KEPT_MAIL_TEXT.title}>
      <p className="staff__muted">{KEPT_MAIL_TEXT.intro}</p>
      <div className="kept-mail__tabs" role="group" aria-label={KEPT_MAIL_TEXT.title}>
        {KEPT_BOXES.map((entry) => (
          <button
            key={entry}
            type="button"
            className={`staff-button ${entry === box ? 'staff-button--primary' : ''}`}
            aria-pressed={entry === box}
            onClick={() => {
              setList(undefined);
              setFailed(undefined);
              setDone(undefined);
              setBox(entry);
            }}
          >
            {KEPT_MAIL_TEXT.boxes[entry]}
            {counts ? ` (${counts[entry]})` : ''}
          </button>
        ))}
      </div>
      <form
        className="kept-mail__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setList(undefined);
          setSearched(search.trim());
        }}
      >
        <label>
          {KEPT_MAIL_TEXT.search}
          <input
            type="search"
            value={search}
            maxLength={KEPT_MAIL_SEARCH_MAX}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <button type="submit" className="staff-button">
          {KEPT_MAIL_TEXT.searchButton}
        </button>
      </form>
      <p>{KEPT_MAIL_TEXT.boxNote[box]}</p>
      {done && (
        <p className="staff__confirmation" role="status">
          {done.text}{' '}
          {done.postIndex !== undefined && <a href={`/detail/${done.postIndex}`}>{KEPT_MAIL_TEXT.openEnquiry}</a>}
        </p>
      )}
      {failed && (
        <p className="staff__alert" role="alert">
          {failed}
        </p>
      )}
      {!list && !failed && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
      {list?.box === box && (
        <>
          <p className="staff__muted">
            {list.mails.length
              ? KEPT_MAIL_TEXT.count(list.mails.length, list.more)
              : searched
                ? KEPT_MAIL_TEXT.noneFound(searched, list.more)
                : KEPT_MAIL_TEXT.empty}
          </p>
          <ul className="kept-mail__list">
            {list.mails.map((mail) => (
              <KeptMailItem
                key={mail.key}
                mail={mail}
                onAttach={() => setActing({ action: 'attach', mail })}
                onDiscard={() => setActing({ action: 'discard', mail })}
              />
            ))}
          </ul>
          {list.next && (
            <button type="button" className="staff-button" onClick={() => void load(box, searched, list.next)}>
              {KEPT_MAIL_TEXT.more}
            </button>
          )}
        </>
      )}
      {acting?.action === 'attach' && (
        <AttachDialog
          mail={acting.mail}
          onClose={() => setActing(undefined)}
          onDone={({ postIndex }) => finished({ text: KEPT_MAIL_TEXT.attached(formatReference(postIndex)), postIndex })}
        />
      )}
      {acting?.action === 'discard' && (
        <DiscardDialog
          mail={acting.mail}
          onClose={() => setActing(undefined)}
          onDone={() => finished({ text: KEPT_MAIL_TEXT.discarded })}
        />
      )}
    </StaffLayout>
  );
}
