/**
 * The visitor's page's form (VisitorPage.tsx) to write one more message: the
 * text checked before it is sent, the send, and what happened.
 */
import { type SubmitEvent, useRef, useState } from 'react';
import { HONEYPOT_FIELD } from '../../../../shared/intake/form-fields';
import { VISITOR_MESSAGE_MAX, type VisitorEnquiryView } from '../../../../shared/visitor/visitor-page';
import type { VisitorPageProps } from './types';
import { sendMessage } from './visitor-api';
import { withLinkIdleDays } from './visitor-link';

/** When the page's script started, on the page's own clock: a message's fill time counts from it, as the enquiry form's does. */
const SHOWN_AT = performance.now();

type Sending =
  { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'error'; text: string; field?: boolean };

export function WriteForm({
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
      notFound: withLinkIdleDays(labels['visitor.notFound.text']),
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
