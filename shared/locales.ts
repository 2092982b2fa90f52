/**
 * The six public languages, defined once. Everything that varies by page
 * language (routes, `lang` attributes, package field suffixes, default
 * interpreter language) is read from here.
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
}

export const LOCALES: readonly Locale[] = [
  { code: 'en', lang: 'en', route: '/', label: 'English', flag: 'US', packageSuffix: 'en', packageFallback: 'en' },
  { code: 'ko', lang: 'ko', route: '/KrPage', label: '한국어', flag: 'KR', packageSuffix: 'kr', packageFallback: 'kr' },
  { code: 'zh', lang: 'zh-Hans', route: '/CnPage', label: '中文', flag: 'CN', packageSuffix: 'ch', packageFallback: 'ch' },
  { code: 'ru', lang: 'ru', route: '/RuPage', label: 'Русский', flag: 'RU', packageSuffix: 'ru', packageFallback: 'ru' },
  { code: 'vi', lang: 'vi', route: '/VnPage', label: 'Tiếng Việt', flag: 'VN', packageSuffix: 'vn', packageFallback: 'en' },
  { code: 'ja', lang: 'ja', route: '/JpPage', label: '日本語', flag: 'JP', packageSuffix: 'jp', packageFallback: 'ch' },
];

export function localeByCode(code: LocaleCode): Locale {
  const locale = LOCALES.find((candidate) => candidate.code === code);
  if (!locale) throw new Error(`Unknown locale ${code}`);
  return locale;
}

/** Routes that serve a public language page (including `/Home`, which serves English). */
export const PUBLIC_PAGE_ROUTES: readonly string[] = [...LOCALES.map((locale) => locale.route), '/Home'];
