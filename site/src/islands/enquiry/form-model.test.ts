// @vitest-environment happy-dom
/**
 * The enquiry form's model: the preferred-contact choices of each page in its
 * order, the checks the browser makes before sending (the same rules as the
 * server), the JSON body, and the takeover of what a visitor typed before the
 * island woke.
 */
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, CHANNEL_ORDER, CONTACT_CHANNELS } from '../../../../shared/intake/contact-channels';
import { enquirySubmissionSchema } from '../../../../shared/enquiries/enquiry-submission-schema';
import { LOCALE_CODES } from '../../../../shared/locales';
import { channelOptions } from './channel-options';
import {
  ENQUIRY_LIMITS,
  FIELDS_WITH_OWN_NOTICE,
  FORM_RESULT_ANCHORS,
  RESERVATION_PAST_GRACE_MS,
  failedFieldAnchor,
  failedFormAnchor,
} from '../../../../shared/intake/form-fields';
import { copyFor } from '../../../../shared/content/copy';
import {
  type FormValues,
  dateProblems,
  defaultValues,
  fieldMessage,
  formFieldOf,
  invalidFields,
  messageHint,
  missingRequired,
  valuesFromForm,
  withCheckIn,
} from './form-model';
import { toWire } from './form-send';
import { wireFieldMessage } from './form-model';
import { enquiryLabels } from './types';

const translated = { email: 'Courriel', phone: 'Téléphone' };

describe('channelOptions', () => {
  it('puts the messenger of each page first', () => {
    const first = Object.fromEntries(
      LOCALE_CODES.map((locale) => [locale, channelOptions(locale, translated)[0]?.value]),
    );
    expect(first).toEqual({ en: 'email', ko: 'kakaotalk', zh: 'wechat', ru: 'telegram', vi: 'zalo', ja: 'line' });
  });

  it('offers every channel once, in the page order', () => {
    for (const locale of LOCALE_CODES) {
      const values = channelOptions(locale, translated).map((option) => option.value);
      expect(values, locale).toEqual([...CHANNEL_ORDER[locale]]);
      expect([...values].sort(), locale).toEqual([...CONTACT_CHANNELS].sort());
    }
  });

  it('translates e-mail and phone and keeps the brand names', () => {
    const labels = Object.fromEntries(channelOptions('zh', translated).map((option) => [option.value, option.label]));
    expect(labels).toEqual({ ...CHANNEL_NAMES, email: 'Courriel', phone: 'Téléphone' });
    expect(labels['wechat']).toBe('WeChat');
  });
});

const filled = (overrides: Partial<FormValues> = {}): FormValues => ({
  ...defaultValues('English'),
  user_name: 'Lan',
  user_email: 'lan@example.test',
  consent_privacy: true,
  ...overrides,
});

describe('invalidFields', () => {
  it('accepts no preference, and a valid account on each kind of channel', () => {
    expect(invalidFields(filled())).toEqual([]);
    for (const [contact_channel, contact_account] of [
      ['wechat', 'wxid_example'],
      ['zalo', '+84 90 123 4567'],
      ['line', '@line_id'],
      ['kakaotalk', 'kakao_id'],
      ['whatsapp', ' +7 900 123 45 67 '],
      ['telegram', '@username'],
      ['email', ''],
      ['phone', ''],
    ] as const) {
      expect(invalidFields(filled({ contact_channel, contact_account })), contact_channel).toEqual([]);
    }
  });

  it('marks the account when it does not fit the channel, or is missing for a messenger', () => {
    expect(invalidFields(filled({ contact_channel: 'whatsapp', contact_account: 'call me maybe' }))).toEqual([
      'contact_account',
    ]);
    expect(invalidFields(filled({ contact_channel: 'whatsapp', contact_account: '12' }))).toEqual(['contact_account']);
    expect(invalidFields(filled({ contact_channel: 'wechat', contact_account: '' }))).toEqual(['contact_account']);
    expect(invalidFields(filled({ contact_channel: 'telegram', contact_account: '<script>' }))).toEqual([
      'contact_account',
    ]);
  });

  it('marks the channel when an account comes without one, and an unknown channel', () => {
    expect(invalidFields(filled({ contact_account: '@username' }))).toEqual(['contact_channel']);
    expect(invalidFields(filled({ contact_channel: 'myspace', contact_account: 'tom' }))).toEqual(['contact_account']);
  });

  it('still checks the e-mail address alongside', () => {
    expect(
      invalidFields(filled({ user_email: 'not-an-address', contact_channel: 'zalo', contact_account: 'x' })),
    ).toEqual(['user_email', 'contact_account']);
  });

  it('agrees with the server schema on every case', () => {
    const cases: Partial<FormValues>[] = [
      {},
      { contact_channel: 'whatsapp', contact_account: '+7 900 123 45 67' },
      { contact_channel: 'whatsapp', contact_account: 'nope' },
      { contact_channel: 'line', contact_account: '' },
      { contact_channel: 'email', contact_account: '' },
      { contact_account: 'orphan_id' },
      { message: 'あ'.repeat(ENQUIRY_LIMITS.messageMax) },
      { message: `${'x'.repeat(ENQUIRY_LIMITS.messageMax)}\n\n  ` },
      { message: 'x'.repeat(ENQUIRY_LIMITS.messageMax + 1) },
      // An emoji is one character, to the page and to the server alike.
      { message: '🙂'.repeat(ENQUIRY_LIMITS.messageMax) },
      { message: `${'x'.repeat(ENQUIRY_LIMITS.messageMax)}🙂` },
    ];
    for (const overrides of cases) {
      const values = filled(overrides);
      const server = enquirySubmissionSchema.safeParse(
        toWire('컨시어지', values, crypto.randomUUID(), 5_000, 'en').data,
      );
      const refused = server.success ? [] : server.error.issues.map((issue) => String(issue.path[0]));
      expect(invalidFields(values), JSON.stringify(overrides)).toEqual(refused);
    }
  });
});

