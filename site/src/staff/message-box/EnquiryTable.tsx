/**
 * The message box table: newest first, one row per enquiry, the summary
 * linking to its detail (after a "new message" badge while a visitor's
 * message is unread for the viewer), its tags below it. The summary is the
 * message's machine translation once made, the original's in its
 * title (on hover).
 */
import type { EnquiryDetail } from '../../../../shared/enquiries/enquiry';
import { LANGUAGES, SECTIONS, labelOf } from '../../../../shared/enquiries/enums';
import { OPEN_STATUSES, STATUS_LABELS, isUnreadFor, waitingSince } from '../../../../shared/work/enquiry-work';
import { STAFF_TEXT } from '../core/words';
import { MESSAGE_BOX_TEXT } from './words';
import TagChips from '../tags/TagChips';

export interface EnquiryTableProps {
  /** The list's records, each with its texts' translation once made. */
  records: EnquiryDetail[];
  /** The time "waited" is counted to: when the page was read. */
  now: number;
  /** Who reads the list: a visitor's message is unread for an enquiry's owner (for everyone while nobody owns it). */
  viewer: string;
}

/** Whole hours from an ISO instant to `now`. */
export const hoursSince = (iso: string, now: number) => Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));

const SUMMARY_LENGTH = 40;

const shortened = (message: string) => {
  const text = message.replace(/\s+/g, ' ').trim();
  if (!text) return MESSAGE_BOX_TEXT.noMessage;
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text;
};

/** The message's first words: in Korean once translated. */
export function summaryOf(record: EnquiryDetail): string {
  return shortened(record.translation?.texts?.['CONTEXT'] ?? record.CONTEXT);
}

/** The original's first words, on hover, when the summary is its translation. */
export const originalSummaryOf = (record: EnquiryDetail): string | undefined =>
  record.translation?.texts?.['CONTEXT'] ? shortened(record.CONTEXT) : undefined;

export default function EnquiryTable({ records, now, viewer }: EnquiryTableProps) {
  const { columns } = STAFF_TEXT;
  return (
    <div className="table-wrap">
      <table className="messages">
        <thead>
          <tr>
            <th scope="col">{columns.no}</th>
            <th scope="col">{columns.summary}</th>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.contact}</th>
            <th scope="col">{columns.language}</th>
            <th scope="col">{columns.section}</th>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.mail}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.owner}</th>
            <th scope="col">{columns.waited}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.POST_INDEX}>
              <td>
                {record.POST_INDEX}
                <br />
                <span className="staff__muted">{record.REFERENCE}</span>
              </td>
              <td>
                {isUnreadFor(record, viewer) && (
                  <span className="unread-badge">
                    {MESSAGE_BOX_TEXT.unread}
                    <span className="visually-hidden">{MESSAGE_BOX_TEXT.unreadMeaning}</span>
                  </span>
                )}
                <a href={`/detail/${record.POST_INDEX}`} title={originalSummaryOf(record)}>
                  {summaryOf(record)}
                </a>
                <TagChips tags={record.TAGS} />
              </td>
              <td>{record.NAME}</td>
              <td>
                {record.CONTACT_NUMBER}
                {record.CONTACT_NUMBER && record.EMAIL ? <br /> : null}
                {record.EMAIL}
              </td>
              <td>{record.LANG_PREFERENCE ? labelOf(LANGUAGES, record.LANG_PREFERENCE, 'ko') : ''}</td>
              <td>{labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')}</td>
              <td>{record.DATE}</td>
              <td>
                <span className={`mail mail--${record.MAIL_STATUS}`}>
                  {STAFF_TEXT.mailStatus[record.MAIL_STATUS] ?? record.MAIL_STATUS}
                </span>
              </td>
              <td>
                {record.STATUS ? (
                  <span className={`status status--${record.STATUS}`}>{STATUS_LABELS[record.STATUS]}</span>
                ) : (
                  STAFF_TEXT.spam
                )}
              </td>
              <td>{record.OWNER || '-'}</td>
              <td>
                {record.STATUS && OPEN_STATUSES.includes(record.STATUS)
                  ? MESSAGE_BOX_TEXT.waited(hoursSince(waitingSince(record) ?? record.RECEIVED_AT, now))
                  : '-'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
