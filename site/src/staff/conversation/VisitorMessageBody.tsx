/**
 * A visitor's message in the enquiry's history: its new text (the quoted
 * history left out when it arrived, the whole mail one click away), when we received it, a warning when it
 * came from another address than the enquiry's, claims the enquiry's without its sender authenticated, or a
 * receiving check failed,
 * who attached it from the kept mail box when it matched no enquiry by itself,
 * its machine translation labelled with the original a click away,
 * and its attachments (AttachmentList).
 */
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import {
  type VisitorMessage,
  fromVerifiedEnquiryAddress,
  verdictWarnings,
} from '../../../../shared/conversation/visitor-messages';
import type { TranslationView } from '../../../../shared/translation/staff-translation';
import TranslatedText from '../translation/TranslatedText';
import AttachmentList from './AttachmentList';
import WholeMessage from './WholeMessage';
import { CONVERSATION_TEXT } from './words';

export interface VisitorMessageBodyProps {
  /** The enquiry whose thread it is in: a download names it, and the server checks the attachment is its. */
  postIndex: number;
  text: string | undefined;
  message: VisitorMessage;
  /** Its machine translation, or where that stands; none for a Korean message. */
  translation?: TranslationView;
  /** The enquiry's page language, the message's likely one. */
  lang?: string;
}

export default function VisitorMessageBody({ postIndex, text, message, translation, lang }: VisitorMessageBodyProps) {
  const warnings = verdictWarnings(message.verdicts).map((name) => CONVERSATION_TEXT.verdicts[name]);
  return (
    <div className="history__visitor">
      <p className="staff__muted">
        {CONVERSATION_TEXT.receivedAt(formatKoreaDateTime(Date.parse(message.receivedAt)))}
      </p>
      {message.attachedBy && <p className="staff__muted">{CONVERSATION_TEXT.attachedBy(message.attachedBy)}</p>}
      {!message.fromEnquiryAddress && (
        <p className="staff__alert" role="note">
          {CONVERSATION_TEXT.notEnquiryAddress}
        </p>
      )}
      {message.fromEnquiryAddress && !fromVerifiedEnquiryAddress(message) && (
        <p className="staff__alert" role="note">
          {CONVERSATION_TEXT.unverifiedSender}
        </p>
      )}
      {warnings.length > 0 && (
        <p className="staff__alert" role="note">
          {CONVERSATION_TEXT.verdictWarning(warnings.join(', '))}
        </p>
      )}
      {text?.trim() ? (
        <TranslatedText
          postIndex={postIndex}
          original={text}
          translation={translation}
          field="text"
          className="history__message"
          lang={lang}
          showsState
        />
      ) : (
        <p className="history__message">{CONVERSATION_TEXT.empty}</p>
      )}
      {message.cut && <p className="staff__muted">{CONVERSATION_TEXT.cut}</p>}
      <WholeMessage {...message} />
      <AttachmentList postIndex={postIndex} attachments={message.attachments} />
    </div>
  );
}
