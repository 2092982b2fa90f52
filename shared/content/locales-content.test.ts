/**
 * The six locales and the content data the pages are built from: routes,
 * page copy completeness, clinic video lists (the counts and start videos of
 * docs/contract.md, 'Clinic videos'), and the placeholder helpers the
 * operator relies on.
 */
import { describe, expect, it } from 'vitest';
import { CHINESE_START_VIDEO, CLINIC_VIDEOS, RUSSIAN_START_VIDEO } from './clinic-videos';
import { CONTACT, PORTAL_LINKS, SOCIAL_LINKS, telHref } from './contact';
import { COPY_KEYS, copyFor, copyProblems } from './copy';
import en from './copy/en.json';
import { SERVICE_VIDEOS, VR_VIDEOS, videoEmbedUrl, videoPageUrl } from './media';
import {
  PLACEHOLDER_MARK,
  displayText,
  isPlaceholderText,
  isPlaceholderVideoId,
  placeholderText,
  placeholderVideoId,
} from './placeholders';
import { REFERENCE_SLOT } from '../../site/src/islands/enquiry/form-model';
import { LANGUAGES, isKnownLanguage, labelOf } from '../enquiries/enums';
import { ENQUIRY_LIMITS } from '../intake/form-fields';
import { LOCALES, LOCALE_CODES, type LocaleCode, PUBLIC_PAGE_ROUTES, localeByCode, privacyRoute } from '../locales';

describe('locales', () => {
  it('has the six languages, each once', () => {
    expect([...LOCALE_CODES].sort()).toEqual(['en', 'ja', 'ko', 'ru', 'vi', 'zh']);
    expect(LOCALES.map((locale) => locale.code)).toEqual([...LOCALE_CODES]);
  });

  it('gives every locale its canonical route, lang and a unique flag', () => {
    const expected: Record<LocaleCode, { route: string; lang: string; flag: string }> = {
      en: { route: '/', lang: 'en', flag: 'US' },
      ko: { route: '/KrPage', lang: 'ko', flag: 'KR' },
      zh: { route: '/CnPage', lang: 'zh-Hans', flag: 'CN' },
      ru: { route: '/RuPage', lang: 'ru', flag: 'RU' },
      vi: { route: '/VnPage', lang: 'vi', flag: 'VN' },
      ja: { route: '/JpPage', lang: 'ja', flag: 'JP' },
    };
    for (const locale of LOCALES) {
      expect({ route: locale.route, lang: locale.lang, flag: locale.flag }, locale.code).toEqual(expected[locale.code]);
      expect(locale.label.trim(), locale.code).not.toBe('');
      expect(locale.ogLocale, locale.code).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
      expect(() => new Intl.Locale(locale.lang), locale.code).not.toThrow();
    }
    for (const field of ['route', 'lang', 'flag', 'label', 'packageSuffix', 'ogLocale'] as const) {
      expect(new Set(LOCALES.map((locale) => locale[field])).size, field).toBe(LOCALES.length);
    }
  });

  it('falls back for package text as agreed: Japanese to Chinese, Vietnamese to English, the others to themselves', () => {
    const fallbacks = Object.fromEntries(
      LOCALES.map((locale) => [locale.code, [locale.packageSuffix, locale.packageFallback]]),
    );
    expect(fallbacks).toEqual({
      en: ['en', 'en'],
      ko: ['kr', 'kr'],
      zh: ['ch', 'ch'],
      ru: ['ru', 'ru'],
      vi: ['vn', 'en'],
      ja: ['jp', 'ch'],
    });
  });

  it("starts the needed language with each page's own, named as the language menu names it", () => {
    expect(Object.fromEntries(LOCALES.map((locale) => [locale.code, locale.defaultLanguage]))).toEqual({
      en: 'English',
      ko: 'Korean',
      zh: 'Chinese',
      ru: 'Russian',
      vi: 'Vietnamese',
      ja: 'Japanese',
    });
    for (const locale of LOCALES) {
      expect(isKnownLanguage(locale.defaultLanguage), locale.code).toBe(true);
      expect(labelOf(LANGUAGES, locale.defaultLanguage, locale.code), locale.code).toBe(locale.label);
    }
  });

  it('finds a locale by code and refuses an unknown one', () => {
    for (const code of LOCALE_CODES) expect(localeByCode(code).code).toBe(code);
    expect(() => localeByCode('xx' as LocaleCode)).toThrow(/xx/);
  });

  it('lists the public page routes, /Home included, and a privacy route per locale', () => {
    expect([...PUBLIC_PAGE_ROUTES].sort()).toEqual([
      '/',
      '/CnPage',
      '/Home',
      '/JpPage',
      '/KrPage',
      '/RuPage',
      '/VnPage',
    ]);
    expect(LOCALE_CODES.map(privacyRoute)).toEqual([
      '/privacy/en',
      '/privacy/ko',
      '/privacy/zh',
      '/privacy/ru',
      '/privacy/vi',
      '/privacy/ja',
    ]);
  });
});

