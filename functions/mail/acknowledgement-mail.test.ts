/**
 * The acknowledgement mail: in the enquiry's page language, to the visitor,
 * replies to staff; the reference, what was asked for (our labels, dates in
 * Korea time), what happens next, the customer-centre numbers and the privacy
 * link. Never anything the visitor typed: the form must not be a way to send
 * one's own words to somebody else's address.
 */
import { describe, expect, it } from 'vitest';
import {
  type AcknowledgementContext,
  composeAcknowledgement,
  shouldAcknowledge,
  withVisitorPageLink,
} from './acknowledgement-mail';
import { CONTACT } from '../../shared/content/contact';
import { displayText } from '../../shared/content/placeholders';
import { DETAIL_SECTIONS, SECTIONS, labelOf } from '../../shared/enquiries/enums';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { LOCALE_CODES, type LocaleCode, localeByCode } from '../../shared/locales';
import { RECEIPT_TEXT } from '../../shared/intake/receipt-text';
import { sampleRecord } from '../../tests/support/records';

const threading = {
  replyTo: 'reply+123-abc@reply.centre.example',
  references: ['<thread+123-abc@reply.centre.example>'],
};
const PAGE_URL = 'https://centre.example/my-enquiry/en#123.secret-of-this-mail';
const context: AcknowledgementContext = {
  threading,
  siteUrl: 'https://centre.example',
  replyPromiseWorkingDays: 2,
  visitorPageUrl: PAGE_URL,
};

/** What a visitor could type to misuse the mail: links, markup, a phone number to call, a message to a victim. */
const HOSTILE = {
  NAME: 'Win a prize at http://evil.example/claim',
  CONTEXT: '<a href="https://phish.example">Your bank account is locked</a> call +1 900 555 0100',
  HOTEL: 'Hotel <img src="https://track.example/pixel.gif"> FREE MONEY',
  DESTINATION: 'www.scam.example/airport-pickup',
  LANG_PREFERENCE: 'Klingon <script>alert(1)</script>',
  CONTACT_ACCOUNT: 'victim_id_4242',
  CONTACT_NUMBER: '+44 7700 900123',
} as const;
const HOSTILE_PIECES = [
  'evil.example',
  'Win a prize',
  'phish.example',
  'bank account',
  '+1 900 555 0100',
  'track.example',
  'FREE MONEY',
  'scam.example',
  'Klingon',
  '<script',
  'victim_id_4242',
  '7700 900123',
];

function hospitalRecord(locale: LocaleCode, overrides: Partial<EnquiryRecord> = {}): EnquiryRecord {
  return sampleRecord(123, {
    ...HOSTILE,
    LOCALE: locale,
    EMAIL: 'visitor@example.test',
    MEDICAL_SECTION: '병원예약',
    DETAIL_SECTION: '치과',
    REGISTRATION_DATE: '2026-12-10 09:30',
    REGISTRATION_END: '',
    NUMBER_PEOPLE: 3,
    ROOM: 1,
    CONTACT_CHANNEL: 'kakaotalk',
    ...overrides,
  });
}

const hotelRecord = (locale: LocaleCode) =>
  hospitalRecord(locale, {
    MEDICAL_SECTION: '호텔예약',
    DETAIL_SECTION: '',
    REGISTRATION_DATE: '2031-05-01',
    REGISTRATION_END: '2031-05-05',
    NUMBER_PEOPLE: 4,
    ROOM: 2,
  });

const everyPart = (mail: { subject: string; text: string; html: string }) => [mail.subject, mail.text, mail.html];

