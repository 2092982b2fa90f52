import { describe, expect, it } from 'vitest';
import { DETAIL_SECTION_VALUES, SECTION_VALUES } from './enums';
import { enquiryFilterSchema, enquiryListQuerySchema } from './enquiry';
import { enquirySubmissionSchema } from './enquiry-submission-schema';
import { messageLength } from '../intake/form-fields';

/** The smallest valid enquiry: a concierge request (no health consent needed). */
const valid = {
  user_name: 'Anna',
  user_email: 'anna@example.com',
  section: '컨시어지',
  consent_privacy: true,
} as const;

function parse(input: Record<string, unknown>) {
  return enquirySubmissionSchema.safeParse(input);
}

function accepted(input: Record<string, unknown>) {
  const result = parse(input);
  if (!result.success) throw new Error(`Expected acceptance, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** The fields (dotted paths) the schema complains about. */
function refusedFields(input: Record<string, unknown>): string[] {
  const result = parse(input);
  if (result.success) throw new Error(`Expected refusal of ${JSON.stringify(input)}`);
  return [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

describe('enquirySubmissionSchema: the minimal enquiry', () => {
  it('accepts the minimal enquiry and fills the defaults', () => {
    expect(accepted(valid)).toEqual({ ...valid, user_count: 1, user_Room: 1, page_locale: 'en' });
  });

  it('trims the name and e-mail', () => {
    const data = accepted({ ...valid, user_name: '  Anna  ', user_email: ' anna@example.com ' });
    expect(data.user_name).toBe('Anna');
    expect(data.user_email).toBe('anna@example.com');
  });

  it('strips unknown fields', () => {
    const data = accepted({ ...valid, is_admin: true, POST_INDEX: 7, __proto__x: 'x' });
    expect(data).not.toHaveProperty('is_admin');
    expect(data).not.toHaveProperty('POST_INDEX');
    expect(data).not.toHaveProperty('__proto__x');
  });
});

describe('enquirySubmissionSchema: page language and contact channel', () => {
  it('keeps the page language, and refuses one that is not a page of the site', () => {
    expect(accepted({ ...valid, page_locale: 'vi' }).page_locale).toBe('vi');
    expect(refusedFields({ ...valid, page_locale: 'de' })).toEqual(['page_locale']);
  });

  it.each([
    ['whatsapp', '+7 900 123-45-67'],
    ['telegram', '@anna_petrova'],
    ['wechat', 'wxid_anna88'],
    ['line', 'anna.line'],
    ['zalo', '+84 90 123 4567'],
    ['kakaotalk', 'anna_kakao'],
    ['email', ''],
    ['phone', ''],
  ])('accepts %s with %j', (channel, account) => {
    const data = accepted({ ...valid, contact_channel: channel, contact_account: account });
    expect(data.contact_channel).toBe(channel);
  });

  it.each([
    ['whatsapp', 'not a number'],
    ['telegram', '@a'],
    ['zalo', '12'],
    ['line', '<script>'],
    ['wechat', ''],
    ['kakaotalk', 'x'.repeat(101)],
  ])('refuses %s with %j, naming the account', (channel, account) => {
    expect(refusedFields({ ...valid, contact_channel: channel, contact_account: account })).toEqual([
      'contact_account',
    ]);
  });

  it('refuses an account without a channel, and a channel that is not on the list', () => {
    expect(refusedFields({ ...valid, contact_account: '@anna' })).toEqual(['contact_channel']);
    expect(refusedFields({ ...valid, contact_channel: 'icq', contact_account: '12345' })).toEqual(['contact_channel']);
  });
});

describe('enquirySubmissionSchema: required name and e-mail', () => {
  for (const field of ['user_name', 'user_email'] as const) {
    it(`refuses a missing ${field}`, () => {
      const { [field]: _omitted, ...rest } = valid;
      expect(refusedFields(rest)).toEqual([field]);
    });

    it(`refuses an empty ${field}`, () => {
      expect(refusedFields({ ...valid, [field]: '' })).toEqual([field]);
    });

    it(`refuses a whitespace-only ${field}`, () => {
      expect(refusedFields({ ...valid, [field]: '   \t ' })).toEqual([field]);
    });

    it(`refuses a non-string ${field}`, () => {
      expect(refusedFields({ ...valid, [field]: 42 })).toEqual([field]);
    });
  }

  it('reports both when both are missing', () => {
    expect(refusedFields({ section: '컨시어지', consent_privacy: true }).sort()).toEqual(['user_email', 'user_name']);
  });
});

describe('enquirySubmissionSchema: e-mail shape', () => {
  it.each(['anna@example.com', 'a.b+c@sub.example.co.kr', "o'brien@example.ie", 'x@xn--e1afmkfd.xn--p1ai'])(
    'accepts %s',
    (email) => {
      expect(accepted({ ...valid, user_email: email }).user_email).toBe(email);
    },
  );

  it('stores an internationalised domain in its ASCII form, and the domain in lower case', () => {
    expect(accepted({ ...valid, user_email: 'ivan@пример.рф' }).user_email).toBe('ivan@xn--e1afmkfd.xn--p1ai');
    expect(accepted({ ...valid, user_email: ' Anna@Example.COM ' }).user_email).toBe('Anna@example.com');
  });

  it.each([
    'anna',
    'anna@',
    '@example.com',
    'an na@example.com',
    'a@b@c.d',
    'anna@exa mple.com',
    'a@b',
    '=?utf-8?q?x?=@b.com',
    'a@b.com?bcc=x@evil.test',
    'a%40evil.test@b.com',
    'a&b=c@b.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example.com\r\nBcc: x@evil.test',
    'иван@пример.рф',
  ])('refuses %j', (email) => {
    expect(refusedFields({ ...valid, user_email: email })).toEqual(['user_email']);
  });
});

describe('enquirySubmissionSchema: length caps', () => {
  it('caps the name at 100 characters', () => {
    expect(accepted({ ...valid, user_name: 'n'.repeat(100) }).user_name).toHaveLength(100);
    expect(refusedFields({ ...valid, user_name: 'n'.repeat(101) })).toEqual(['user_name']);
  });

  it('counts the name after trimming', () => {
    expect(accepted({ ...valid, user_name: `  ${'n'.repeat(100)}  ` }).user_name).toHaveLength(100);
  });

  it('caps the e-mail at 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.ee.com`;
    expect(at254).toHaveLength(254);
    expect(accepted({ ...valid, user_email: at254 }).user_email).toBe(at254);
    expect(refusedFields({ ...valid, user_email: `a${at254}` })).toEqual(['user_email']);
  });

  it('caps the phone at 40 characters', () => {
    expect(accepted({ ...valid, phone: '1'.repeat(40) }).phone).toHaveLength(40);
    expect(refusedFields({ ...valid, phone: '1'.repeat(41) })).toEqual(['phone']);
  });

  it('refuses a message past 5,000 characters whole, saying so, and never cuts it', () => {
    expect(accepted({ ...valid, message: 'm'.repeat(5_000) }).message).toHaveLength(5_000);
    // Counted as messageLength counts it, which the page's counter shows: trimmed, an emoji one character.
    for (const fits of [`  ${'м'.repeat(5_000)}\n`, '🙂'.repeat(5_000)]) {
      expect(messageLength(fits)).toBe(5_000);
      expect(accepted({ ...valid, message: fits }).message).toBe(fits.trim());
    }
    for (const long of ['m'.repeat(5_001), '漢'.repeat(5_001), `${'m'.repeat(5_000)}🙂`]) {
      expect(messageLength(long)).toBe(5_001);
      const result = parse({ ...valid, message: long });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['message', 'At most 5,000 characters; nothing was stored or cut, shorten it and send it again'],
      ]);
    }
  });

  it('caps destination at 200 characters (concierge)', () => {
    expect(accepted({ ...valid, destination: 'd'.repeat(200) }).destination).toHaveLength(200);
    expect(refusedFields({ ...valid, destination: 'd'.repeat(201) })).toEqual(['destination']);
  });

  it('caps hotel at 200 characters (hotel reservation)', () => {
    const hotel = { ...valid, section: '호텔예약' };
    expect(accepted({ ...hotel, hotel: 'h'.repeat(200) }).hotel).toHaveLength(200);
    expect(refusedFields({ ...hotel, hotel: 'h'.repeat(201) })).toEqual(['hotel']);
  });
});

