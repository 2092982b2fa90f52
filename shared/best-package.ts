/**
 * The BEST 3 packages: the record the server returns (SPEC.md section 3), with
 * optional Japanese and Vietnamese fields added. The two edit payloads are in
 * best-package-schema.ts.
 */

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

export { PACKAGE_LIMITS, POPUP_FIELD_BY_SUFFIX, packageTextFor } from './best-package-text';
