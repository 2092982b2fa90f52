import { describe, expect, it } from 'vitest';
import { DETAIL_SECTIONS, LANGUAGES, SECTIONS } from '../../../shared/enquiries/enums';
import { productTerminology, terminologyFile, terminologyVersion } from './terminology';

describe("the engine's terminology", () => {
  it("holds each section, medical subject and interpreter language in the six page languages, and the centre's name", () => {
    const { languages, rows } = productTerminology();
    expect(languages).toEqual(['en', 'ko', 'zh', 'ru', 'vi', 'ja']);
    const korean = rows.map((row) => row[languages.indexOf('ko')]);
    for (const entry of [...SECTIONS, ...DETAIL_SECTIONS, ...LANGUAGES].filter((item) => item.value !== '기타'))
      expect(korean).toContain(entry.labels.ko);
    expect(rows).toContainEqual([
      'Orthopaedics',
      '정형외과',
      '骨科',
      'Ортопедия',
      'Chấn thương chỉnh hình',
      '整形外科',
    ]);
    expect(rows.at(-1)?.[languages.indexOf('en')]).toBe('Medical Tourism Centre');
    // "Other" as a term would turn every "other" in a sentence into a label.
    expect(korean).not.toContain('기타');
  });

  it('is one TSV file, a language code a column on its first line, whose version changes with its words', () => {
    const file = terminologyFile();
    const lines = file.trimEnd().split('\n');
    expect(lines[0]).toBe('en\tko\tzh\tru\tvi\tja');
    expect(lines.every((line) => line.split('\t').length === 6)).toBe(true);
    expect(terminologyVersion(file)).toBe(terminologyVersion(terminologyFile()));
    expect(terminologyVersion(file)).not.toBe(
      terminologyVersion(terminologyFile({ languages: ['en', 'ko'], rows: [['Clinic', '의원']] })),
    );
  });

  it('refuses a label that would break the file', () => {
    expect(() => terminologyFile({ languages: ['en', 'ko'], rows: [['a\tb', '가']] })).toThrow('one line of text');
    expect(() => terminologyFile({ languages: ['en', 'ko'], rows: [['Clinic', ' ']] })).toThrow('one line of text');
  });
});
