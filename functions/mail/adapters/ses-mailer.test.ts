/**
 * The SES adapter: every mail goes through the stage's configuration set
 * (the one that requires TLS and publishes bounces and complaints), from the
 * configured sender, with both bodies, in one attempt.
 */
import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { sesClient, sesMailer, threadingHeaders } from './ses-mailer';

const MAIL = { to: 'visitor@example.test', subject: '[MT-000123] Thank you', text: 'Plain', html: '<p>Rich</p>' };

/** An SES client that keeps what it was asked to send. */
function recordingSes() {
  const sent: SendEmailCommand[] = [];
  const ses: Pick<SESv2Client, 'send'> = {
    send: (async (command: SendEmailCommand) => {
      sent.push(command);
      return { MessageId: 'message-1' };
    }) as SESv2Client['send'],
  };
  return { ses, sent };
}

describe('sesMailer', () => {
  it('sends every mail through the configuration set, from the configured sender', async () => {
    const { ses, sent } = recordingSes();
    const mailer = sesMailer(ses, {
      from: 'no-reply@example.test',
      configurationSet: 'MedicalTourism-prod-MailOverTls',
      timeoutMs: 3_000,
    });
    await mailer.send(MAIL);
    await mailer.send({ ...MAIL, replyTo: 'staff@example.test' });
    expect(sent).toHaveLength(2);
    for (const command of sent) {
      expect(command).toBeInstanceOf(SendEmailCommand);
      expect(command.input).toMatchObject({
        ConfigurationSetName: 'MedicalTourism-prod-MailOverTls',
        FromEmailAddress: 'no-reply@example.test',
        Destination: { ToAddresses: [MAIL.to] },
      });
    }
    expect(sent[0]?.input.Content?.Simple?.Body).toEqual({
      Html: { Data: MAIL.html, Charset: 'UTF-8' },
      Text: { Data: MAIL.text, Charset: 'UTF-8' },
    });
    expect(sent[1]?.input.ReplyToAddresses).toEqual(['staff@example.test']);
    expect(sent[0]?.input.Content?.Simple?.Headers).toBeUndefined();
  });

  it('answers the id SES gave the mail, and sends In-Reply-To and References as SES v2 headers', async () => {
    const { ses, sent } = recordingSes();
    const mailer = sesMailer(ses, { from: 'no-reply@example.test', configurationSet: 'set', timeoutMs: 3_000 });
    const answer = await mailer.send({
      ...MAIL,
      replyTo: 'reply+123-abc@reply.example.test',
      inReplyTo: '<visitor-1@mail.example>',
      references: ['<thread+123-abc@reply.example.test>', '<visitor-1@mail.example>'],
    });
    expect(answer).toEqual({ messageId: 'message-1' });
    expect(sent[0]?.input.Content?.Simple?.Headers).toEqual([
      { Name: 'In-Reply-To', Value: '<visitor-1@mail.example>' },
      { Name: 'References', Value: '<thread+123-abc@reply.example.test> <visitor-1@mail.example>' },
    ]);
  });
});

describe('threadingHeaders', () => {
  it("keeps References within SES's 870 characters, dropping the oldest but the thread's own", () => {
    const references = [
      '<thread+1-x@reply.example>',
      ...Array.from({ length: 40 }, (_, i) => `<message-${String(i).padStart(2, '0')}-${'x'.repeat(20)}@mail.example>`),
    ];
    const [header] = threadingHeaders({ references });
    expect(header?.Name).toBe('References');
    const value = header?.Value ?? '';
    expect(value.length).toBeLessThanOrEqual(870);
    expect(value.startsWith('<thread+1-x@reply.example> <message-')).toBe(true);
    expect(value.endsWith(`<message-39-${'x'.repeat(20)}@mail.example>`)).toBe(true);
  });
});

describe('sesClient', () => {
  it('makes one attempt per send: a retry after a dropped connection could deliver a mail twice', async () => {
    const client = sesClient({ region: 'ap-northeast-2' });
    try {
      expect(await client.config.maxAttempts()).toBe(1);
    } finally {
      client.destroy();
    }
  });
});
