// @vitest-environment happy-dom
/**
 * The enquiry form's model: the preferred-contact choices of each page in its
 * order, the checks the browser makes before sending (the same rules as the
 * server), the JSON body, and the takeover of what a visitor typed before the
 * island woke.
 */
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, CHANNEL_ORDER, CONTACT_CHANNELS } from '../../shared/contact-channels';
import { enquirySubmissionSchema } from '../../shared/enquiry';
import { LOCALE_CODES } from '../../shared/locales';
import { channelOptions } from '../../site/src/islands/enquiry/channel-options';
import { type FormValues, defaultValues, invalidFields, toWire, valuesFromForm } from '../../site/src/islands/enquiry/form-model';

const translated = { email: 'Courriel', phone: 'Téléphone' };

describe('channelOptions', () => {
  it('puts the messenger of each page first', () => {
    const first = Object.fromEntries(LOCALE_CODES.map((locale) => [locale, channelOptions(locale, translated)[0]?.value]));
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
  ...defaultValues('컨시어지', 'English', Date.UTC(2026, 10, 1)),
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
    expect(invalidFields(filled({ contact_channel: 'whatsapp', contact_account: 'call me maybe' }))).toEqual(['contact_account']);
    expect(invalidFields(filled({ contact_channel: 'whatsapp', contact_account: '12' }))).toEqual(['contact_account']);
    expect(invalidFields(filled({ contact_channel: 'wechat', contact_account: '' }))).toEqual(['contact_account']);
    expect(invalidFields(filled({ contact_channel: 'telegram', contact_account: '<script>' }))).toEqual(['contact_account']);
  });

  it('marks the channel when an account comes without one, and an unknown channel', () => {
    expect(invalidFields(filled({ contact_account: '@username' }))).toEqual(['contact_channel']);
    expect(invalidFields(filled({ contact_channel: 'myspace', contact_account: 'tom' }))).toEqual(['contact_account']);
  });

  it('still checks the e-mail address alongside', () => {
    expect(invalidFields(filled({ user_email: 'not-an-address', contact_channel: 'zalo', contact_account: 'x' }))).toEqual(['user_email', 'contact_account']);
  });

  it('agrees with the server schema on every case', () => {
    const cases: Partial<FormValues>[] = [
      {},
      { contact_channel: 'whatsapp', contact_account: '+7 900 123 45 67' },
      { contact_channel: 'whatsapp', contact_account: 'nope' },
      { contact_channel: 'line', contact_account: '' },
      { contact_channel: 'email', contact_account: '' },
      { contact_account: 'orphan_id' },
    ];
    for (const overrides of cases) {
      const values = filled(overrides);
      const server = enquirySubmissionSchema.safeParse(toWire('컨시어지', values, crypto.randomUUID(), 5_000, 'en').data);
      const refused = server.success ? [] : server.error.issues.map((issue) => String(issue.path[0]));
      expect(invalidFields(values), JSON.stringify(overrides)).toEqual(refused);
    }
  });
});

describe('toWire', () => {
  it('sends the page language, and the channel and trimmed account when given', () => {
    const chosen = toWire('병원예약', filled({ contact_channel: 'zalo', contact_account: ' 0901234567 ' }), 'id', 4_000, 'vi').data;
    expect(chosen).toMatchObject({ page_locale: 'vi', contact_channel: 'zalo', contact_account: '0901234567' });
    const none = toWire('병원예약', filled(), 'id', 4_000, 'ja').data;
    expect(none['page_locale']).toBe('ja');
    expect(none).not.toHaveProperty('contact_channel');
    expect(none).not.toHaveProperty('contact_account');
    const emailWithoutAccount = toWire('병원예약', filled({ contact_channel: 'email', contact_account: '  ' }), 'id', 4_000, 'en').data;
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
    const values = valuesFromForm(form, defaultValues('병원예약', 'Vietnamese', undefined));
    expect(values).toMatchObject({ user_name: 'Mai', contact_channel: 'zalo', contact_account: '+84 90 123 4567' });
  });
});
