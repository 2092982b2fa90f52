/**
 * What the thread left out of a visitor's mail, one click away: the whole
 * text as received (the quoted mail answered, the signature), behind a
 * disclosure below the new text; or, when no new text was found, a note that
 * the text shown is the whole message; or that its HTML could not be read.
 */
import type { VisitorMessage } from '../../../../shared/conversation/visitor-messages';
import { CONVERSATION_TEXT } from './words';

export type WholeMessageProps = Pick<VisitorMessage, 'whole' | 'wholeCut' | 'shownInFull' | 'textUnreadable'>;

export default function WholeMessage({ whole, wholeCut, shownInFull, textUnreadable }: WholeMessageProps) {
  if (textUnreadable) return <p className="staff__alert">{CONVERSATION_TEXT.textUnreadable}</p>;
  if (shownInFull) return <p className="staff__muted">{CONVERSATION_TEXT.shownInFull}</p>;
  if (whole === undefined) return null;
  return (
    <details className="whole-message">
      <summary>{CONVERSATION_TEXT.showWhole}</summary>
      <p className="history__message">{whole}</p>
      {wholeCut && <p className="staff__muted">{CONVERSATION_TEXT.wholeCut}</p>}
    </details>
  );
}