describe('page copy', () => {
  it('is complete in all six locales', () => {
    for (const code of LOCALE_CODES) expect(copyProblems(code), code).toEqual([]);
  });

  it('has the same keys in every locale and no empty value', () => {
    for (const code of LOCALE_CODES) {
      const copy = copyFor(code);
      expect(Object.keys(copy).sort(), code).toEqual([...COPY_KEYS].sort());
      for (const key of COPY_KEYS) expect(copy[key].trim(), `${code} ${key}`).not.toBe('');
    }
  });

  it("states the message's limit the send route takes, written as each language writes numbers", () => {
    expect(copyFor('en')['form.error.messageTooLong']).toContain('5,000 characters');
    for (const code of LOCALE_CODES) {
      const copy = copyFor(code);
      const limit = new Intl.NumberFormat(code).format(ENQUIRY_LIMITS.messageMax);
      for (const key of ['form.error.messageTooLong', 'form.messageCount'] as const) {
        expect(copy[key], `${code} ${key}`).toContain(limit);
        expect(copy[key], `${code} ${key}`).not.toContain('{messageMax}');
      }
      // The count itself is the page's to fill in, as the visitor types.
      expect(copy['form.messageCount'], code).toContain('{count}');
    }
  });

  it('uses dotted keys', () => {
    for (const key of COPY_KEYS) expect(key).toMatch(/^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/);
  });

  it('catches a missing key on a doctored copy', () => {
    const doctored: Record<string, unknown> = { ...copyFor('ru') };
    delete doctored['form.requiredMissing'];
    expect(copyProblems('ru', doctored)).toEqual(['ru: form.requiredMissing is missing']);
  });

  it('catches an extra key on a doctored copy', () => {
    expect(copyProblems('ja', { ...copyFor('ja'), 'form.unknownKey': 'x' })).toEqual([
      'ja: form.unknownKey is not a key of the English copy',
    ]);
  });

  it('catches an empty or blank value, and a value that is not text', () => {
    expect(copyProblems('vi', { ...copyFor('vi'), 'meta.title': '' })).toEqual(['vi: meta.title is empty']);
    expect(copyProblems('vi', { ...copyFor('vi'), 'meta.title': '   ' })).toEqual(['vi: meta.title is empty']);
    expect(copyProblems('zh', { ...copyFor('zh'), 'best.close': 42 })).toEqual(['zh: best.close is missing']);
  });

  it('copyFor (what the site build calls) answers every locale without refusing', () => {
    for (const code of LOCALE_CODES) expect(() => copyFor(code)).not.toThrow();
  });

  it('keeps the English reference texts the contract fixes (docs/contract.md)', () => {
    expect(en['form.requiredMissing']).toBe('Please enter required items ');
    // The old site's 'success' (docs/contract.md, 'The error catalogue') starts with a capital letter now that a sentence with the reference follows it.
    expect(en['form.success']).toBe('Sent');
    expect(en['best.close']).toBe('CLOSE');
    expect(en['about.population.value']).toBe('3.5 million');
    expect(en['about.institutions.value']).toMatch(/5,000/);
    expect(en['about.ranking.label']).toMatch(/2018/);
  });

  it('has a place for the reference in every success sentence, once', () => {
    for (const code of LOCALE_CODES)
      expect(copyFor(code)['form.successReference'].split(REFERENCE_SLOT), code).toHaveLength(2);
  });

  it('gives an address per page language, each marked until the operator fills it in', () => {
    expect(Object.keys(CONTACT.address).sort()).toEqual([...LOCALE_CODES].sort());
    expect(new Set(Object.values(CONTACT.address)).size).toBe(LOCALE_CODES.length);
  });

  it('translates every value off the English page, sentence by sentence, but the brand names', () => {
    // The same in every language on purpose: the names of the two social networks and the microblog, and the collection's name.
    const SAME_EVERYWHERE = new Set(['nav.instagram', 'nav.facebook', 'nav.weibo', 'nav.best']);
    const sentences = (text: string) =>
      text
        .split(/(?<=[.!?])\s+|(?<=[。！？])/u)
        .map((part) => part.trim())
        .filter((part) => part.length > 3);
    // The cloud provider and its translation service are named as they are called in every language (the privacy notice).
    const BRAND_PHRASES = new Set(['Amazon Web Services', 'Amazon Translate']);
    const latinPhrases = (text: string) =>
      (text.match(/[A-Za-z]+(?: [A-Za-z]+)+/g) ?? []).filter((phrase) => !BRAND_PHRASES.has(phrase));
    const english = Object.values(en as Record<string, string>);
    for (const code of LOCALE_CODES.filter((code) => code !== 'en')) {
      const copy = copyFor(code);
      for (const key of COPY_KEYS.filter((key) => !SAME_EVERYWHERE.has(key))) {
        expect(copy[key], `${code} ${key}`).not.toBe(en[key]);
        const englishSentences = new Set(sentences(en[key]));
        for (const sentence of sentences(copy[key]))
          expect(englishSentences.has(sentence), `${code} ${key}: "${sentence}"`).toBe(false);
        // Scripts other than Latin: no run of English words taken over (such as "All rights reserved").
        if (code !== 'vi')
          for (const phrase of latinPhrases(copy[key]))
            expect(
              english.some((value) => value.includes(phrase)),
              `${code} ${key}: "${phrase}"`,
            ).toBe(false);
      }
    }
  });

  it('translates the required-items message and the page title off the English page', () => {
    for (const code of LOCALE_CODES.filter((code) => code !== 'en')) {
      const copy = copyFor(code);
      expect(copy['form.requiredMissing'], code).not.toBe(en['form.requiredMissing']);
      expect(copy['meta.title'], code).not.toBe(en['meta.title']);
      expect(copy['meta.description'], code).not.toBe(en['meta.description']);
    }
  });
});

