/** The body of `POST /api/fileupload`. */
import * as z from 'zod';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from './uploads';

/** `POST /api/fileupload` body: what the browser is about to upload. */
export const uploadRequestSchema = z.object({
  contentType: z.enum(IMAGE_CONTENT_TYPES, { error: 'A JPEG, PNG, WebP, AVIF or GIF image' }),
  size: z.coerce
    .number({ error: 'The file size in bytes' })
    .int('The file size in bytes')
    .min(1, 'The file is empty')
    .max(MAX_IMAGE_BYTES, `At most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
  /** For the popup upload: the input id, echoed back as the old client expects. */
  index: z.string().max(50).optional(),
});

export type UploadRequest = z.output<typeof uploadRequestSchema>;
