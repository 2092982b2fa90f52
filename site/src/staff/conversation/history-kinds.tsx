/** How the history reads a visitor's message: an answer by mail, or one written on the visitor's page, with its text. */
import type { HistoryKinds } from '../core/staff-feature';
import TranslatedText from '../translation/TranslatedText';
import VisitorMessageBody from './VisitorMessageBody';
import { CONVERSATION_TEXT } from './words';

export const historyKinds = {
  visitorMessage: {
    // An answer by mail says so with its subject; one from the visitor's page, whether it looked like spam.
    describe: (entry) =>
      entry.visitor
        ? CONVERSATION_TEXT.byMail(entry.visitor.subject ?? '')
        : CONVERSATION_TEXT.fromPage(entry.spamReason !== undefined),
    // A message from the visitor's page says "visitor"; an answer by mail, the address it came from (it may not be the enquiry's).
    who: (entry) => (entry.visitor ? entry.actor : CONVERSATION_TEXT.visitor),
    renderBody: (entry, record) =>
      entry.visitor ? (
        <VisitorMessageBody
          postIndex={record.POST_INDEX}
          text={entry.text}
          message={entry.visitor}
          translation={entry.translation}
          lang={record.LOCALE}
        />
      ) : (
        <TranslatedText
          postIndex={record.POST_INDEX}
          original={entry.text ?? ''}
          translation={entry.translation}
          field="text"
          className="history__note"
          lang={record.LOCALE}
          showsState
        />
      ),
  },
} satisfies HistoryKinds;
