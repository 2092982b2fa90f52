/**
 * What SES receiving hands the mail receiver, read into one ReceivedMail per
 * message: the receipt rule stores the raw message under INBOUND_RAW_PREFIX
 * and its SES message id, then invokes the function asynchronously with the
 * message's envelope recipients, verdicts and time (the rule itself:
 * infra/constructs/receiving.ts).
 */
import type { SESEvent, SESReceiptStatus } from 'aws-lambda';
import {
  INBOUND_RAW_PREFIX,
  VERDICT_STATUSES,
  type VerdictStatus,
  type Verdicts,
} from '../../../shared/conversation/visitor-messages';
import type { ReceivedMail } from '../inbound-types';

/** The statuses SES gives (all of ours but the local door's). */
const SES_STATUSES = VERDICT_STATUSES.filter((status) => status !== 'NOT_CHECKED_LOCALLY');

/** SES's word for a check, as ours; one missing or unknown counts as not made (a warning, never a quarantine by itself). */
function verdict(status: SESReceiptStatus | undefined): VerdictStatus {
  const value: string | undefined = status?.status;
  return SES_STATUSES.find((known) => known === value) ?? 'PROCESSING_FAILED';
}

export function receivedFromSes(event: SESEvent): ReceivedMail[] {
  return event.Records.map(({ ses: { mail, receipt } }) => {
    const verdicts: Verdicts = {
      spam: verdict(receipt.spamVerdict),
      virus: verdict(receipt.virusVerdict),
      spf: verdict(receipt.spfVerdict),
      dkim: verdict(receipt.dkimVerdict),
      dmarc: verdict(receipt.dmarcVerdict),
    };
    const receivedAt = Date.parse(receipt.timestamp || mail.timestamp);
    return {
      rawKey: `${INBOUND_RAW_PREFIX}${mail.messageId}`,
      recipients: receipt.recipients,
      verdicts,
      receivedAt: Number.isFinite(receivedAt) ? receivedAt : Date.now(),
    };
  });
}
