/**
 * One kept mail in its box: who sent it, to which address, when (Korea
 * time), why it was kept, the receiving checks, its attachments by name, the
 * enquiry its subject names (a suggestion only) with a warning when its
 * sender is not that enquiry's address; its text on request (read from the
 * raw message, and logged) in Korean as a thread's message reads, the
 * machine translation made as it is read, the original a click away; and
 * its two actions.
 */
import { Fragment, useState } from 'react';
import { type KeptMailEntry, type KeptMailText, attachBar } from '../../../../shared/conversation/kept-mail';
import { plainName } from '../../../../shared/conversation/attachment-names';
import { VERDICT_NAMES, type VerdictName } from '../../../../shared/conversation/visitor-messages';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { formatReference } from '../../../../shared/work/enquiry-work';
import { CONVERSATION_TEXT } from '../conversation/words';
import WholeMessage from '../conversation/WholeMessage';
import { loadKeptMailText, translateKeptMail } from './kept-mail-api';
import TranslatedText from '../translation/TranslatedText';
import type { TranslationView } from '../../../../shared/translation/staff-translation';
import { currentStaffRole } from '../core/api';
import RawMessageDownload from './RawMessageDownload';
import SenderWarning from './SenderWarning';
import { KEPT_MAIL_TEXT } from './words';

export interface KeptMailItemProps {
  mail: KeptMailEntry;
  onAttach: () => void;
  onDiscard: () => void;
}

/** The checks that failed; else the ones nobody made or that gave no verdict (locally, none is made); else all passed. */
function failedChecks(mail: KeptMailEntry): string {
  const named = (names: readonly VerdictName[]) => names.map((name) => CONVERSATION_TEXT.verdicts[name]).join(', ');
  const failed = VERDICT_NAMES.filter(
    (name) => mail.verdicts[name] === 'FAIL' || mail.verdicts[name] === 'PROCESSING_FAILED',
  );
  if (failed.length) return KEPT_MAIL_TEXT.verdictFailed(named(failed));
  const unchecked = VERDICT_NAMES.filter((name) => mail.verdicts[name] !== 'PASS');
  return unchecked.length ? KEPT_MAIL_TEXT.verdictsUnchecked(named(unchecked)) : KEPT_MAIL_TEXT.verdictsPassed;
}

export default function KeptMailItem({ mail, onAttach, onDiscard }: KeptMailItemProps) {
  const [text, setText] = useState<KeptMailText | 'loading' | 'failed'>();
  const [translation, setTranslation] = useState<TranslationView>();
  const bar = attachBar(mail);
  const headingId = `kept-${mail.key.replace(/[^\w-]/g, '')}`;

  /** Its translation, made now; where it stands, kept while the text is shown (reading it again translates it again). */
  const translate = async (again: boolean): Promise<TranslationView | undefined> => {
    const failed: TranslationView = { source: mail.key, state: 'failed' };
    const made = await translateKeptMail(mail.key, again).then(
      (answer) => answer.translation,
      () => failed,
    );
    setTranslation(made);
    return made;
  };
  const toggleText = async () => {
    if (text !== undefined && text !== 'failed') return setText(undefined);
    setText('loading');
    const read = await loadKeptMailText(mail.key).catch(() => 'failed' as const);
    setText(read);
    if (typeof read === 'object' && read.text.trim() && translation?.state !== 'done') {
      setTranslation({ source: mail.key, state: 'pending' });
      await translate(false);
    }
  };

  return (
    <li className="panel kept-mail__item" aria-labelledby={headingId}>
      <h3 id={headingId}>{mail.subject || KEPT_MAIL_TEXT.noSubject}</h3>
      <dl className="kept-mail__facts">
        <dt>{KEPT_MAIL_TEXT.from}</dt>
        <dd>{mail.from ?? KEPT_MAIL_TEXT.noFrom}</dd>
        <dt>{KEPT_MAIL_TEXT.to}</dt>
        <dd>{mail.recipients.join(', ')}</dd>
        <dt>{KEPT_MAIL_TEXT.receivedAt}</dt>
        <dd>{formatKoreaDateTime(Date.parse(mail.receivedAt))}</dd>
        <dt>{KEPT_MAIL_TEXT.reason}</dt>
        <dd>{KEPT_MAIL_TEXT.reasons[mail.reason] ?? mail.reason}</dd>
        <dt>{KEPT_MAIL_TEXT.verdicts}</dt>
        <dd>{failedChecks(mail)}</dd>
        <dt>{KEPT_MAIL_TEXT.attachments}</dt>
        <dd>
          {mail.attachments.length
            ? mail.attachments.map((attachment, index) => (
                // Each name isolated and without format characters, as in a thread (AttachmentList).
                <Fragment key={`${index}-${attachment.name}`}>
                  {index > 0 && ', '}
                  <bdi>{plainName(attachment.name)}</bdi> ({CONVERSATION_TEXT.size(attachment.size)})
                </Fragment>
              ))
            : KEPT_MAIL_TEXT.noAttachments}
        </dd>
      </dl>
      {mail.suggestedIndex !== undefined && (
        <p className="staff__muted">{KEPT_MAIL_TEXT.suggested(formatReference(mail.suggestedIndex))}</p>
      )}
      {mail.postIndex !== undefined && (
        <p className="staff__muted">{KEPT_MAIL_TEXT.matched(formatReference(mail.postIndex))}</p>
      )}
      <SenderWarning mail={mail} />
      {mail.attachingTo !== undefined && (
        <p className="staff__alert" role="note">
          {KEPT_MAIL_TEXT.attaching(formatReference(mail.attachingTo))}
        </p>
      )}
      {bar && (
        <p className="staff__alert" role="note">
          {KEPT_MAIL_TEXT.barred[bar]}
        </p>
      )}
      {text === 'loading' && <p className="staff__muted">{KEPT_MAIL_TEXT.textLoading}</p>}
      {text === 'failed' && (
        <p className="staff__alert" role="alert">
          {KEPT_MAIL_TEXT.textFailed}
        </p>
      )}
      {typeof text === 'object' && (
        <div className="kept-mail__text">
          {text.text.trim() ? (
            <TranslatedText
              original={text.text}
              translation={translation}
              field="text"
              className="history__message"
              askAgain={async (view) => (await translate(true)) ?? view}
              showsState
            />
          ) : (
            <p className="history__message">{KEPT_MAIL_TEXT.textEmpty}</p>
          )}
          {text.cut && <p className="staff__muted">{KEPT_MAIL_TEXT.textCut}</p>}
          <WholeMessage {...text} />
        </div>
      )}
      <div className="panel__row">
        {mail.reason !== 'too_large' && mail.reason !== 'unreadable' && (
          <button
            type="button"
            className="staff-button"
            aria-expanded={typeof text === 'object'}
            onClick={() => void toggleText()}
          >
            {typeof text === 'object' ? KEPT_MAIL_TEXT.hideText : KEPT_MAIL_TEXT.readText}
          </button>
        )}
        {!bar && (
          <button type="button" className="staff-button staff-button--primary" onClick={onAttach}>
            {KEPT_MAIL_TEXT.attach}
          </button>
        )}
        {currentStaffRole() === 'admin' && <RawMessageDownload mailKey={mail.key} />}
        {mail.attachingTo === undefined && (
          <button type="button" className="staff-button staff-button--danger" onClick={onDiscard}>
            {KEPT_MAIL_TEXT.discard}
          </button>
        )}
      </div>
    </li>
  );
}
