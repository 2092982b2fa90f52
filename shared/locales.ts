/**
 * The six public languages, defined once. Everything that varies by page
 * language (routes, `lang` attributes, package field suffixes, the language
 * the enquiry forms start with) is read from here.
 */
export const LOCALE_CODES = ['en', 'ko', 'zh', 'ru', 'vi', 'ja'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

/** Suffix of the multilingual best-package fields (`TITLE_kr`, `CONTENT_ch`, ...). */
export type PackageSuffix = 'kr' | 'en' | 'ch' | 'ru' | 'jp' | 'vn';

export interface Locale {
  code: LocaleCode;
  /** BCP 47 tag for `<html lang>` and `hreflang`. */
  lang: string;
  /** Canonical page route. */
  route: string;
  /** Name of the language in itself, for the language menu. */
  label: string;
  /** Country shown by the flag and the compact dropdown. */
  flag: 'US' | 'KR' | 'CN' | 'RU' | 'VN' | 'JP';
  packageSuffix: PackageSuffix;
  /** Package suffix used when this locale's own package fields are empty. */
  packageFallback: PackageSuffix;
  /** Open Graph `og:locale`. */
  ogLocale: string;
  /**
   * The page's own language, as the enquiry forms' language wire value
   * (shared/enquiries/enums.ts `LANGUAGES`): every form offers it and starts
   * with it chosen, since a visitor reading this page most likely needs it.
   */
  defaultLanguage: 'English' | 'Korean' | 'Chinese' | 'Russian' | 'Vietnamese' | 'Japanese';
}

export const LOCALES: readonly Locale[] = [
  {
    code: 'en',
    lang: 'en',
    route: '/',
    label: 'English',
    flag: 'US',
    packageSuffix: 'en',
    packageFallback: 'en',
    ogLocale: 'en_US',
    defaultLanguage: 'English',
  },
  {
    code: 'ko',
    lang: 'ko',
    route: '/KrPage',
    label: '한국어',
    flag: 'KR',
    packageSuffix: 'kr',
    packageFallback: 'kr',
    ogLocale: 'ko_KR',
    defaultLanguage: 'Korean',
  },
  {
    code: 'zh',
    lang: 'zh-Hans',
    route: '/CnPage',
    label: '中文',
    flag: 'CN',
    packageSuffix: 'ch',
    packageFallback: 'ch',
    ogLocale: 'zh_CN',
    defaultLanguage: 'Chinese',
  },
  {
    code: 'ru',
    lang: 'ru',
    route: '/RuPage',
    label: 'Русский',
    flag: 'RU',
    packageSuffix: 'ru',
    packageFallback: 'ru',
    ogLocale: 'ru_RU',
    defaultLanguage: 'Russian',
  },
  {
    code: 'vi',
    lang: 'vi',
    route: '/VnPage',
    label: 'Tiếng Việt',
    flag: 'VN',
    packageSuffix: 'vn',
    packageFallback: 'en',
    ogLocale: 'vi_VN',
    defaultLanguage: 'Vietnamese',
  },
  {
    code: 'ja',
    lang: 'ja',
    route: '/JpPage',
    label: '日本語',
    flag: 'JP',
    packageSuffix: 'jp',
    packageFallback: 'ch',
    ogLocale: 'ja_JP',
    defaultLanguage: 'Japanese',
  },
];

export function localeByCode(code: LocaleCode): Locale {
  const locale = LOCALES.find((candidate) => candidate.code === code);
  if (!locale) throw new Error(`Unknown locale ${code}`);
  return locale;
}

/** Routes that serve a public language page (including `/Home`, which serves English). */
export const PUBLIC_PAGE_ROUTES: readonly string[] = [...LOCALES.map((locale) => locale.route), '/Home'];

/** The privacy-policy page of a locale. */
export function privacyRoute(code: LocaleCode): string {
  return `/privacy/${code}`;
}
