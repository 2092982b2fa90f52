/**
 * The BEST 3 packages: the record the server returns (docs/contract.md, 'The
 * BEST 3 package record'), with optional Japanese and Vietnamese fields added,
 * and a package's text for one page language with the agreed fallbacks. No
 * schema library here: the BEST 3 board imports it. The two edit payloads are
 * in best-package-schema.ts.
 */
import type { PackageSuffix } from '../locales';

/** The board always shows exactly these three packages. */
export const BEST_PACKAGE_INDEXES = [1, 2, 3] as const;

/** Board and popup images are stored under a server-chosen name such as `3f2c...-9a.webp`. */
export const IMAGE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.(jpg|jpeg|png|webp|avif|gif)$/;

/** A package as stored and as the board reads it. */
export type BestPackage = {
  INDEX: number;
  /** The Korean title, kept because the old server also returned it. */
  TITLE: string;
  TITLE_kr: string;
  TITLE_en: string;
  TITLE_ch: string;
  TITLE_ru: string;
  TITLE_jp?: string;
  TITLE_vn?: string;
  CONTENT_kr: string;
  CONTENT_en: string;
  CONTENT_ch: string;
  CONTENT_ru: string;
  CONTENT_jp?: string;
  CONTENT_vn?: string;
  /** Popup image for the Korean page. */
  FILE_THUMB: string;
  FILE_THUMB_en: string;
  FILE_THUMB_ch: string;
  FILE_THUMB_ru: string;
  FILE_THUMB_jp?: string;
  FILE_THUMB_vn?: string;
  /** Board image, served from `/image/{FILE_POPUP}`. */
  FILE_POPUP: string;
};

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
