/**
 * The BEST 3 packages: the record the server returns and the two edit payloads
 * of SPEC.md section 3, with optional Japanese and Vietnamese fields added.
 */
import * as z from 'zod';
import { PACKAGE_LIMITS } from './best-package-text';
import { oneLine, wholeNumberField } from './field-schemas';

/** The board always shows exactly these three packages. */
export const BEST_PACKAGE_INDEXES = [1, 2, 3] as const;


/** Board and popup images are stored under a server-chosen name such as `3f2c...-9a.webp`. */
export const IMAGE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.(jpg|jpeg|png|webp|avif|gif)$/;

export const bestPackageSchema = z.object({
  INDEX: z.number().int(),
  /** The Korean title, kept because the old server also returned it. */
  TITLE: z.string(),
  TITLE_kr: z.string(),
  TITLE_en: z.string(),
  TITLE_ch: z.string(),
  TITLE_ru: z.string(),
  TITLE_jp: z.string().optional(),
  TITLE_vn: z.string().optional(),
  CONTENT_kr: z.string(),
  CONTENT_en: z.string(),
  CONTENT_ch: z.string(),
  CONTENT_ru: z.string(),
  CONTENT_jp: z.string().optional(),
  CONTENT_vn: z.string().optional(),
  /** Popup image for the Korean page. */
  FILE_THUMB: z.string(),
  FILE_THUMB_en: z.string(),
  FILE_THUMB_ch: z.string(),
  FILE_THUMB_ru: z.string(),
  FILE_THUMB_jp: z.string().optional(),
  FILE_THUMB_vn: z.string().optional(),
  /** Board image, served from `/image/{FILE_POPUP}`. */
  FILE_POPUP: z.string(),
});

export type BestPackage = z.infer<typeof bestPackageSchema>;

const packageIndex = wholeNumberField(1, BEST_PACKAGE_INDEXES.length, 'One of the BEST 3 package numbers');

const title = oneLine(z.string({ error: 'Required' }).trim().min(1, 'Required').max(PACKAGE_LIMITS.titleMax, `At most ${PACKAGE_LIMITS.titleMax} characters`));
const content = z.string({ error: 'Required' }).trim().min(1, 'Required').max(PACKAGE_LIMITS.contentMax, `At most ${PACKAGE_LIMITS.contentMax} characters`);
const optionalTitle = oneLine(z.string().trim().max(PACKAGE_LIMITS.titleMax, `At most ${PACKAGE_LIMITS.titleMax} characters`)).optional();
const optionalContent = z.string().trim().max(PACKAGE_LIMITS.contentMax, `At most ${PACKAGE_LIMITS.contentMax} characters`).optional();
/** An uploaded image's file name; empty or absent keeps the current image. */
const imageName = z
  .string()
  .trim()
  .refine((name) => name === '' || IMAGE_FILE_NAME.test(name), 'The file name returned by the upload')
  .optional()
  .transform((name) => (name ? name : undefined));

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