describe('clinic video lists', () => {
  const COUNTS: Record<LocaleCode, number> = { en: 29, ko: 20, ru: 30, zh: 30, vi: 33, ja: 15 };

  it.each(Object.entries(COUNTS))('has the count of docs/contract.md for %s (%i)', (code, count) => {
    expect(CLINIC_VIDEOS[code as LocaleCode].videos).toHaveLength(count);
  });

  it('starts the Russian list on 779141367 and the Chinese list on 779140662, both in their lists', () => {
    expect(RUSSIAN_START_VIDEO).toBe(779141367);
    expect(CHINESE_START_VIDEO).toBe(779140662);
    expect(CLINIC_VIDEOS.ru.start).toEqual({ videoUUID: 779141367 });
    expect(CLINIC_VIDEOS.zh.start).toEqual({ videoUUID: 779140662 });
    expect(CLINIC_VIDEOS.ru.videos.map((video) => video.videoUUID)).toContain(779141367);
    expect(CLINIC_VIDEOS.zh.videos.map((video) => video.videoUUID)).toContain(779140662);
  });

  it('starts the English list on its first item and the Korean list on one of its 20', () => {
    expect(CLINIC_VIDEOS.en.start).toEqual({ videoUUID: CLINIC_VIDEOS.en.videos[0]?.videoUUID });
    expect(CLINIC_VIDEOS.ko.start).toBe('random');
  });

  it('starts every list on one of its own videos', () => {
    for (const code of LOCALE_CODES) {
      const { start, videos } = CLINIC_VIDEOS[code];
      if (start !== 'random')
        expect(
          videos.map((video) => video.videoUUID),
          code,
        ).toContain(start.videoUUID);
    }
  });

  it('has unique ids within each list, and every stand-in id unique across all pages', () => {
    const standIns: number[] = [];
    for (const code of LOCALE_CODES) {
      const ids = CLINIC_VIDEOS[code].videos.map((video) => video.videoUUID);
      expect(new Set(ids).size, code).toBe(ids.length);
      for (const id of ids) {
        expect(Number.isSafeInteger(id) && id > 0, `${code} ${id}`).toBe(true);
        if (isPlaceholderVideoId(id)) standIns.push(id);
      }
    }
    standIns.push(...SERVICE_VIDEOS, ...VR_VIDEOS);
    expect(new Set(standIns).size).toBe(standIns.length);
  });

  it('gives every entry a title and a Korean label, the Korean labels distinct within a list', () => {
    for (const code of LOCALE_CODES) {
      const { videos } = CLINIC_VIDEOS[code];
      for (const video of videos) {
        expect(video.title.trim(), `${code} ${video.videoUUID}`).not.toBe('');
        expect(video.kr.trim(), `${code} ${video.videoUUID}`).not.toBe('');
        expect(video.kr, `${code} ${video.videoUUID}`).toMatch(/[\uac00-\ud7a3]/);
      }
      expect(new Set(videos.map((video) => video.title)).size, `${code} titles`).toBe(videos.length);
    }
  });

  it('names the 20 Korean specialties in Korean', () => {
    for (const video of CLINIC_VIDEOS.ko.videos) expect(video.title).toMatch(/[\uac00-\ud7a3]/);
  });
});

