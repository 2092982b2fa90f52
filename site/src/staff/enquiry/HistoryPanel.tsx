/**
 * The enquiry's history (received, status, owner, replies with their delivery, the visitor's messages, each kind
 * read as the feature that writes it says: ../history-kinds.ts) and its internal notes, with a form for a new note.
 */
import { useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { NOTE_MAX } from '../../../../shared/work/enquiry-work';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { STAFF_TEXT } from '../core/words';
import { historyKindOf } from '../history-kinds';
import { ENQUIRY_TEXT } from './words';
import { addNote } from './work-api';
import { type ThreadEntry, eventInstant } from '../../../../shared/work/enquiry-work';

export interface HistoryPanelProps {
  record: EnquiryRecord;
  thread: ThreadEntry[];
  /** Asks the page to read the thread again (after a note). */
  onNoted: () => void;
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
        {entries.map((entry) => {
          // A kind this build does not know (a newer server's) reads as its type and text.
          const kind = historyKindOf(entry.type);
          return (
            <li key={`${entry.at}-${entry.type}`} className={`history__item history__item--${entry.type}`}>
              <span className="history__when">{formatKoreaDateTime(Date.parse(eventInstant(entry.at)))}</span>
              <span className="history__who">{kind?.who ? kind.who(entry) : entry.actor}</span>
              <span className="history__what">
                {kind ? kind.describe(entry) : entry.type}
                {entry.mailStatus ? (
                  <span className={`mail mail--${entry.mailStatus}`}>
                    {' '}
                    {STAFF_TEXT.mailStatus[entry.mailStatus] ?? entry.mailStatus}
                  </span>
                ) : null}
              </span>
              {kind ? kind.renderBody?.(entry, record) : entry.text && <p className="history__note">{entry.text}</p>}
            </li>
          );
        })}
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