describe('defaultValues', () => {
  it("starts with no date (no preference, nothing the visitor did not choose) and the page's own language", () => {
    const values = defaultValues('Japanese');
    expect(values).toMatchObject({ start: '', finish: '', language: 'Japanese', message: '' });
    for (const section of ['병원예약', '호텔예약'] as const) {
      const sent = enquirySubmissionSchema.parse(
        toWire(section, filled({ start: '', finish: '', consent_health: true }), crypto.randomUUID(), 5_000, 'ja').data,
      );
      expect(sent.start, section).toBeUndefined();
      expect(sent.finish, section).toBeUndefined();
    }
  });
});

describe('invalidFields: the message', () => {
  it('marks a message past the limit as the server counts it, and never shortens it', () => {
    const long = 'Д'.repeat(ENQUIRY_LIMITS.messageMax + 1);
    const values = filled({ message: long });
    expect(invalidFields(values)).toEqual(['message']);
    expect(values.message).toBe(long);
    expect(toWire('컨시어지', values, 'id', 5_000, 'ru').data['message']).toBe(long);
    expect(invalidFields(filled({ message: 'Д'.repeat(ENQUIRY_LIMITS.messageMax) }))).toEqual([]);
  });

  it("says so in the page's language, with the limit written as the page writes numbers", () => {
    expect(fieldMessage('message', enquiryLabels(copyFor('en')))).toBe(
      'Your message is longer than 5,000 characters. Please shorten it; nothing has been cut.',
    );
    expect(fieldMessage('message', enquiryLabels(copyFor('ru')))).toContain(
      new Intl.NumberFormat('ru').format(ENQUIRY_LIMITS.messageMax),
    );
  });
});

describe('toWire', () => {
  it('sends the page language, and the channel and trimmed account when given', () => {
    const chosen = toWire(
      '병원예약',
      filled({ contact_channel: 'zalo', contact_account: ' 0901234567 ' }),
      'id',
      4_000,
      'vi',
    ).data;
    expect(chosen).toMatchObject({ page_locale: 'vi', contact_channel: 'zalo', contact_account: '0901234567' });
    const none = toWire('병원예약', filled(), 'id', 4_000, 'ja').data;
    expect(none['page_locale']).toBe('ja');
    expect(none).not.toHaveProperty('contact_channel');
    expect(none).not.toHaveProperty('contact_account');
    const emailWithoutAccount = toWire(
      '병원예약',
      filled({ contact_channel: 'email', contact_account: '  ' }),
      'id',
      4_000,
      'en',
    ).data;
    expect(emailWithoutAccount['contact_channel']).toBe('email');
    expect(emailWithoutAccount).not.toHaveProperty('contact_account');
  });
});

describe('valuesFromForm', () => {
  it('takes over the channel and account the visitor chose before the island woke', () => {
    document.body.innerHTML = `
      <form>
        <input name="user_name" value="Mai">
        <select name="contact_channel"><option value="">-</option><option value="zalo" selected>Zalo</option></select>
        <input name="contact_account" value="+84 90 123 4567">
      </form>`;
    const form = document.querySelector('form') as HTMLFormElement;
    const values = valuesFromForm(form, defaultValues('Vietnamese'));
    expect(values).toMatchObject({ user_name: 'Mai', contact_channel: 'zalo', contact_account: '+84 90 123 4567' });
  });
});

// 2026-11-23 10:00 in Korea.
const NOW = Date.UTC(2026, 10, 23, 1, 0);

