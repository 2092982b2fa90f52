import { type MessageHeader, SESv2Client, type SESv2ClientConfig, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mail, Mailer } from '../ports';

/**
 * SES v2 with one attempt per send: a send retried after a dropped
 * connection may deliver the mail twice. A failed or uncertain send is the
 * outbox's to retry or to mark "uncertain" (functions/mail/outbox/mail-delivery.ts).
 */
export function sesClient(config: SESv2ClientConfig = {}): SESv2Client {
  return new SESv2Client({ ...config, maxAttempts: 1 });
}

/** SES v2's longest header value. */
const HEADER_VALUE_MAX = 870;

/**
 * In-Reply-To and References as SES v2 takes them (Content.Simple.Headers):
 * printable ASCII, at most 870 characters a value, so the oldest references
 * give way first (the thread's own, always first, stays). SES replaces a
 * Message-ID header with its own, so none is sent; the id SES gives the mail
 * comes back from the send.
 */
export function threadingHeaders(mail: Pick<Mail, 'inReplyTo' | 'references'>): MessageHeader[] {
  const headers: MessageHeader[] = [];
  if (mail.inReplyTo) headers.push({ Name: 'In-Reply-To', Value: mail.inReplyTo });
  const references = [...(mail.references ?? [])];
  while (references.length > 1 && references.join(' ').length > HEADER_VALUE_MAX) references.splice(1, 1);
  if (references.length && references.join(' ').length <= HEADER_VALUE_MAX)
    headers.push({ Name: 'References', Value: references.join(' ') });
  return headers;
}

/**
 * Sends through SES v2, every mail through the stage's configuration set
 * (`MAIL_CONFIGURATION_SET`), which refuses to deliver without TLS to the
 * receiving server and publishes bounces and complaints
 * (infra/constructs/mail.ts). The time-out is short on purpose: the enquiry
 * is already stored, so a slow SES only delays the mail to the retry job.
 */
export function sesMailer(
  ses: Pick<SESv2Client, 'send'>,
  sending: { from: string; configurationSet: string; timeoutMs: number },
): Mailer {
  const { from, configurationSet, timeoutMs } = sending;
  return {
    async send(mail) {
      const headers = threadingHeaders(mail);
      const sent = await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          ConfigurationSetName: configurationSet,
          Destination: { ToAddresses: [mail.to] },
          ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
              ...(headers.length ? { Headers: headers } : {}),
            },
          },
        }),
        { abortSignal: AbortSignal.timeout(timeoutMs) },
      );
      return sent.MessageId ? { messageId: sent.MessageId } : {};
    },
  };
}
