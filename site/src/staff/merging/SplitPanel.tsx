/**
 * Splitting a visitor's message out into an enquiry of its own: a visitor
 * who writes again about something else (another treatment, a friend's trip)
 * should be answered, owned and counted apart. Each of the visitor's messages
 * in the thread can go, after a confirmation; the page then opens the new
 * enquiry. No panel when the thread has no message of the visitor's.
 */
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { type ThreadEntry, eventInstant } from '../../../../shared/work/enquiry-work';
import { historyKindOf } from '../history-kinds';
import ConfirmAction from './ConfirmAction';
import { detailPath, rereadOnConflict, splitMessage } from './merging-api';
import { MERGING_TEXT } from './words';

export interface SplitPanelProps {
  record: EnquiryRecord;
  /** The page's thread (read with the enquiry, and again after each change). */
  thread: readonly ThreadEntry[];
  onChanged: (record: EnquiryRecord) => void;
}

const TEXT = MERGING_TEXT.split;
/** Enough of a message to tell it from the others; the history above shows it whole. */
const SNIPPET_LENGTH = 80;

const snippet = (text = '') => (text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text);

export default function SplitPanel({ record, thread, onChanged }: SplitPanelProps) {
  const messages = thread.filter((entry) => entry.type === 'visitorMessage');
  if (!messages.length) return null;

  const split = async (entry: ThreadEntry) => {
    let created: EnquiryRecord;
    try {
      created = await splitMessage(record, entry.at);
    } catch (error) {
      // The split names the enquiry's VERSION: someone changed it, and the page shows it as it is now.
      await rereadOnConflict(error, record.POST_INDEX, onChanged);
      throw error;
    }
    window.location.assign(detailPath(created.POST_INDEX));
  };

  return (
    <section className="panel" aria-labelledby="split-heading">
      <h2 id="split-heading">{TEXT.heading}</h2>
      <p className="staff__muted">{TEXT.explain}</p>
      <ul className="history">
        {messages.map((entry) => {
          const when = formatKoreaDateTime(Date.parse(eventInstant(entry.at)));
          return (
            <li key={entry.at} className="panel__row">
              <p>
                <span className="history__when">{when}</span> {historyKindOf(entry.type)?.describe(entry)}
                <br />
                {snippet(entry.text)}
              </p>
              <ConfirmAction
                text={TEXT}
                name={TEXT.label(when)}
                confirm={TEXT.confirm(when, record.REFERENCE)}
                danger
                run={() => split(entry)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
