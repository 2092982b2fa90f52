import { AwsService, type AwsServiceOptions } from '../aws-request';
import type { Mailer } from '../../ports';

/** SES v2 with the environment's endpoint, region and credentials when not given; two attempts, as before. */
export function sesService(options: Pick<AwsServiceOptions, 'region' | 'credentials' | 'endpoint'> = {}): AwsService {
  return new AwsService({ signingName: 'ses', hostLabel: 'email', endpointVariable: 'SESV2', maxAttempts: 2, ...options });
}

/**
 * Sends through SES v2's SendEmail, written by hand over aws-request.ts
 * rather than through the SDK's SES client (about 35 KiB minified with its
 * REST protocol, in the public send route's bundle): the same request body,
 * the SDK's signer and HTTP handler, its error shapes. The time-out is short
 * on purpose: the enquiry is already stored, so a slow SES only delays the
 * mail to the retry job.
 */
export function sesMailer(ses: AwsService, from: string, timeoutMs: number): Mailer {
  return {
    async send(mail) {
      const body = {
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          },
        },
      };
      await ses.send({
        method: 'POST',
        path: '/v2/email/outbound-emails',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    },
  };
}
