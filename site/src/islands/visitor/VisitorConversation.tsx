/**
 * What the visitor's page (VisitorPage.tsx) shows of the enquiry: what was
 * sent, and each message of the conversation.
 */
import type { VisitorConversationEntry, VisitorEnquiryView } from '../../../../shared/visitor/visitor-page';
import type { Option } from '../enquiry/types';
import type { VisitorPageProps } from './types';
import { messageTime, when } from './visitor-time';

const labelOf = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

export function Sent({ view, props }: { view: VisitorEnquiryView; props: VisitorPageProps }) {
  const { labels, lang } = props;
  const { sent } = view;
  const hotel = sent.rooms !== undefined;
  const rows: [string, string | undefined][] = [
    [labels['visitor.sent.receivedAt'], when(lang, labels, sent.receivedAt)],
    [labels['visitor.sent.section'], labelOf(props.sections, sent.section)],
    [labels['form.detailSection'], sent.detailSection && labelOf(props.detailSections, sent.detailSection)],
    [hotel ? labels['form.checkIn'] : labels['form.start'], sent.start && when(lang, labels, sent.start, true)],
    [labels['form.checkOut'], sent.finish && when(lang, labels, sent.finish, true)],
    [labels['form.count'], String(sent.people)],
    [labels['form.rooms'], sent.rooms === undefined ? undefined : String(sent.rooms)],
  ];
  return (
    <section className="visitor__section" aria-labelledby="visitor-sent">
      <h2 id="visitor-sent">{labels['visitor.sent.heading']}</h2>
      <dl className="visitor__facts">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {sent.message && (
        <>
          <h3>{labels['form.message']}</h3>
          <p className="visitor__text">{sent.message}</p>
        </>
      )}
    </section>
  );
}

export function Message({ entry, props }: { entry: VisitorConversationEntry; props: VisitorPageProps }) {
  const { labels, lang } = props;
  const ours = entry.from === 'centre';
  return (
    <li className={`visitor__message visitor__message--${entry.from}`}>
      <p className="visitor__meta">
        <strong>{ours ? labels['meta.siteName'] : labels['visitor.conversation.you']}</strong> ·{' '}
        <time dateTime={entry.at}>{messageTime(lang, entry.at)}</time>
      </p>
      {entry.subject && <p className="visitor__subject">{entry.subject}</p>}
      {entry.text !== undefined ? (
        <p className="visitor__text">{entry.text}</p>
      ) : (
        <p className="visitor__meta">{labels['visitor.conversation.byMail']}</p>
      )}
    </li>
  );
}
