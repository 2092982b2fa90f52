/**
 * The visitor's page, rendered in the browser only: it
 * takes the link from the address, reads the enquiry it opens and shows the
 * reference, where the request stands, what was sent and the messages, with
 * a form to write one more. Its words are the page's locale's; the dates are
 * Korea time, as the form took them.
 */
import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import { HONEYPOT_FIELD } from '../../../../shared/intake/form-fields';
import { parseKoreaDateTime } from '../../../../shared/korea-time';
import {
  VISITOR_MESSAGE_MAX,
  type VisitorConversationEntry,
  type VisitorEnquiryView,
  type VisitorStanding,
} from '../../../../shared/visitor/visitor-page';
import type { Option } from '../enquiry/types';
import type { VisitorLabels, VisitorPageProps } from './types';
import { type VisitorAnswer, readEnquiry, sendMessage } from './visitor-api';
import { forgetVisitorLink, takeVisitorLink } from './visitor-link';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; view: VisitorEnquiryView }
  | { state: 'failed'; answer: Exclude<VisitorAnswer, { kind: 'ok' }> | { kind: 'noLink' } };

/** Where the request stands, in the page's words. */
const STANDING_WORDS: Record<VisitorStanding, keyof VisitorLabels> = {
  received: 'visitor.standing.received',
  in_progress: 'visitor.standing.inProgress',
  answered: 'visitor.standing.answered',
  closed: 'visitor.standing.closed',
};

const KOREA = 'Asia/Seoul';

/** When the page's script started, on the page's own clock: a message's fill time counts from it, as the enquiry form's does. */
const SHOWN_AT = performance.now();

/** An instant, or a Korea-time `YYYY-MM-DD[ HH:mm]` as the form took it, in the page's language, Korea time named after a time (as the acknowledgement says it). */
function when(lang: string, labels: VisitorLabels, value: string, stored = false): string {
  const instant = stored ? parseKoreaDateTime(value) : Date.parse(value);
  if (instant === undefined || Number.isNaN(instant)) return value;
  const withTime = !stored || value.length > 10;
  const text = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: KOREA,
  }).format(instant);
  return withTime ? `${text} ${labels['form.koreaTime']}` : text;
}

/** A message's time, shorter: its offset names the zone (Korea time). */
const messageTime = (lang: string, at: string) =>
  new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: KOREA,
    timeZoneName: 'shortOffset',
  }).format(Date.parse(at));

const labelOf = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

function Contact({ phones, email, labels }: Pick<VisitorPageProps, 'phones' | 'email' | 'labels'>) {
  return (
    <p>
      {labels['visitor.contact']}{' '}
      {phones.map((phone) => (
        <span key={phone.href}>
          <a href={phone.href}>{phone.display}</a>
          {' / '}
        </span>
      ))}
      <a href={`mailto:${email}`}>{email}</a>
    </p>
  );
}

function Failure({ kind, props, retry }: { kind: string; props: VisitorPageProps; retry: () => void }) {
  const { labels } = props;
  if (kind === 'notFound' || kind === 'noLink') {
    return (
      <div className="visitor__notice" role="alert">
        <h2>{labels['visitor.notFound.title']}</h2>
        <p>{kind === 'noLink' ? labels['visitor.noLink'] : labels['visitor.notFound.text']}</p>
        <Contact {...props} />
      </div>
    );
  }
  return (
    <div className="form-status form-status--error" role="alert">
      <p>{kind === 'rateLimited' ? labels['visitor.tooManyTries'] : labels['visitor.loadFailed']}</p>
      <p>
        <button type="button" className="button button--outline" onClick={retry}>
          {labels['form.retry']}
        </button>
      </p>
      <Contact {...props} />
    </div>
  );
}

