/**
 * The BEST 3 packages: the record the server returns and the two edit payloads
 * of SPEC.md section 3, with optional Japanese and Vietnamese fields added.
 */
import { PACKAGE_LIMITS } from './best-package-text';
import * as z from './zod';

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

const packageIndex = z.coerce
  .number({ error: 'One of the BEST 3 package numbers' })
  .check(z.int(), z.refine((index) => (BEST_PACKAGE_INDEXES as readonly number[]).includes(index), 'One of the BEST 3 package numbers'));

const titleText = z.string({ error: 'Required' }).check(z.trim(), z.maxLength(PACKAGE_LIMITS.titleMax, `At most ${PACKAGE_LIMITS.titleMax} characters`));
const contentText = z.string({ error: 'Required' }).check(z.trim(), z.maxLength(PACKAGE_LIMITS.contentMax, `At most ${PACKAGE_LIMITS.contentMax} characters`));
const title = titleText.check(z.minLength(1, 'Required'));
const content = contentText.check(z.minLength(1, 'Required'));
const optionalTitle = z.optional(titleText);
const optionalContent = z.optional(contentText);
/** An uploaded image's file name; empty or absent keeps the current image. */
const imageName = z.pipe(
  z.optional(z.string().check(z.trim(), z.refine((name) => name === '' || IMAGE_FILE_NAME.test(name), 'The file name returned by the upload'))),
  z.transform((name: string | undefined) => (name ? name : undefined)),
);

/** `POST /api/modalinput`: titles, contents and the board image. */
export const titleEditSchema = z.object({
  index: packageIndex,
  title_kr: title,
  content_kr: content,
  title_en: title,
  content_en: content,
  title_ch: title,
  content_ch: content,
  title_ru: title,
  content_ru: content,
  title_jp: optionalTitle,
  content_jp: optionalContent,
  title_vn: optionalTitle,
  content_vn: optionalContent,
  imgUP: imageName,
});

export type TitleEdit = z.output<typeof titleEditSchema>;

/** `POST /api/popupinput`: one popup image per language. */
export const popupEditSchema = z.object({
  index: packageIndex,
  imgUP_kr: imageName,
  imgUP_en: imageName,
  imgUP_ch: imageName,
  imgUP_ru: imageName,
  imgUP_jp: imageName,
  imgUP_vn: imageName,
});

export type PopupEdit = z.output<typeof popupEditSchema>;

export { PACKAGE_LIMITS, POPUP_FIELD_BY_SUFFIX, packageTextFor } from './best-package-text';
