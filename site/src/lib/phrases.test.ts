/**
 * Where headings and short buttons may break, found at build time: BudouX
 * phrases for Japanese and Chinese, words with one-syllable words bound
 * forward for Korean, the text as it is elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { copyFor } from '../../../shared/content/copy';
import { LOCALE_CODES } from '../../../shared/locales';
import { phrases } from './phrases';

describe('phrases', () => {
  it('splits the Japanese headline into phrases, keeping punctuation with the phrase before it', () => {
    expect(phrases('世界水準の医療を、ひとつの都市で。専任チームがそばにいます', 'ja')).toEqual([
      '世界水準の',
      '医療を、',
      'ひとつの',
      '都市で。',
      '専任チームが',
      'そばに',
      'います',
    ]);
  });

  it('keeps a Chinese number and measure word with its noun, and a run of single characters together', () => {
    expect(phrases('世界一流的医疗，一座城市，一个团队全程陪伴', 'zh')).toEqual([
      '世界',
      '一流',
      '的',
      '医疗，',
      '一座城市，',
      '一个团队',
      '全程',
      '陪伴',
    ]);
  });

  it('binds a one-syllable Korean word to the next word with a no-break space', () => {
    expect(phrases('세계 수준의 의료, 한 도시에서, 한 팀이 곁에서', 'ko')).toEqual([
      '세계 수준의 의료, 한\u00a0도시에서, 한\u00a0팀이 곁에서',
    ]);
    expect(phrases('문의하기', 'ko')).toEqual(['문의하기']);
  });

  it('leaves English, Russian and Vietnamese text as it is', () => {
    for (const locale of ['en', 'ru', 'vi'] as const)
      expect(phrases('Кардиоторакальная хирургия', locale)).toEqual(['Кардиоторакальная хирургия']);
  });

  it('gives back every heading of every page whole, phrase by phrase', () => {
    for (const locale of LOCALE_CODES) {
      const copy = copyFor(locale);
      for (const key of ['banner.title', 'about.heading', 'videos.heading', 'contact.heading'] as const) {
        expect(phrases(copy[key], locale).join('').replaceAll('\u00a0', ' '), `${locale} ${key}`).toBe(copy[key]);
      }
    }
  });
});