describe('enquirySubmissionSchema: phone', () => {
  it.each(['+82 10-1234-5678', '(02) 123.4567', '010/1234/5678', '0101234567'])('accepts %j', (phone) => {
    expect(accepted({ ...valid, phone }).phone).toBe(phone);
  });

  it.each(['call me', '+82 10 1234 5678 ext', '010-1234-5678<script>', '010１２３４'])('refuses %j', (phone) => {
    expect(refusedFields({ ...valid, phone })).toEqual(['phone']);
  });

  it('treats an empty or blank phone as absent', () => {
    expect(accepted({ ...valid, phone: '' }).phone).toBeUndefined();
    expect(accepted({ ...valid, phone: '   ' }).phone).toBeUndefined();
  });
});

describe('enquirySubmissionSchema: section', () => {
  it('has exactly four values', () => {
    expect(SECTION_VALUES).toHaveLength(4);
  });

  it.each(['병원예약', '컨시어지', '호텔예약', '통역예약'])('accepts %s', (section) => {
    const data = accepted({ ...valid, section, consent_health: true });
    expect(data.section).toBe(section);
  });

  it.each(['', 'ALL', 'Hospital Reservation', '병원 예약', 'hotel', ' 병원예약'])('refuses %j', (section) => {
    expect(refusedFields({ ...valid, section })).toContain('section');
  });

  it('refuses a missing section', () => {
    const { section: _omitted, ...rest } = valid;
    expect(refusedFields(rest)).toEqual(['section']);
  });
});