function Sent({ view, props }: { view: VisitorEnquiryView; props: VisitorPageProps }) {
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

function Message({ entry, props }: { entry: VisitorConversationEntry; props: VisitorPageProps }) {
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

type Sending =
  { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'error'; text: string; field?: boolean };

function WriteForm({
  link,
  props,
  onSent,
}: {
  link: string;
  props: VisitorPageProps;
  onSent: (view: VisitorEnquiryView) => void;
}) {
  const { labels } = props;
  const [text, setText] = useState('');
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  // One id per message, kept through retries until it is stored: a resend is then the same message.
  const messageId = useRef<string | undefined>(undefined);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setSending({ state: 'error', text: labels['visitor.write.required'], field: true });
    if (trimmed.length > VISITOR_MESSAGE_MAX)
      return setSending({
        state: 'error',
        text: labels['visitor.write.tooLong'].replace('{max}', String(VISITOR_MESSAGE_MAX)),
        field: true,
      });
    setSending({ state: 'sending' });
    messageId.current ??= crypto.randomUUID();
    const answer = await sendMessage({
      link,
      text: trimmed,
      message_id: messageId.current,
      [HONEYPOT_FIELD]: website,
      form_fill_ms: Math.round(performance.now() - SHOWN_AT),
    });
    if (answer.kind === 'ok') {
      messageId.current = undefined;
      setText('');
      setSending({ state: 'sent' });
      onSent(answer.view);
      return;
    }
    const failures: Record<string, string> = {
      network: labels['visitor.failure.network'],
      rateLimited: labels['visitor.failure.rateLimited'],
      notFound: labels['visitor.notFound.text'],
      invalid: labels['visitor.write.required'],
    };
    setSending({
      state: 'error',
      text: failures[answer.kind] ?? labels['visitor.failure.server'],
      field: answer.kind === 'invalid',
    });
  };

  const problem = sending.state === 'error' && sending.field ? sending.text : undefined;
  return (
    <section className="visitor__section" aria-labelledby="visitor-write">
      <h2 id="visitor-write">{labels['visitor.write.heading']}</h2>
      <form className="visitor__form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="visitor-message">{labels['visitor.write.label']}</label>
          <textarea
            id="visitor-message"
            name="text"
            rows={5}
            maxLength={VISITOR_MESSAGE_MAX}
            required
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'visitor-message-hint visitor-message-error' : 'visitor-message-hint'}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <span className="field__hint" id="visitor-message-hint">
            {labels['visitor.write.hint']}
          </span>
          {problem && (
            <span className="field__error" id="visitor-message-error">
              {problem}
            </span>
          )}
        </div>
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="visitor-website">Website</label>
          <input
            type="text"
            id="visitor-website"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.currentTarget.value)}
          />
        </div>
        <p>
          <button type="submit" className="button button--primary" disabled={sending.state === 'sending'}>
            {sending.state === 'sending' ? labels['form.sending'] : labels['visitor.write.submit']}
          </button>
        </p>
        <div role={sending.state === 'error' ? 'alert' : 'status'}>
          {sending.state === 'sent' && <p className="form-status form-status--ok">{labels['visitor.write.sent']}</p>}
          {sending.state === 'error' && !sending.field && (
            <p className="form-status form-status--error">{sending.text}</p>
          )}
        </div>
      </form>
    </section>
  );
}

export default function VisitorPage(props: VisitorPageProps) {
  const { labels } = props;
  const [link] = useState(takeVisitorLink);
  const [load, setLoad] = useState<Load>(link ? { state: 'loading' } : { state: 'failed', answer: { kind: 'noLink' } });

  const read = useCallback(() => {
    if (!link) return;
    void readEnquiry(link).then((answer) => {
      if (answer.kind === 'ok') setLoad({ state: 'ready', view: answer.view });
      else {
        if (answer.kind === 'notFound') forgetVisitorLink();
        setLoad({ state: 'failed', answer });
      }
    });
  }, [link]);
  useEffect(read, [read]);
  const retry = () => {
    setLoad({ state: 'loading' });
    read();
  };

  if (load.state === 'loading') return <p role="status">{labels['visitor.loading']}</p>;
  if (load.state === 'failed') return <Failure kind={load.answer.kind} props={props} retry={retry} />;
  const { view } = load;
  return (
    <>
      <p className="visitor__reference">
        {labels['visitor.reference']}{' '}
        <strong className="reference" translate="no">
          {view.reference}
        </strong>
      </p>
      <section
        className={`visitor__section visitor__standing visitor__standing--${view.standing}`}
        aria-labelledby="visitor-standing"
      >
        <h2 id="visitor-standing">{labels['visitor.standing.heading']}</h2>
        <p>{labels[STANDING_WORDS[view.standing]]}</p>
      </section>
      <Sent view={view} props={props} />
      <section className="visitor__section" aria-labelledby="visitor-conversation">
        <h2 id="visitor-conversation">{labels['visitor.conversation.heading']}</h2>
        {view.conversation.length === 0 ? (
          <p>{labels['visitor.conversation.empty']}</p>
        ) : (
          <ol className="visitor__messages">
            {view.conversation.map((entry) => (
              <Message key={`${entry.at}-${entry.from}-${entry.text?.length ?? 0}`} entry={entry} props={props} />
            ))}
          </ol>
        )}
      </section>
      {link && <WriteForm link={link} props={props} onSent={(next) => setLoad({ state: 'ready', view: next })} />}
    </>
  );
}
