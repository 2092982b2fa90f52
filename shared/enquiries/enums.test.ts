import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DETAIL_SECTION,
  DETAIL_SECTIONS,
  DETAIL_SECTION_VALUES,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  LANGUAGES,
  LANGUAGE_VALUES,
  SECTIONS,
  SECTIONS_WITH_DESTINATION,
  SECTION_VALUES,
  isKnownLanguage,
  labelOf,
  normaliseLanguage,
} from './enums';
import { LOCALE_CODES } from '../locales';

describe('wire values, in display order', () => {
  it('SECTIONS', () => {
    expect(SECTIONS.map((entry) => entry.value)).toEqual(['병원예약', '컨시어지', '호텔예약', '통역예약']);
    expect(SECTION_VALUES).toEqual(['병원예약', '컨시어지', '호텔예약', '통역예약']);
    expect(HOSPITAL_SECTION).toBe('병원예약');
    expect(HOTEL_SECTION).toBe('호텔예약');
    expect([...SECTIONS_WITH_DESTINATION]).toEqual(['컨시어지', '통역예약']);
  });

  it('DETAIL_SECTIONS', () => {
    const expected = [
      '상급/종합병원',
      '종합검진',
      '정형외과',
      '성형외과',
      '피부과',
      '치과',
      '안과',
      '산부인과',
      '한방',
      '기타',
    ];
    expect(DETAIL_SECTIONS.map((entry) => entry.value)).toEqual(expected);
    expect(DETAIL_SECTION_VALUES).toEqual(expected);
    expect(DEFAULT_DETAIL_SECTION).toBe('상급/종합병원');
  });

  it('LANGUAGES', () => {
    const values = ['English', 'Russian', 'Chinese', 'Vietnamese', 'Japanese', 'Korean'];
    expect(LANGUAGES.map((entry) => entry.value)).toEqual(values);
    expect(LANGUAGE_VALUES).toEqual(values);
  });

  it('stores the Korean values in NFC, so they compare equal to what browsers send', () => {
    for (const value of [...SECTION_VALUES, ...DETAIL_SECTION_VALUES]) expect(value).toBe(value.normalize('NFC'));
  });
});

const ENUMS = { SECTIONS, DETAIL_SECTIONS, LANGUAGES } as const;

describe('labels', () => {
  it('knows the six page locales', () => {
    expect([...LOCALE_CODES]).toEqual(['en', 'ko', 'zh', 'ru', 'vi', 'ja']);
  });

  for (const [name, entries] of Object.entries(ENUMS)) {
    it(`${name}: every entry has a non-empty label in each of the six locales and no others`, () => {
      for (const entry of entries) {
        expect(Object.keys(entry.labels).sort()).toEqual([...LOCALE_CODES].sort());
        for (const locale of LOCALE_CODES)
          expect(entry.labels[locale].trim(), `${entry.value} in ${locale}`).not.toBe('');
      }
    });

    it(`${name}: labels are distinct within each locale`, () => {
      for (const locale of LOCALE_CODES) {
        const labels = entries.map((entry) => entry.labels[locale]);
        expect(new Set(labels).size, `${name} labels in ${locale}: ${labels.join(' | ')}`).toBe(labels.length);
      }
    });
  }

  it('labels orthopaedics and plastic surgery differently on the Japanese page (the old page did not)', () => {
    expect(labelOf(DETAIL_SECTIONS, '정형외과', 'ja')).not.toBe(labelOf(DETAIL_SECTIONS, '성형외과', 'ja'));
  });

  it('uses the wire value itself as the Korean label of sections and subjects', () => {
    for (const entry of [...SECTIONS, ...DETAIL_SECTIONS]) expect(entry.labels.ko).toBe(entry.value);
  });

  it('labels known languages in each locale', () => {
    expect(labelOf(LANGUAGES, 'Japanese', 'ko')).toBe('일본어');
    expect(labelOf(LANGUAGES, 'Russian', 'ru')).toBe('Русский');
    expect(labelOf(LANGUAGES, 'Korean', 'ko')).toBe('한국어');
    expect(labelOf(LANGUAGES, 'Korean', 'ja')).toBe('韓国語');
    expect(labelOf(SECTIONS, '호텔예약', 'en')).toBe('Hotel Reservation');
    expect(labelOf(DETAIL_SECTIONS, '치과', 'zh')).toBe('牙科');
  });

  it('shows free text as it is when no entry matches', () => {
    expect(labelOf(LANGUAGES, 'Mongolian', 'ko')).toBe('Mongolian');
    expect(labelOf(LANGUAGES, '', 'en')).toBe('');
    expect(labelOf(SECTIONS, 'Unknown', 'ja')).toBe('Unknown');
    // Lookup is by exact wire value: a differently-cased language is free text.
    expect(labelOf(LANGUAGES, 'english', 'ko')).toBe('english');
  });
});

describe('normaliseLanguage', () => {
  it.each([
    ['English', 'English'],
    ['english', 'English'],
    ['ENGLISH', 'English'],
    ['rUsSiAn', 'Russian'],
    [' Chinese ', 'Chinese'],
    ['vietnamese', 'Vietnamese'],
    ['japanese', 'Japanese'],
    ['Japanes', 'Japanese'],
    ['JAPANES', 'Japanese'],
    ['Vietnames', 'Vietnamese'],
    ['  vietnames  ', 'Vietnamese'],
    ['korean', 'Korean'],
  ])('normalises %j to %j', (raw, canonical) => {
    expect(normaliseLanguage(raw)).toBe(canonical);
  });

  it('keeps free text, trimmed and otherwise unchanged', () => {
    expect(normaliseLanguage('  Mongolian ')).toBe('Mongolian');
    expect(normaliseLanguage('thai')).toBe('thai');
    expect(normaliseLanguage('日本語')).toBe('日本語');
    expect(normaliseLanguage('Englishh')).toBe('Englishh');
    expect(normaliseLanguage('   ')).toBe('');
  });

  it('isKnownLanguage accepts canonical values only', () => {
    for (const value of LANGUAGE_VALUES) expect(isKnownLanguage(value)).toBe(true);
    expect(isKnownLanguage('Japanes')).toBe(false);
    expect(isKnownLanguage('english')).toBe(false);
    expect(isKnownLanguage('Mongolian')).toBe(false);
  });
});

describe('normaliseLanguage and object property names', () => {
  it('keeps free text that happens to name an Object property', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(normaliseLanguage(word)).toBe(word);
  });
});