describe('enquirySubmissionSchema: detail_section', () => {
  it('has exactly ten values', () => {
    expect(DETAIL_SECTION_VALUES).toHaveLength(10);
  });

  it.each(['상급/종합병원', '종합검진', '정형외과', '성형외과', '피부과', '치과', '안과', '산부인과', '한방', '기타'])(
    'accepts %s',
    (detail) => {
      expect(accepted({ ...valid, detail_section: detail }).detail_section).toBe(detail);
    },
  );

  it.each(['Dentistry', '내과', '치과 ', 'ALL'])('refuses %j', (detail) => {
    expect(refusedFields({ ...valid, detail_section: detail })).toEqual(['detail_section']);
  });

  it('treats an empty detail_section as absent', () => {
    expect(accepted({ ...valid, detail_section: '' }).detail_section).toBeUndefined();
  });
});

describe('enquirySubmissionSchema: user_count and user_Room', () => {
  const cases = [
    { field: 'user_count', max: 10 },
    { field: 'user_Room', max: 5 },
  ] as const;

  for (const { field, max } of cases) {
    it(`${field}: accepts 1..${max} as numbers`, () => {
      for (let n = 1; n <= max; n += 1) expect(accepted({ ...valid, [field]: n })[field]).toBe(n);
    });

    it(`${field}: accepts numeric strings (form posts)`, () => {
      expect(accepted({ ...valid, [field]: '1' })[field]).toBe(1);
      expect(accepted({ ...valid, [field]: String(max) })[field]).toBe(max);
      expect(accepted({ ...valid, [field]: ' 2 ' })[field]).toBe(2);
    });

    it(`${field}: defaults to 1 when absent or empty`, () => {
      expect(accepted(valid)[field]).toBe(1);
      expect(accepted({ ...valid, [field]: '' })[field]).toBe(1);
      expect(accepted({ ...valid, [field]: '  ' })[field]).toBe(1);
      expect(accepted({ ...valid, [field]: undefined })[field]).toBe(1);
    });

    it.each([0, max + 1, 1.5, -1, '0', String(max + 1), '1.5', 'abc', '2a', true, null])(
      `${field}: refuses %j`,
      (value) => {
        expect(refusedFields({ ...valid, [field]: value })).toEqual([field]);
      },
    );
  }
});

