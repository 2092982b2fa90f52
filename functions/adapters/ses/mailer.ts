import { SESv2Client, type SESv2ClientConfig, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../mail/ports';

/**
 * SES v2 with one attempt per send: a send retried after a dropped
 * connection may deliver the mail twice. A failed or uncertain send is the
 * outbox's to retry or to mark "uncertain" (functions/mail/mail-delivery.ts).
 */
export function sesClient(config: SESv2ClientConfig = {}): SESv2Client {
  return new SESv2Client({ ...config, maxAttempts: 1 });
}

/**
 * Sends through SES v2, every mail through the stage's configuration set
 * (`MAIL_CONFIGURATION_SET`), which refuses to deliver without TLS to the
 * receiving server and publishes bounces and complaints
 * (infra/constructs/mail.ts). The time-out is short on purpose: the enquiry
 * is already stored, so a slow SES only delays the mail to the retry job.
 */
export function sesMailer(ses: Pick<SESv2Client, 'send'>, sending: { from: string; configurationSet: string; timeoutMs: number }): Mailer {
  const { from, configurationSet, timeoutMs } = sending;
  return {
    async send(mail) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          ConfigurationSetName: configurationSet,
          Destination: { ToAddresses: [mail.to] },
          ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
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
