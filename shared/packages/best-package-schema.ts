/** The two edit payloads of the BEST 3 packages (docs/contract.md, 'The edit payloads'), with optional Japanese and Vietnamese fields added. */
import { BEST_PACKAGE_INDEXES, IMAGE_FILE_NAME } from './best-package';
import { PACKAGE_LIMITS } from './best-package';
import { oneLine, wholeNumberField } from '../intake/field-schemas';
import * as z from '../zod';

const packageIndex = wholeNumberField(1, BEST_PACKAGE_INDEXES.length, 'One of the BEST 3 package numbers');

const titleText = z
  .string({ error: 'Required' })
  .check(z.trim(), z.maxLength(PACKAGE_LIMITS.titleMax, `At most ${PACKAGE_LIMITS.titleMax} characters`), oneLine());
const contentText = z
  .string({ error: 'Required' })
  .check(z.trim(), z.maxLength(PACKAGE_LIMITS.contentMax, `At most ${PACKAGE_LIMITS.contentMax} characters`));
const title = titleText.check(z.minLength(1, 'Required'));
const content = contentText.check(z.minLength(1, 'Required'));
const optionalTitle = z.optional(titleText);
const optionalContent = z.optional(contentText);
/** An uploaded image's file name; empty or absent keeps the current image. */
const imageName = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.refine((name) => name === '' || IMAGE_FILE_NAME.test(name), 'The file name returned by the upload'),
    ),
  ),
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