describe('enquirySubmissionSchema: start and finish formats', () => {
  const hotel = { ...valid, section: '호텔예약' };

  it.each(['2026-12-01 09:30', '2026-12-01', '2028-02-29', '2026-12-31 23:59', '2026-12-01 00:00'])(
    'accepts start %j',
    (start) => {
      expect(accepted({ ...valid, start }).start).toBe(start);
    },
  );

  it('takes the date-time input shape of a plain form post (YYYY-MM-DDTHH:mm) as the wire format', () => {
    expect(accepted({ ...valid, start: '2026-12-01T09:30' }).start).toBe('2026-12-01 09:30');
  });

  it('trims the start', () => {
    expect(accepted({ ...valid, start: ' 2026-12-01 09:30 ' }).start).toBe('2026-12-01 09:30');
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-12-01 24:00',
    '2026-12-01 12:60',
    '2026/01/01',
    '2026-1-1',
    '2026-12-01T09:30:00',
    '2026-12-01T9:30',
    '2026-12-01 9:30',
    '2026-12-01 09:30:00',
    'tomorrow',
  ])('refuses start %j', (start) => {
    expect(refusedFields({ ...valid, start })).toEqual(['start']);
  });

  it('treats an empty start as absent', () => {
    expect(accepted({ ...valid, start: '' }).start).toBeUndefined();
  });

  it('accepts a hotel stay with both formats and refuses a bad finish', () => {
    expect(accepted({ ...hotel, start: '2026-12-01', finish: '2026-12-05' }).finish).toBe('2026-12-05');
    expect(accepted({ ...hotel, start: '2026-12-01 14:00', finish: '2026-12-05 11:00' }).finish).toBe(
      '2026-12-05 11:00',
    );
    expect(refusedFields({ ...hotel, finish: '2026-02-30' })).toEqual(['finish']);
    expect(refusedFields({ ...hotel, finish: '2026/12/05' })).toEqual(['finish']);
  });

  it('refuses a finish before the start', () => {
    expect(refusedFields({ ...hotel, start: '2026-12-05', finish: '2026-12-04' })).toEqual(['finish']);
    expect(refusedFields({ ...hotel, start: '2026-12-05 10:00', finish: '2026-12-05 09:59' })).toEqual(['finish']);
  });

  it('accepts a finish equal to the start', () => {
    expect(accepted({ ...hotel, start: '2026-12-05', finish: '2026-12-05' }).finish).toBe('2026-12-05');
  });

  it('accepts a finish without a start', () => {
    expect(accepted({ ...hotel, finish: '2026-12-05' }).finish).toBe('2026-12-05');
  });
});

describe('enquirySubmissionSchema: fields that belong to one section', () => {
  it('accepts destination for concierge and interpretation', () => {
    expect(accepted({ ...valid, section: '컨시어지', destination: 'Incheon Airport' }).destination).toBe(
      'Incheon Airport',
    );
    expect(accepted({ ...valid, section: '통역예약', destination: 'Busan Station' }).destination).toBe('Busan Station');
  });

  it('refuses destination for hospital and hotel reservations', () => {
    expect(refusedFields({ ...valid, section: '병원예약', consent_health: true, destination: 'Airport' })).toEqual([
      'destination',
    ]);
    expect(refusedFields({ ...valid, section: '호텔예약', destination: 'Airport' })).toEqual(['destination']);
  });

  it('treats an empty destination as absent wherever it is sent (form posts send every input)', () => {
    expect(accepted({ ...valid, section: '호텔예약', destination: '' }).destination).toBeUndefined();
  });

  it('accepts hotel and finish only for hotel reservations', () => {
    expect(accepted({ ...valid, section: '호텔예약', hotel: 'Lotte', finish: '2026-12-02' })).toMatchObject({
      hotel: 'Lotte',
      finish: '2026-12-02',
    });
    for (const section of ['병원예약', '컨시어지', '통역예약']) {
      const base = { ...valid, section, consent_health: true };
      expect(refusedFields({ ...base, hotel: 'Lotte' })).toEqual(['hotel']);
      expect(refusedFields({ ...base, finish: '2026-12-02' })).toEqual(['finish']);
    }
  });

  it('treats empty hotel and finish as absent outside hotel reservations', () => {
    const data = accepted({ ...valid, section: '통역예약', hotel: '', finish: ' ' });
    expect(data.hotel).toBeUndefined();
    expect(data.finish).toBeUndefined();
  });
});

describe('enquirySubmissionSchema: consents', () => {
  it.each([true, 'on', 'true', 'TRUE', ' on '])('accepts consent_privacy %j', (consent) => {
    expect(accepted({ ...valid, consent_privacy: consent }).consent_privacy).toBe(true);
  });

  it.each([false, 'false', 'off', '', 'no', 0, null])('refuses consent_privacy %j', (consent) => {
    expect(refusedFields({ ...valid, consent_privacy: consent })).toEqual(['consent_privacy']);
  });

  it('refuses a missing consent_privacy', () => {
    const { consent_privacy: _omitted, ...rest } = valid;
    expect(refusedFields(rest)).toEqual(['consent_privacy']);
  });

  it('requires consent_health for a hospital reservation', () => {
    const hospital = { ...valid, section: '병원예약' };
    expect(refusedFields(hospital)).toEqual(['consent_health']);
    expect(refusedFields({ ...hospital, consent_health: false })).toEqual(['consent_health']);
    expect(refusedFields({ ...hospital, consent_health: '' })).toEqual(['consent_health']);
    expect(accepted({ ...hospital, consent_health: true }).consent_health).toBe(true);
    expect(accepted({ ...hospital, consent_health: 'on' }).consent_health).toBe(true);
  });

  it.each(['컨시어지', '호텔예약', '통역예약'])('does not require consent_health for %s', (section) => {
    expect(accepted({ ...valid, section }).section).toBe(section);
  });
});

