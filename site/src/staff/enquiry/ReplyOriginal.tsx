/** A translated reply in the thread: the staff member's Korean original, beside the history line of the reply sent in the visitor's language. */
import type { ReplyTranslation } from '../../../../shared/work/enquiry-work';
import { REPLY_TRANSLATION_TEXT } from './reply-translation-words';

export default function ReplyOriginal({ reply }: { reply: ReplyTranslation }) {
  return (
    <div className="history__note">
      <p className="staff__muted">{REPLY_TRANSLATION_TEXT.threadOriginal(reply.engine)}</p>
      <p lang="ko" className="reply-original">
        {reply.original}
      </p>
    </div>
  );
}