describe('dateProblems', () => {
  it('refuses a reservation time in the past in Korea, beyond the shared grace', () => {
    expect(dateProblems('병원예약', filled({ start: '2026-11-20T10:00' }), NOW)).toEqual(['start']);
    expect(dateProblems('병원예약', filled({ start: '2026-11-23T09:56' }), NOW)).toEqual([]);
    expect(dateProblems('컨시어지', filled({ start: '2026-11-23T10:30' }), NOW)).toEqual([]);
    expect(RESERVATION_PAST_GRACE_MS).toBe(5 * 60 * 1000);
  });

  it('takes today as a check-in, refuses yesterday, and a check-out before the check-in', () => {
    const hotel = (start: string, finish: string) => ({ ...defaultValues('English'), start, finish });
    expect(dateProblems('호텔예약', hotel('2026-11-23', '2026-11-24'), NOW)).toEqual([]);
    expect(dateProblems('호텔예약', hotel('2026-11-22', '2026-11-24'), NOW)).toEqual(['start']);
    expect(dateProblems('호텔예약', hotel('2026-11-28', '2026-11-25'), NOW)).toEqual(['finish']);
    expect(dateProblems('호텔예약', hotel('2026-11-25', '2026-11-25'), NOW)).toEqual([]);
  });

  it('takes an empty time as no preference', () => {
    expect(dateProblems('병원예약', filled({ start: '' }), NOW)).toEqual([]);
    expect(dateProblems('호텔예약', filled({ start: '', finish: '' }), NOW)).toEqual([]);
  });
});

describe('withCheckIn', () => {
  const stay = { ...defaultValues('English'), start: '2026-12-01', finish: '2026-12-05' };

  it('moves the check-out to the day after a check-in moved onto or past it', () => {
    expect(withCheckIn(stay, '2026-12-10')).toMatchObject({ start: '2026-12-10', finish: '2026-12-11' });
    expect(withCheckIn(stay, '2026-12-05')).toMatchObject({ start: '2026-12-05', finish: '2026-12-06' });
    expect(withCheckIn(stay, '2026-12-31')).toMatchObject({ finish: '2027-01-01' });
  });

  it('keeps the check-out when the check-in stays before it, or is not a day yet', () => {
    expect(withCheckIn(stay, '2026-12-03')).toMatchObject({ start: '2026-12-03', finish: '2026-12-05' });
    expect(withCheckIn(stay, '')).toMatchObject({ start: '', finish: '2026-12-05' });
  });
});

describe('missingRequired', () => {
  it('names a missing consent on its own when the name and e-mail are there', () => {
    expect(missingRequired('병원예약', filled({ consent_privacy: false }))).toEqual([
      'consent_privacy',
      'consent_health',
    ]);
    expect(missingRequired('컨시어지', filled({ consent_privacy: false }))).toEqual(['consent_privacy']);
  });
});

describe('messages of refused fields', () => {
  it('has a message of its own, in each language, for every field the send route may name and the page has a notice for', () => {
    for (const locale of LOCALE_CODES) {
      const labels = enquiryLabels(copyFor(locale));
      for (const field of FIELDS_WITH_OWN_NOTICE) {
        const message = wireFieldMessage(field, labels);
        expect(message, `${locale} ${field}`).not.toBe(labels['form.error.other']);
        expect(message.trim(), `${locale} ${field}`).not.toBe('');
      }
      const messages = FIELDS_WITH_OWN_NOTICE.map((field) => wireFieldMessage(field, labels));
      expect(new Set(messages).size, locale).toBe(messages.length);
    }
  });

  it('maps the wire names to the form fields, the other language included, and keeps unknown ones apart', () => {
    expect(formFieldOf('user_language')).toBe('languageOther');
    expect(formFieldOf('start')).toBe('start');
    expect(formFieldOf('consent_health')).toBe('consent_health');
    expect(formFieldOf('section')).toBeUndefined();
    expect(formFieldOf('website')).toBeUndefined();
    expect(wireFieldMessage('section', enquiryLabels(copyFor('ru')))).toBe(copyFor('ru')['form.error.other']);
  });

  it('says why in the page language: a past time, a check-out before check-in, a missing consent', () => {
    const ja = enquiryLabels(copyFor('ja'));
    expect(fieldMessage('start', ja)).toBe(copyFor('ja')['form.error.start.past']);
    expect(fieldMessage('finish', ja)).toBe(copyFor('ja')['form.error.finish.beforeStart']);
    expect(fieldMessage('consent_privacy', ja)).toBe(copyFor('ja')['form.error.consentPrivacy']);
  });

  it('fits the message hint to each section: only the hospital form asks about the condition', () => {
    const en = enquiryLabels(copyFor('en'));
    const hints = (['병원예약', '컨시어지', '호텔예약', '통역예약'] as const).map((section) =>
      messageHint(section, en),
    );
    expect(new Set(hints).size).toBe(4);
    expect(hints[0]).toMatch(/condition/);
    for (const hint of hints.slice(1)) expect(hint).not.toMatch(/condition/);
  });
});

describe('the no-JavaScript notice anchors', () => {
  it('names the first field that has a notice, else the general notice', () => {
    expect(failedFormAnchor(['start', 'finish'])).toBe('enquiry-failed-start');
    expect(failedFormAnchor(['section', 'consent_privacy'])).toBe('enquiry-failed-consent_privacy');
    expect(failedFormAnchor(['section'])).toBe(FORM_RESULT_ANCHORS.failed);
    expect(failedFormAnchor([])).toBe(FORM_RESULT_ANCHORS.failed);
    expect(new Set(FIELDS_WITH_OWN_NOTICE.map(failedFieldAnchor)).size).toBe(FIELDS_WITH_OWN_NOTICE.length);
  });
});