describe('enquirySubmissionSchema: submission_id', () => {
  it('accepts a UUID', () => {
    const id = '3f0e2a5c-8b1d-4c7e-9a2f-6d5b4c3a2e1f';
    expect(accepted({ ...valid, submission_id: id }).submission_id).toBe(id);
    const random = crypto.randomUUID();
    expect(accepted({ ...valid, submission_id: random }).submission_id).toBe(random);
  });

  it.each([
    'abc',
    '12345',
    '3f0e2a5c8b1d4c7e9a2f6d5b4c3a2e1f',
    '3f0e2a5c-8b1d-4c7e-9a2f-6d5b4c3a2e1',
    'zzzzzzzz-zzzz-4zzz-9zzz-zzzzzzzzzzzz',
  ])('refuses %j', (id) => {
    expect(refusedFields({ ...valid, submission_id: id })).toEqual(['submission_id']);
  });

  it('treats an empty submission_id as absent', () => {
    expect(accepted({ ...valid, submission_id: '' }).submission_id).toBeUndefined();
  });
});

describe('enquirySubmissionSchema: user_language', () => {
  it.each([
    ['Japanes', 'Japanese'],
    ['japanes', 'Japanese'],
    ['Vietnames', 'Vietnamese'],
    ['VIETNAMES', 'Vietnamese'],
    ['english', 'English'],
    ['ENGLISH', 'English'],
    ['  Russian ', 'Russian'],
    ['cHiNeSe', 'Chinese'],
    ['Japanese', 'Japanese'],
    ['vietnamese', 'Vietnamese'],
    ['Korean', 'Korean'],
    ['korean', 'Korean'],
  ])('normalises %j to %j', (raw, canonical) => {
    expect(accepted({ ...valid, user_language: raw }).user_language).toBe(canonical);
  });

  it('keeps free text, trimmed', () => {
    expect(accepted({ ...valid, user_language: '  Mongolian  ' }).user_language).toBe('Mongolian');
    expect(accepted({ ...valid, user_language: 'Қазақ тілі' }).user_language).toBe('Қазақ тілі');
  });

  it('allows 50 characters of free text and refuses more', () => {
    expect(accepted({ ...valid, user_language: 'x'.repeat(50) }).user_language).toHaveLength(50);
    expect(accepted({ ...valid, user_language: `  ${'x'.repeat(50)}  ` }).user_language).toHaveLength(50);
    expect(refusedFields({ ...valid, user_language: 'x'.repeat(51) })).toEqual(['user_language']);
  });

  it('treats an empty or blank language as absent', () => {
    expect(accepted({ ...valid, user_language: '' }).user_language).toBeUndefined();
    expect(accepted({ ...valid, user_language: '   ' }).user_language).toBeUndefined();
  });

  it('refuses a non-string language', () => {
    expect(refusedFields({ ...valid, user_language: 7 })).toEqual(['user_language']);
  });
});

describe('enquirySubmissionSchema: spam-defence fields', () => {
  it('reads form_fill_ms as whole milliseconds, from a number or digits', () => {
    expect(accepted({ ...valid, form_fill_ms: 45_000 }).form_fill_ms).toBe(45_000);
    expect(accepted({ ...valid, form_fill_ms: '45000' }).form_fill_ms).toBe(45_000);
    expect(accepted({ ...valid, form_fill_ms: '-5' }).form_fill_ms).toBe(-5);
    expect(accepted({ ...valid, form_fill_ms: '' }).form_fill_ms).toBeUndefined();
    expect(refusedFields({ ...valid, form_fill_ms: 'soon' })).toEqual(['form_fill_ms']);
    expect(refusedFields({ ...valid, form_fill_ms: 1.5 })).toEqual(['form_fill_ms']);
  });

  it('keeps a filled honeypot and drops an empty one', () => {
    expect(accepted({ ...valid, website: 'http://spam.example' }).website).toBe('http://spam.example');
    expect(accepted({ ...valid, website: '' }).website).toBeUndefined();
  });
});

