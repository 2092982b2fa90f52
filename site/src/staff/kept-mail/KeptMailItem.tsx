/**
 * One kept mail in its box: who sent it, to which address, when (Korea
 * time), why it was kept, the receiving checks, its attachments by name, the
 * enquiry its subject names (a suggestion only); its text on request (read
 * from the raw message, and logged); and its two actions.
 */
import { Fragment, useState } from 'react';
import { type KeptMailEntry, type KeptMailText, attachBar } from '../../../../shared/conversation/kept-mail';
import { plainName } from '../../../../shared/conversation/attachment-names';
import { VERDICT_NAMES, type VerdictName } from '../../../../shared/conversation/visitor-messages';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { formatReference } from '../../../../shared/work/enquiry-work';
import { CONVERSATION_TEXT } from '../conversation/words';
import WholeMessage from '../conversation/WholeMessage';
import { loadKeptMailText } from './kept-mail-api';
import { currentStaffRole } from '../core/api';
import RawMessageDownload from './RawMessageDownload';
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
  const bar = attachBar(mail);
  const headingId = `kept-${mail.key.replace(/[^\w-]/g, '')}`;

  const toggleText = async () => {
    if (text !== undefined && text !== 'failed') return setText(undefined);
    setText('loading');
    setText(await loadKeptMailText(mail.key).catch(() => 'failed' as const));
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
          <p className="history__message">{text.text.trim() ? text.text : KEPT_MAIL_TEXT.textEmpty}</p>
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
