import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../ports';

/**
 * Sends through SES v2. The time-out is short on purpose: the enquiry is
 * already stored, so a slow SES only delays the mail to the retry job.
 */
export function sesMailer(ses: SESv2Client, from: string, timeoutMs: number): Mailer {
  return {
    async send(mail) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
            },
          },
        }),
        { abortSignal: AbortSignal.timeout(timeoutMs) },
      );
    },
  };
}