describe('enquiryFilterSchema', () => {
  it("reads section 'ALL' or '' as no section", () => {
    expect(enquiryFilterSchema.parse({ section: 'ALL' })).toEqual({});
    expect(enquiryFilterSchema.parse({ section: '' })).toEqual({});
    expect(enquiryFilterSchema.parse({})).toEqual({});
  });

  it('accepts each section and refuses anything else', () => {
    for (const section of SECTION_VALUES) expect(enquiryFilterSchema.parse({ section })).toEqual({ section });
    expect(enquiryFilterSchema.safeParse({ section: 'all' }).success).toBe(false);
    expect(enquiryFilterSchema.safeParse({ section: 'hotel' }).success).toBe(false);
  });

  it('accepts from and to days, empty meaning absent', () => {
    expect(enquiryFilterSchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(enquiryFilterSchema.parse({ from: '', to: '' })).toEqual({});
    expect(enquiryFilterSchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });

  it.each(['2026-02-30', '2026-01-01 10:00', '2026/01/01', '20260101', 'yesterday'])('refuses the day %j', (day) => {
    const from = enquiryFilterSchema.safeParse({ from: day });
    const to = enquiryFilterSchema.safeParse({ to: day });
    expect(from.success).toBe(false);
    expect(to.success).toBe(false);
    if (!from.success) expect(from.error.issues[0]?.path).toEqual(['from']);
    if (!to.success) expect(to.error.issues[0]?.path).toEqual(['to']);
  });

  it('refuses to before from', () => {
    const result = enquiryFilterSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['to']);
  });

  it('reads the spam flag as a checkbox', () => {
    expect(enquiryFilterSchema.parse({ spam: 'true' })).toEqual({ spam: true });
    expect(enquiryFilterSchema.parse({ spam: 'false' })).toEqual({ spam: false });
  });
});

describe('enquiryListQuerySchema', () => {
  it('defaults limit to 13 and keeps the filter', () => {
    expect(enquiryListQuerySchema.parse({})).toEqual({ limit: 13 });
    expect(enquiryListQuerySchema.parse({ section: 'ALL', limit: '' })).toEqual({ limit: 13 });
    expect(enquiryListQuerySchema.parse({ section: '호텔예약', from: '2026-01-01', limit: 20 })).toEqual({
      section: '호텔예약',
      from: '2026-01-01',
      limit: 20,
    });
  });

  it('accepts limit 1 to 100 and refuses outside', () => {
    expect(enquiryListQuerySchema.parse({ limit: 1 }).limit).toBe(1);
    expect(enquiryListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of [0, 101, 1.5, '-1', 'many'])
      expect(enquiryListQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('accepts page from 1 and refuses 0, negatives and fractions', () => {
    expect(enquiryListQuerySchema.parse({ page: 1 }).page).toBe(1);
    expect(enquiryListQuerySchema.parse({ page: '7' }).page).toBe(7);
    expect(enquiryListQuerySchema.parse({ page: '' }).page).toBeUndefined();
    for (const page of [0, '0', -1, 2.5, 'two']) expect(enquiryListQuerySchema.safeParse({ page }).success).toBe(false);
  });

  it('still refuses to before from', () => {
    expect(enquiryListQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });

  it('keeps a cursor, empty meaning absent, and strips unknown fields', () => {
    expect(enquiryListQuerySchema.parse({ cursor: '42', extra: 'x' })).toEqual({ cursor: '42', limit: 13 });
    expect(enquiryListQuerySchema.parse({ cursor: '' })).toEqual({ limit: 13 });
  });
});

describe('enquirySubmissionSchema: the other language of a plain form post', () => {
  it('takes the visitor\'s words from user_language_other when user_language is "other"', () => {
    const data = accepted({ ...valid, user_language: 'other', user_language_other: ' Mongolian ' });
    expect(data.user_language).toBe('Mongolian');
    expect(data).not.toHaveProperty('user_language_other');
  });

  it('ignores user_language_other when a listed language is chosen', () => {
    expect(accepted({ ...valid, user_language: 'Russian', user_language_other: 'Mongolian' }).user_language).toBe(
      'Russian',
    );
  });

  it('caps the other language at 50 characters', () => {
    expect(refusedFields({ ...valid, user_language: 'OTHER', user_language_other: 'x'.repeat(51) })).toEqual([
      'user_language',
    ]);
  });
});