describe('placeholder helpers', () => {
  it('makes stand-in video ids unique per page and position, recognisable, and apart from the real ids', () => {
    expect(placeholderVideoId(1, 1)).not.toBe(placeholderVideoId(1, 2));
    expect(placeholderVideoId(1, 2)).not.toBe(placeholderVideoId(2, 1));
    expect(isPlaceholderVideoId(placeholderVideoId(6, 15))).toBe(true);
    expect(isPlaceholderVideoId(placeholderVideoId(8, 2))).toBe(true);
    expect(isPlaceholderVideoId(RUSSIAN_START_VIDEO)).toBe(false);
    expect(isPlaceholderVideoId(CHINESE_START_VIDEO)).toBe(false);
  });

  it('marks text as a stand-in and shows it without the marker', () => {
    const marked = placeholderText('+82-00-000-0000');
    expect(marked.startsWith(PLACEHOLDER_MARK)).toBe(true);
    expect(isPlaceholderText(marked)).toBe(true);
    expect(isPlaceholderText('+82-53-000-0000')).toBe(false);
    expect(displayText(marked)).toBe('+82-00-000-0000');
    expect(displayText('real value')).toBe('real value');
  });

  it('turns displayed phone numbers into tel: targets, marker or not', () => {
    expect(telHref(placeholderText('+82-00-000-1111'))).toBe('tel:+82000001111');
    expect(telHref('+82 (53) 123-4567')).toBe('tel:+82531234567');
  });

  it('keeps the values the old site does not give marked in one place for the operator', () => {
    const marked = [
      ...Object.values(CONTACT.address),
      CONTACT.landline,
      CONTACT.mobile,
      CONTACT.fax,
      CONTACT.email,
      ...CONTACT.customerCentres,
      ...Object.values(SOCIAL_LINKS),
      ...Object.values(PORTAL_LINKS),
    ];
    for (const value of marked) expect(isPlaceholderText(value), value).toBe(true);
    expect(CONTACT.customerCentres).toHaveLength(2);
    expect(CONTACT.copyrightYear).toBe(2023);
  });

  it('builds the video facade and embed addresses', () => {
    expect(videoPageUrl(123)).toBe('https://vimeo.com/123');
    expect(videoEmbedUrl(123)).toBe('https://player.vimeo.com/video/123?autoplay=1&dnt=1');
    expect(videoEmbedUrl(123, { loop: true })).toBe('https://player.vimeo.com/video/123?autoplay=1&dnt=1&loop=1');
  });
});
