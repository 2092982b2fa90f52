/**
 * A package's title, content and popup image for one page language, with the
 * agreed fallbacks. No schema library here: the BEST 3 board imports it.
 */
import type { BestPackage } from './best-package';
import type { PackageSuffix } from './locales';

/** Longest title and content the editor and the API accept. */
export const PACKAGE_LIMITS = { titleMax: 200, contentMax: 5_000 } as const;

/** Which record field holds the popup image of each language. */
export const POPUP_FIELD_BY_SUFFIX: Record<PackageSuffix, keyof BestPackage> = {
  kr: 'FILE_THUMB',
  en: 'FILE_THUMB_en',
  ch: 'FILE_THUMB_ch',
  ru: 'FILE_THUMB_ru',
  jp: 'FILE_THUMB_jp',
  vn: 'FILE_THUMB_vn',
};

/** Title, content and popup image of a package for one page language, with the agreed fallbacks. */
export function packageTextFor(pkg: BestPackage, suffix: PackageSuffix, fallback: PackageSuffix) {
  const pick = (field: 'TITLE' | 'CONTENT' | 'FILE_THUMB') => {
    const own = fieldFor(pkg, field, suffix);
    return own ? own : fieldFor(pkg, field, fallback);
  };
  return { title: pick('TITLE'), content: pick('CONTENT'), popupImage: pick('FILE_THUMB') };
}

/** One language's title, content or popup image of a package ('' when absent). */
export function fieldFor(pkg: BestPackage, field: 'TITLE' | 'CONTENT' | 'FILE_THUMB', suffix: PackageSuffix): string {
  if (field === 'FILE_THUMB') return String(pkg[POPUP_FIELD_BY_SUFFIX[suffix]] ?? '');
  return String(pkg[`${field}_${suffix}` as keyof BestPackage] ?? '');
}
