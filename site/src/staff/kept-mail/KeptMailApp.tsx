/**
 * `/kept-mail`: the kept mail box. Received mail that did not go into a
 * thread (no enquiry matched, quarantined, an auto-reply, refused), one box
 * at a time as tabs, newest first. A staff member reads a mail's text,
 * attaches it to an enquiry (it then shows in that enquiry's thread as the
 * visitor's message) or discards it. The server decides what is allowed
 * (shared/conversation/kept-mail.ts); the page says it first.
 */
import { useCallback, useEffect, useState } from 'react';
import type { KeptMailEntry, KeptMailList } from '../../../../shared/conversation/kept-mail';
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

  const load = useCallback(
    (which: KeptBox) =>
      loadKeptMail(which).then(
        (loaded) => {
          setFailed(undefined);
          setList(loaded);
        },
        (error: unknown) => setFailed(failureText(error)),
      ),
    [],
  );
  useEffect(() => {
    if (requireToken()) void load(box);
  }, [box, load]);

  const finished = (next: Done) => {
    setActing(undefined);
    setDone(next);
    void load(box);
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
          </button>
        ))}
      </div>
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
            {list.mails.length ? KEPT_MAIL_TEXT.count(list.mails.length, list.more) : KEPT_MAIL_TEXT.empty}
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
