/**
 * A kept mail's sender against the address of the enquiry the box suggests
 * for it (`senderMatch`, checked by the list route): a warning when they
 * differ (someone else may be writing as the visitor), a word when they
 * could not be compared; nothing when they are the same. Beside the mail and
 * in the attach dialog, while the suggested enquiry is the one named.
 */
import { type KeptMailEntry, suggestedEnquiryOf } from '../../../../shared/conversation/kept-mail';
import { formatReference } from '../../../../shared/work/enquiry-work';
import { KEPT_MAIL_TEXT } from './words';

export default function SenderWarning({ mail }: { mail: KeptMailEntry }) {
  const suggested = suggestedEnquiryOf(mail);
  if (suggested === undefined) return null;
  if (mail.senderMatch === 'different')
    return (
      <p className="staff__alert" role="note">
        {KEPT_MAIL_TEXT.senderDiffers(mail.from ?? KEPT_MAIL_TEXT.noFrom, formatReference(suggested))}
      </p>
    );
  if (mail.senderMatch === 'unchecked') return <p className="staff__muted">{KEPT_MAIL_TEXT.senderUnchecked}</p>;
  return null;
}
