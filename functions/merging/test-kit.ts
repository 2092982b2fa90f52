/** Enquiries sent through intake with in-memory fakes, and their histories, for the merging tests. */
import { expect } from 'vitest';
import { type FakeDeps, jsonPost } from '../../tests/support/fakes';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { NOT_CHECKED_LOCALLY } from '../../shared/conversation/visitor-messages';
import type { EnquiryEvent } from '../work/ports';

let sent = 0;

/** Sends an enquiry through intake (each from its own network, below the send limits); its number. */
export async function sendEnquiry(deps: FakeDeps, fields: Record<string, unknown> = {}): Promise<number> {
  sent += 1;
  const response = await makeSendmailHandler(deps)(
    jsonPost(
      '/api/sendmail',
      {
        user_name: 'Анна Петрова',
        user_email: 'anna.petrova@example.ru',
        section: '병원예약',
        consent_privacy: true,
        consent_health: true,
        page_locale: 'ru',
        message: `Вопрос ${sent}`,
        ...fields,
      },
      { sourceIp: `198.51.100.${sent % 250}` },
    ),
  );
  expect(response.statusCode, response.body).toBe(200);
  const reference = (JSON.parse(response.body) as { reference: string }).reference;
  return Number(reference.replace('MT-', ''));
}

/** Writes a visitor's message into an enquiry's history, as the mail receiver does; its event. */
export async function visitorWrites(deps: FakeDeps, postIndex: number, text: string): Promise<EnquiryEvent> {
  deps.clock.advance(60_000);
  const event: EnquiryEvent = {
    postIndex,
    at: `${new Date(deps.clock.now()).toISOString()}#0mail${postIndex}`,
    type: 'visitorMessage',
    actor: 'anna.petrova@example.ru',
    text,
    channel: 'mail',
    visitor: {
      channel: 'mail',
      subject: 'Re: MT',
      receivedAt: new Date(deps.clock.now()).toISOString(),
      verdicts: NOT_CHECKED_LOCALLY,
      attachments: [],
      fromEnquiryAddress: true,
      rawKey: `inbound/raw-${postIndex}-${text.length}`,
    },
  };
  await deps.events.add(event);
  return event;
}

/** The texts of an enquiry's history, oldest first, with where each came from. */
export async function historyOf(deps: FakeDeps, postIndex: number) {
  return (await deps.events.list(postIndex)).map((event) => ({
    type: event.type,
    text: event.text,
    ...(event.mergedFrom !== undefined ? { mergedFrom: event.mergedFrom } : {}),
  }));
}
