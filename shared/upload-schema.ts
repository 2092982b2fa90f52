/** The body of `POST /api/fileupload`. */
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from './uploads';
import * as z from './zod';

/** `POST /api/fileupload` body: what the browser is about to upload. */
export const uploadRequestSchema = z.object({
  contentType: z.enum(IMAGE_CONTENT_TYPES, { error: 'A JPEG, PNG, WebP, AVIF or GIF image' }),
  size: z.coerce
    .number({ error: 'The file size in bytes' })
    .check(z.int('The file size in bytes'), z.minimum(1, 'The file is empty'), z.maximum(MAX_IMAGE_BYTES, `At most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`)),
  /** For the popup upload: the input id, echoed back as the old client expects. */
  index: z.optional(z.string().check(z.maxLength(50))),
});

export type UploadRequest = z.output<typeof uploadRequestSchema>;
