/**
 * The receipt texts (shared/intake/receipt-text/): all six languages complete and
 * translated, agreeing with the page copy where they say the same thing, with
 * dates written as each language writes them.
 */
import { describe, expect, it } from 'vitest';
import { type CopyKey, copyFor } from '../../content/copy';
import { LOCALE_CODES, type LocaleCode } from '../../locales';
import { RECEIPT_TEXT, type ReceiptText } from '.';

/** Every text of a language, by dotted path; functions are called with sample values. */
function texts(text: ReceiptText): Record<string, string> {
  const flat: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') flat[path] = value;
    else if (typeof value === 'function')
      flat[path] = String((value as (...args: unknown[]) => unknown)(...sampleArguments(path)));
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(text, '');
  return flat;
}

function sampleArguments(path: string): unknown[] {
  if (path === 'when') return [2026, 12, 10, '09:30'];
  if (path === 'replyPromise') return [2];
  if (path === 'mail.subject') return ['MT-000123', 'CENTRE'];
  throw new Error(`No sample arguments for ${path}`);
}

const english = texts(RECEIPT_TEXT.en);

describe('receipt texts', () => {
  it('has all six languages with the same texts, none empty', () => {
    expect(Object.keys(RECEIPT_TEXT).sort()).toEqual([...LOCALE_CODES].sort());
    for (const locale of LOCALE_CODES) {
      const flat = texts(RECEIPT_TEXT[locale]);
      expect(Object.keys(flat).sort(), locale).toEqual(Object.keys(english).sort());
      for (const [path, value] of Object.entries(flat)) expect(value.trim(), `${locale} ${path}`).not.toBe('');
    }
  });

  it('translates every text off the English page', () => {
    for (const locale of LOCALE_CODES.filter((code) => code !== 'en')) {
      const flat = texts(RECEIPT_TEXT[locale]);
      for (const [path, value] of Object.entries(flat)) {
        if (path === 'colon') continue;
        expect(value, `${locale} ${path}`).not.toBe(english[path]);
      }
    }
  });

  it('says what the page copy says for the same things', () => {
    const same: [(text: ReceiptText) => string, CopyKey][] = [
      [(text) => text.centreName, 'meta.siteName'],
      [(text) => text.koreaTime, 'form.koreaTime'],
      [(text) => text.mail.detailSection, 'form.detailSection'],
      [(text) => text.mail.start, 'form.start'],
      [(text) => text.mail.checkIn, 'form.checkIn'],
      [(text) => text.mail.checkOut, 'form.checkOut'],
      [(text) => text.mail.people, 'form.count'],
      [(text) => text.mail.rooms, 'form.rooms'],
    ];
    for (const locale of LOCALE_CODES) {
      const copy = copyFor(locale);
      for (const [read, key] of same) expect(read(RECEIPT_TEXT[locale]), `${locale} ${key}`).toBe(copy[key]);
    }
  });

  it('writes a day, with and without its time, as each language does', () => {
    const expected: Record<LocaleCode, [string, string]> = {
      en: ['10 December 2026, 09:30', '1 May 2031'],
      ko: ['2026년 12월 10일 09:30', '2031년 5월 1일'],
      zh: ['2026年12月10日 09:30', '2031年5月1日'],
      ru: ['10 декабря 2026 г., 09:30', '1 мая 2031 г.'],
      vi: ['09:30, ngày 10 tháng 12 năm 2026', 'ngày 1 tháng 5 năm 2031'],
      ja: ['2026年12月10日 09:30', '2031年5月1日'],
    };
    for (const locale of LOCALE_CODES) {
      const text = RECEIPT_TEXT[locale];
      expect([text.when(2026, 12, 10, '09:30'), text.when(2031, 5, 1)], locale).toEqual(expected[locale]);
    }
  });

  it('puts the reference and the centre into every subject, and the number of days into every promise', () => {
    for (const locale of LOCALE_CODES) {
      const text = RECEIPT_TEXT[locale];
      expect(text.mail.subject('MT-000123', text.centreName), locale).toContain('MT-000123');
      expect(text.mail.subject('MT-000123', text.centreName), locale).toContain(text.centreName);
      expect(text.replyPromise(3), locale).toContain('3');
      expect(text.replyPromise(3), locale).toMatch(/9:00.18:00/);
    }
  });

  it('says "working day" in the right form for the number', () => {
    expect(RECEIPT_TEXT.en.replyPromise(1)).toContain('1 working day ');
    expect(RECEIPT_TEXT.en.replyPromise(2)).toContain('2 working days ');
    expect(
      [1, 2, 5, 11, 21, 22].map((days) => RECEIPT_TEXT.ru.replyPromise(days).match(/в течение (\d+ \S+ \S+)/)?.[1]),
    ).toEqual([
      '1 рабочего дня',
      '2 рабочих дней',
      '5 рабочих дней',
      '11 рабочих дней',
      '21 рабочего дня',
      '22 рабочих дней',
    ]);
  });
});
