/** The enquiry's history (received, status, owner, replies with their delivery, the visitor's messages) and its internal notes, with a form for a new note. */
import { useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { type EnquiryStatus, NOTE_MAX, STATUS_LABELS } from '../../../../shared/work/enquiry-work';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { STAFF_TEXT } from '../core/words';
import { ENQUIRY_TEXT } from './words';
import { addNote } from './work-api';
import { type ThreadEntry, eventInstant } from '../../../../shared/work/enquiry-work';
import VisitorMessageBody from '../conversation/VisitorMessageBody';
import TranslatedText from '../translation/TranslatedText';
import { CONVERSATION_TEXT } from '../conversation/words';
import ReplyOriginal from './ReplyOriginal';

export interface HistoryPanelProps {
  record: EnquiryRecord;
  thread: ThreadEntry[];
  /** Asks the page to read the thread again (after a note). */
  onNoted: () => void;
}

const statusLabel = (value: string | undefined) => STATUS_LABELS[value as EnquiryStatus] ?? value ?? '';

function describe(entry: ThreadEntry): string {
  const text = ENQUIRY_TEXT.history;
  switch (entry.type) {
    case 'received':
      return text.received;
    case 'status':
      return text.status(statusLabel(entry.from), statusLabel(entry.to));
    case 'owner':
      return text.owner(entry.from ?? '', entry.to ?? '');
    case 'reply':
      return text.reply(entry.text ?? '');
    case 'note':
      return text.note;
    case 'visitorMessage':
      // An answer by mail says so with its subject; one from the visitor's page, whether it looked like spam.
      return entry.visitor
        ? CONVERSATION_TEXT.byMail(entry.visitor.subject ?? '')
        : text.visitorMessage(entry.spamReason !== undefined);
    case 'visitorLink':
      return text.visitorLink;
    case 'tags': {
      // The entry keeps the tags before and after; staff read what changed.
      const tagsOf = (list: string | undefined) => (list ? list.split(', ') : []);
      const [before, after] = [tagsOf(entry.from), tagsOf(entry.to)];
      return text.tags(
        after.filter((tag) => !before.includes(tag)),
        before.filter((tag) => !after.includes(tag)),
      );
    }
  }
}

export default function HistoryPanel({ record, thread, onNoted }: HistoryPanelProps) {
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | undefined>();

  const save = async () => {
    setSaving(true);
    setMessage(undefined);
    try {
      await addNote(record.POST_INDEX, note);
      setNote('');
      setMessage({ kind: 'status', text: ENQUIRY_TEXT.history.noteSaved });
      onNoted();
    } catch {
      setMessage({ kind: 'alert', text: ENQUIRY_TEXT.work.failed });
    }
    setSaving(false);
  };

  const entries: ThreadEntry[] = [{ at: record.RECEIVED_AT, type: 'received', actor: record.NAME }, ...thread];
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">{ENQUIRY_TEXT.history.heading}</h2>
      <ol className="history">
        {entries.map((entry) => (
          <li key={`${entry.at}-${entry.type}`} className={`history__item history__item--${entry.type}`}>
            <span className="history__when">{formatKoreaDateTime(Date.parse(eventInstant(entry.at)))}</span>
            {/* A message from the visitor's page says "visitor"; an answer by mail, the address it came from (it may not be the enquiry's). */}
            <span className="history__who">
              {entry.type === 'visitorMessage' && !entry.visitor ? ENQUIRY_TEXT.history.visitor : entry.actor}
            </span>
            <span className="history__what">
              {describe(entry)}
              {entry.mailStatus ? (
                <span className={`mail mail--${entry.mailStatus}`}>
                  {' '}
                  {STAFF_TEXT.mailStatus[entry.mailStatus] ?? entry.mailStatus}
                </span>
              ) : null}
            </span>
            {entry.type === 'note' && <p className="history__note">{entry.text}</p>}
            {entry.type === 'reply' && entry.reply && <ReplyOriginal reply={entry.reply} />}
            {entry.type === 'visitorMessage' &&
              (entry.visitor ? (
                <VisitorMessageBody
                  postIndex={record.POST_INDEX}
                  text={entry.text}
                  message={entry.visitor}
                  translation={entry.translation}
                  lang={record.LOCALE}
                />
              ) : (
                <TranslatedText
                  postIndex={record.POST_INDEX}
                  original={entry.text ?? ''}
                  translation={entry.translation}
                  field="text"
                  className="history__note"
                  lang={record.LOCALE}
                  showsState
                />
              ))}
          </li>
        ))}
      </ol>
      <form
        className="panel__form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor="note-text">{ENQUIRY_TEXT.history.addNote}</label>
        <textarea
          id="note-text"
          value={note}
          maxLength={NOTE_MAX}
          rows={3}
          placeholder={ENQUIRY_TEXT.history.notePlaceholder}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <div>
          <button type="submit" className="staff-button" disabled={saving || !note.trim()}>
            {ENQUIRY_TEXT.history.addNote}
          </button>
        </div>
        {message && (
          <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__muted'} role={message.kind}>
            {message.text}
          </p>
        )}
      </form>
    </section>
  );
}
