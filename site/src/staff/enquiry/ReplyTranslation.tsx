/**
 * A reply written in Korean beside its machine translation into the
 * visitor's language: the staff member asks for the translation,
 * may edit it, and the panel sends it. The translation is labelled as the
 * machine's, with the engine's name, so nobody takes it for a person's. With
 * no translation to be had (the engine down, the day's cap used, a refusal),
 * the staff member is told, and writes in the visitor's language in the same
 * box: it is sent as it is, as before.
 */
import { useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { REPLY_BODY_MAX } from '../../../../shared/work/enquiry-work';
import { localeByCode } from '../../../../shared/locales';
import { REPLY_TRANSLATION_TEXT } from './reply-translation-words';
import { type PreviewProblem, previewTranslation } from './reply-translation-api';

/** A previewed translation: the text to send (the staff member's edits in it), the machine's, from which original, by which engine. */
export interface Translated {
  text: string;
  machine: string;
  from: string;
  engine: string;
}

export interface ReplyTranslationProps {
  record: EnquiryRecord;
  body: string;
  onBody: (body: string) => void;
  translated: Translated | undefined;
  onTranslated: (translated: Translated | undefined) => void;
}

const PROBLEM_TEXT: Record<PreviewProblem | 'notNeeded', string> = {
  unavailable: REPLY_TRANSLATION_TEXT.unavailable,
  capped: REPLY_TRANSLATION_TEXT.capped,
  refused: REPLY_TRANSLATION_TEXT.refused,
  notNeeded: REPLY_TRANSLATION_TEXT.notNeeded,
};

export default function ReplyTranslation({ record, body, onBody, translated, onTranslated }: ReplyTranslationProps) {
  const [translating, setTranslating] = useState(false);
  const [note, setNote] = useState<PreviewProblem | 'notNeeded' | undefined>();
  const visitorLanguage = localeByCode(record.LOCALE);

  const preview = async () => {
    setTranslating(true);
    setNote(undefined);
    try {
      const answer = await previewTranslation(record.POST_INDEX, body);
      if (typeof answer === 'string') {
        setNote(answer);
        onTranslated(undefined);
      } else if (answer.engine === undefined) {
        // Already in the visitor's language: sent as it is.
        setNote('notNeeded');
        onTranslated(undefined);
      } else {
        onTranslated({ text: answer.text, machine: answer.text, from: body, engine: answer.engine });
      }
    } catch {
      setNote('unavailable');
    }
    setTranslating(false);
  };

  return (
    <div className="reply-translation">
      <div className="reply-translation__side">
        <label htmlFor="reply-body">{REPLY_TRANSLATION_TEXT.original}</label>
        <textarea
          id="reply-body"
          lang={translated ? 'ko' : undefined}
          value={body}
          maxLength={REPLY_BODY_MAX}
          rows={10}
          onChange={(event) => onBody(event.currentTarget.value)}
        />
        <div className="panel__row">
          <button
            type="button"
            className="staff-button"
            disabled={translating || !body.trim()}
            onClick={() => void preview()}
          >
            {translating ? REPLY_TRANSLATION_TEXT.translating : REPLY_TRANSLATION_TEXT.previewButton}
          </button>
        </div>
        {note && (
          <p
            className={note === 'notNeeded' ? 'staff__muted' : 'staff__alert'}
            role={note === 'notNeeded' ? 'status' : 'alert'}
          >
            {PROBLEM_TEXT[note]}
          </p>
        )}
      </div>
      {translated && (
        <div className="reply-translation__side">
          <label htmlFor="reply-translation">
            {REPLY_TRANSLATION_TEXT.machine(visitorLanguage.label, translated.engine)}
          </label>
          <textarea
            id="reply-translation"
            lang={visitorLanguage.lang}
            value={translated.text}
            maxLength={REPLY_BODY_MAX}
            rows={10}
            onChange={(event) => onTranslated({ ...translated, text: event.currentTarget.value })}
          />
          {translated.from !== body && (
            <p className="staff__alert" role="alert">
              {REPLY_TRANSLATION_TEXT.stale}
            </p>
          )}
          {translated.text !== translated.machine && <p className="staff__muted">{REPLY_TRANSLATION_TEXT.edited}</p>}
        </div>
      )}
    </div>
  );
}
