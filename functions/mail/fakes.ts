/**
 * In-memory fakes of the outbox and the mailer, with the refusals SES answers,
 * beside their ports, for the unit tests. They follow the semantics of the
 * DynamoDB and S3 adapters.
 */
import type { Mail, Mailer, OutboxChange, OutboxMail, OutboxStore } from './ports';

/** The outbox in memory, with the same conditional transitions as the DynamoDB adapter. */
export class FakeOutboxStore implements OutboxStore {
  readonly items = new Map<string, OutboxMail>();
  async add(mail: OutboxMail): Promise<boolean> {
    if (this.items.has(mail.mailId)) return false;
    this.items.set(mail.mailId, structuredClone(mail));
    return true;
  }
  async get(mailId: string): Promise<OutboxMail | undefined> {
    const item = this.items.get(mailId);
    return item ? structuredClone(item) : undefined;
  }
  async transition(
    mailId: string,
    expected: Pick<OutboxMail, 'status' | 'attempts'>,
    { forgetContent, ...change }: OutboxChange,
  ): Promise<boolean> {
    const item = this.items.get(mailId);
    if (!item || item.status !== expected.status || item.attempts !== expected.attempts) return false;
    const next: OutboxMail = { ...item };
    for (const [field, value] of Object.entries(change))
      if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
    if (change.queue === undefined) {
      delete next.queue;
      delete next.nextAt;
    }
    if (forgetContent) {
      delete next.content;
      delete next.sealedContent;
    }
    this.items.set(mailId, next);
    return true;
  }
  async remove(mailId: string): Promise<void> {
    this.items.delete(mailId);
  }
  async due(queue: string, now: number, limit: number): Promise<string[]> {
    return [...this.items.values()]
      .filter((item) => item.queue === queue && item.nextAt !== undefined && item.nextAt <= now)
      .sort((a, b) => (a.nextAt ?? 0) - (b.nextAt ?? 0))
      .slice(0, limit)
      .map((item) => item.mailId);
  }
}

/** What SES answers when it refuses a mail: an error with a status, so the mail was not sent. */
export const sesRefused = () =>
  Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });

/** A call cut off after the request went out (a time-out): SES may have accepted the mail. */
export const sesCutOff = () =>
  Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });

/** Remembers every mail; `failWith` makes the next sends throw. */
export class FakeMailer implements Mailer {
  readonly sent: Mail[] = [];
  attempts = 0;
  failWith: Error | undefined;
  async send(mail: Mail): Promise<{ messageId?: string }> {
    this.attempts += 1;
    if (this.failWith) throw this.failWith;
    this.sent.push(mail);
    // As SES answers: an id of its own for each mail it accepted.
    return { messageId: `fake-ses-${this.sent.length}` };
  }
}
