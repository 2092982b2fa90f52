/**
 * An enquiry from each of the six pages, through the local server: one staff
 * mail and one acknowledgement in that page's language, both read back from
 * the mailbox with the reference; the JSON answer carries the reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales';
import { RECEIPT_TEXT } from '../../../shared/intake/receipt-text';
import { type TestStack, capturedMail, enquiry, postJson, startTestStack } from '../../support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.dispose());

describe('an enquiry from each language page', () => {
  it.each(LOCALES.map((locale) => [locale.code, locale]))(
    '%s: one staff mail and one acknowledgement in that language, with the reference',
    async (code, locale) => {
      const address = `visitor-${code}@example.test`;
      const response = await postJson(stack, '/api/sendmail', {
        data: enquiry({ user_email: address, page_locale: code, user_name: `Name <b>${code}</b>` }),
      });
      expect(response.status).toBe(200);
      const { reference } = (await response.json()) as { reference: string };
      expect(reference).toMatch(/^MT-\d{6}$/);

      const mails = await capturedMail(stack);
      const staff = mails.filter((mail) => mail.subject.includes(`[의료관광 문의 ${reference}]`));
      const acks = mails.filter((mail) => mail.destination.to.includes(address));
      expect(staff).toHaveLength(1);
      expect(acks).toHaveLength(1);
      const [ack] = acks;
      expect(ack?.subject).toContain(reference);
      expect(ack?.subject).toContain(RECEIPT_TEXT[code].centreName);
      expect(ack?.body.html).toContain(`<html lang="${locale.lang}">`);
      // The visitor answers to the enquiry's reply address, on the local inbound domain the SMTP door takes mail for.
      expect(ack?.replyTo).toEqual([
        expect.stringMatching(
          new RegExp(`^reply\\+${Number(reference.slice(3))}-[a-z2-7]{26}@reply\\.medical-tourism\\.local$`),
        ),
      ]);
      expect(ack?.headers).toEqual([
        {
          name: 'References',
          value: expect.stringMatching(/^<thread\+\d+-[a-z2-7]{26}@reply\.medical-tourism\.local>$/),
        },
      ]);
      // Nothing the visitor typed is echoed to the address they gave.
      expect(`${ack?.subject}${ack?.body.text}${ack?.body.html}`).not.toContain('Name');
    },
  );
});