describe('composeAcknowledgement', () => {
  it.each(LOCALE_CODES)(
    "writes to the visitor in %s, answers going to the enquiry's reply address, with the reference",
    (locale) => {
      const mail = composeAcknowledgement(hospitalRecord(locale), context);
      const text = RECEIPT_TEXT[locale];
      expect(mail.to).toBe('visitor@example.test');
      expect(mail).toMatchObject(threading);
      expect(mail.subject).toBe(text.mail.subject('MT-000123', text.centreName));
      for (const part of everyPart(mail)) expect(part).toContain('MT-000123');
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(text.mail.thanks);
        expect(part).toContain(text.replyPromise(2));
        expect(part).toContain(text.mail.notYou);
        expect(part).toContain(labelOf(SECTIONS, '병원예약', locale));
        expect(part).toContain(labelOf(DETAIL_SECTIONS, '치과', locale));
        expect(part).toContain(`${text.when(2026, 12, 10, '09:30')} ${text.koreaTime}`);
        expect(part).toContain(`${text.mail.people}`);
        expect(part).toContain(`https://centre.example/privacy/${locale}`);
        for (const number of CONTACT.customerCentres) expect(part).toContain(displayText(number));
      }
      expect(mail.html).toContain(`<html lang="${localeByCode(locale).lang}">`);
      if (locale !== 'en') {
        for (const part of everyPart(mail)) expect(part).not.toContain(RECEIPT_TEXT.en.mail.thanks);
      }
    },
  );

  it('names the date, the time and the time zone in English as people write them', () => {
    const mail = composeAcknowledgement(hospitalRecord('en'), context);
    expect(mail.text).toContain('Preferred date and time: 10 December 2026, 09:30 Korea time (KST, UTC+9)');
    expect(mail.text).toContain('Medical field: Dentistry');
    expect(mail.text).toContain('Number of people: 3');
    expect(mail.text).toContain('within 2 working days (Monday to Friday, 9:00-18:00 Korea time)');
    expect(mail.text).not.toContain('Number of rooms');
  });

  it('gives a hotel stay its check-in, check-out and rooms, and no medical field', () => {
    const mail = composeAcknowledgement(hotelRecord('ru'), context);
    const text = RECEIPT_TEXT.ru;
    expect(mail.text).toContain(`${text.mail.checkIn}: 1 мая 2031 г.`);
    expect(mail.text).toContain(`${text.mail.checkOut}: 5 мая 2031 г.`);
    expect(mail.text).toContain(`${text.mail.rooms}: 2`);
    expect(mail.text).toContain(`${text.mail.people}: 4`);
    expect(mail.text).not.toContain(text.mail.detailSection);
  });

  it('tells a date the visitor chose from no preference, in their language (Russian: no "now" made up as a wish)', () => {
    const text = RECEIPT_TEXT.ru;
    const none = composeAcknowledgement(hospitalRecord('ru', { REGISTRATION_DATE: '' }), context);
    expect(none.text).toContain(`${text.mail.start}: Без предпочтений`);
    expect(none.html).toContain(
      `${text.mail.start}</th><td style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Без предпочтений`,
    );
    const chosen = composeAcknowledgement(hospitalRecord('ru'), context);
    expect(chosen.text).toContain(`${text.mail.start}: 10 декабря 2026 г., 09:30 ${text.koreaTime}`);
    expect(chosen.text).not.toContain(text.mail.noPreference);
    const stay = composeAcknowledgement(
      hospitalRecord('ja', { MEDICAL_SECTION: '호텔예약', REGISTRATION_DATE: '', REGISTRATION_END: '' }),
      context,
    );
    expect(stay.text).toContain(`${RECEIPT_TEXT.ja.mail.checkIn}：指定なし`);
    expect(stay.text).toContain(`${RECEIPT_TEXT.ja.mail.checkOut}：指定なし`);
    for (const locale of LOCALE_CODES) {
      const mail = composeAcknowledgement(hospitalRecord(locale, { REGISTRATION_DATE: '' }), context);
      expect(mail.text, locale).toContain(
        `${RECEIPT_TEXT[locale].mail.start}${RECEIPT_TEXT[locale].colon}${RECEIPT_TEXT[locale].mail.noPreference}`,
      );
    }
  });

  it.each(LOCALE_CODES)('carries nothing the visitor typed (%s)', (locale) => {
    for (const record of [
      hospitalRecord(locale),
      hotelRecord(locale),
      hospitalRecord(locale, { MEDICAL_SECTION: '컨시어지', DETAIL_SECTION: '' }),
    ]) {
      const mail = composeAcknowledgement(record, context);
      for (const part of everyPart(mail))
        for (const piece of HOSTILE_PIECES) expect(part, `${record.MEDICAL_SECTION}: ${piece}`).not.toContain(piece);
    }
  });

  it('never echoes a stored value that is not one of our options or dates', () => {
    const odd = hospitalRecord('en', {
      DETAIL_SECTION: 'Buy pills online',
      REGISTRATION_DATE: 'tomorrow, call me',
      NUMBER_PEOPLE: 2.5,
    });
    const mail = composeAcknowledgement(odd, context);
    for (const part of everyPart(mail))
      for (const piece of ['pills', 'tomorrow', 'call me', '2.5']) expect(part).not.toContain(piece);
    expect(mail.text).not.toContain('Medical field');
  });

  it("links only to the privacy policy, the visitor's page (its own link, with its words in the page language) and the site", () => {
    for (const locale of LOCALE_CODES) {
      const mail = composeAcknowledgement(hospitalRecord(locale), { ...context, siteUrl: 'https://centre.example/' });
      for (const part of [mail.text, mail.html]) {
        const links = part.match(/https?:\/\/[^\s"<>]*/g) ?? [];
        expect(links.length, locale).toBeGreaterThan(0);
        for (const link of links)
          expect(['https://centre.example', `https://centre.example/privacy/${locale}`, PAGE_URL], locale).toContain(
            link,
          );
        expect(part, locale).toContain(PAGE_URL);
      }
      expect(mail.text, locale).toContain(
        `${RECEIPT_TEXT[locale].mail.pageLink}${RECEIPT_TEXT[locale].colon}${PAGE_URL}`,
      );
      expect(mail.subject).not.toMatch(/http/);
      expect(mail.html).not.toMatch(/<img|<script|<link|src=/i);
    }
  });

  it('keeps the subject one line of printable text', () => {
    for (const locale of LOCALE_CODES) {
      const { subject } = composeAcknowledgement(
        hospitalRecord(locale, { NAME: 'Evil\r\nBcc: victim@example.test' }),
        context,
      );
      expect(subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(subject).not.toContain('Bcc');
    }
  });

  it('refuses an address that is not a plain mailbox, and says which enquiries get an acknowledgement', () => {
    expect(() => composeAcknowledgement(hospitalRecord('en', { EMAIL: 'a@b.com?bcc=x@evil.test' }), context)).toThrow(
      RangeError,
    );
    expect(shouldAcknowledge(hospitalRecord('en'))).toBe(true);
    expect(shouldAcknowledge(hospitalRecord('en', { SPAM: true }))).toBe(false);
    expect(shouldAcknowledge(hospitalRecord('en', { EMAIL: 'not an address' }))).toBe(false);
  });
});

describe('withVisitorPageLink', () => {
  it('puts the page link below a staff reply, in the page language, in both parts, and leaves the rest as written', () => {
    const reply = {
      to: 'visitor@example.test',
      subject: 'Re',
      text: 'Здравствуйте!',
      html: '<!doctype html><html><body><p>Здравствуйте!</p>\n</body></html>',
    };
    const linked = withVisitorPageLink(reply, 'ru', PAGE_URL);
    expect(linked.text).toBe(`Здравствуйте!\n\n${RECEIPT_TEXT.ru.mail.pageLink}${RECEIPT_TEXT.ru.colon}${PAGE_URL}\n`);
    expect(linked.html).toContain(`<a href="${PAGE_URL}">${PAGE_URL}</a></p>\n</body>`);
    expect(linked.html.startsWith('<!doctype html><html><body><p>Здравствуйте!</p>')).toBe(true);
    expect({ ...linked, text: reply.text, html: reply.html }).toEqual(reply);
  });
});
