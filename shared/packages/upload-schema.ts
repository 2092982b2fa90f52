/** The body of `POST /api/fileupload`. */
import { wholeNumberField } from '../intake/field-schemas';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from './uploads';
import * as z from '../zod';

/** `POST /api/fileupload` body: what the browser is about to upload. */
export const uploadRequestSchema = z.object({
  contentType: z.enum(IMAGE_CONTENT_TYPES, { error: 'A JPEG, PNG, WebP, AVIF or GIF image' }),
  size: wholeNumberField(1, MAX_IMAGE_BYTES, `A file size in bytes, from 1 to ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
  /** For the popup upload: the input id, echoed back as the old client expects. */
  index: z.optional(z.string().check(z.regex(/^[\w-]{1,50}$/, 'The id of the image input'))),
});

export type UploadRequest = z.output<typeof uploadRequestSchema>;
