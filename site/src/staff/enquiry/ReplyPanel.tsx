/**
 * A reply to the visitor: start from the template of the enquiry's section in
 * the visitor's language (or another language), edit, preview, send. The
 * server mails it through the outbox, records it in the thread and marks the
 * enquiry answered. To a visitor who does not read Korean, a staff member may
 * write in Korean and send the machine translation, shown beside
 * it and editable (ReplyTranslation); with the engine unavailable they write
 * in the visitor's language, as before.
 */
import { useEffect, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from '../../../../shared/work/enquiry-work';
import { EMAIL_PATTERN } from '../../../../shared/intake/form-fields';
import { LOCALES, type LocaleCode } from '../../../../shared/locales';
import { STAFF_TEXT } from '../core/words';
import { ENQUIRY_TEXT } from './words';
import { conflictCurrent, fillTemplate, loadTemplates, sendReply } from './work-api';
import { type TemplateView } from '../../../../shared/work/enquiry-work-schema';
import ReplyTranslation, { type Translated } from './ReplyTranslation';
import { STAFF_LANGUAGE } from '../../../../shared/translation/translation';

export interface ReplyPanelProps {
  record: EnquiryRecord;
  onSent: (record: EnquiryRecord) => void;
}

export default function ReplyPanel({ record, onSent }: ReplyPanelProps) {
  const [templates, setTemplates] = useState<TemplateView[]>([]);
  const [language, setLanguage] = useState<LocaleCode>(record.LOCALE);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | undefined>();
  /** The machine translation of `body`, once previewed: what is sent in its place. */
  const [translated, setTranslated] = useState<Translated | undefined>();
  // The staff's own language needs no translation (the preview route answers it as it is too).
  const translates = record.LOCALE !== STAFF_LANGUAGE;
  const sentBody = translated?.text ?? body;

  useEffect(() => {
    loadTemplates().then(setTemplates, () => setTemplates([]));
  }, []);

  const startFromTemplate = (locale: LocaleCode) => {
    setLanguage(locale);
    const template = templates.find(
      (candidate) => candidate.section === record.MEDICAL_SECTION && candidate.locale === locale,
    );
    if (!template) return;
    setSubject(fillTemplate(template.subject, record));
    setBody(fillTemplate(template.body, record));
    // A template is in the language it was chosen in: sent as it is.
    setTranslated(undefined);
    setPreview(false);
  };

  if (!EMAIL_PATTERN.test(record.EMAIL)) {
    return (
      <section className="panel" aria-labelledby="reply-heading">
        <h2 id="reply-heading">{STAFF_TEXT.reply.heading}</h2>
        <p className="staff__muted">{STAFF_TEXT.reply.noAddress}</p>
      </section>
    );
  }

  const send = async () => {
    setSending(true);
    setMessage(undefined);
    try {
      const result = await sendReply(
        record,
        subject,
        sentBody,
        translated && {
          original: body,
          translation: { engine: translated.engine, edited: translated.text !== translated.machine },
        },
      );
      onSent(result.record);
      setSubject('');
      setBody('');
      setTranslated(undefined);
      setPreview(false);
      setMessage({
        kind: 'status',
        text: result.mailStatus === 'sent' ? STAFF_TEXT.reply.sent : STAFF_TEXT.reply.queued,
      });
    } catch (error) {
      const current = conflictCurrent(error);
      if (current) onSent(current);
      setMessage({ kind: 'alert', text: current ? ENQUIRY_TEXT.work.conflict : ENQUIRY_TEXT.work.failed });
    }
    setSending(false);
  };

  return (
    <section className="panel" aria-labelledby="reply-heading">
      <h2 id="reply-heading">{STAFF_TEXT.reply.heading}</h2>
      <p className="staff__muted">{STAFF_TEXT.reply.to(record.EMAIL)}</p>
      <div className="panel__row">
        <label>
          {STAFF_TEXT.reply.templateLanguage}
          <select value={language} onChange={(event) => setLanguage(event.currentTarget.value as LocaleCode)}>
            {LOCALES.map((locale) => (
              <option key={locale.code} value={locale.code}>
                {locale.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="staff-button"
          disabled={templates.length === 0}
          onClick={() => startFromTemplate(language)}
        >
          {STAFF_TEXT.reply.template}
        </button>
      </div>
      <form
        className="panel__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor="reply-subject">{STAFF_TEXT.reply.subject}</label>
        <input
          id="reply-subject"
          value={subject}
          maxLength={REPLY_SUBJECT_MAX}
          onChange={(event) => setSubject(event.currentTarget.value)}
        />
        {translates ? (
          <ReplyTranslation
            record={record}
            body={body}
            onBody={setBody}
            translated={translated}
            onTranslated={setTranslated}
          />
        ) : (
          <>
            <label htmlFor="reply-body">{STAFF_TEXT.reply.body}</label>
            <textarea
              id="reply-body"
              value={body}
              maxLength={REPLY_BODY_MAX}
              rows={10}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
          </>
        )}
        <div className="panel__row">
          <button
            type="button"
            className="staff-button"
            disabled={!subject.trim() || !sentBody.trim()}
            onClick={() => setPreview((shown) => !shown)}
            aria-expanded={preview}
          >
            {STAFF_TEXT.reply.preview}
          </button>
          <button
            type="submit"
            className="staff-button staff-button--primary"
            disabled={sending || !subject.trim() || !sentBody.trim()}
          >
            {sending ? STAFF_TEXT.reply.sending : STAFF_TEXT.reply.send}
          </button>
        </div>
        {preview && (
          <article
            className="reply-preview"
            aria-label={STAFF_TEXT.reply.preview}
            lang={LOCALES.find((locale) => locale.code === language)?.lang}
          >
            <p className="reply-preview__subject">
              {subject.includes(record.REFERENCE) ? subject : `${subject} [${record.REFERENCE}]`}
            </p>
            <div className="reply-preview__body">{sentBody}</div>
          </article>
        )}
        {message && (
          <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__muted'} role={message.kind}>
            {message.text}
          </p>
        )}
      </form>
    </section>
  );
}
