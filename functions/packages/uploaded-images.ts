import {
  IMAGE_SNIFF_BYTES,
  INCOMING_IMAGE_PREFIX,
  MAX_IMAGE_BYTES,
  sniffImageType,
} from '../../shared/packages/uploads';
import { ApiError } from '../platform/http/errors';
import type { ImageStore } from './ports';

/**
 * Makes each named upload public, once it is checked. A browser's upload
 * waits under `incoming/`, which `/image/` never serves; here it must be
 * there, be an image by its first bytes and within the size limit, and only
 * then is it copied to its public name, with the type its bytes show (never
 * the type the uploader claimed). A name that is public already (the image a
 * package has now, a seed image) was checked when it became public.
 * `names` maps payload field to file name.
 */
export async function publishUploadedImages(
  images: ImageStore,
  names: Record<string, string | undefined>,
): Promise<void> {
  const problems: Record<string, string> = {};
  const ready: { from: string; to: string; contentType: string }[] = [];
  await Promise.all(
    Object.entries(names).map(async ([field, name]) => {
      if (!name) return;
      const incoming = await images.inspect(`${INCOMING_IMAGE_PREFIX}${name}`, IMAGE_SNIFF_BYTES);
      if (!incoming) {
        if (!(await images.inspect(name, 1))) problems[field] = 'No uploaded file has this name';
        return;
      }
      const type = sniffImageType(incoming.head);
      if (incoming.size > MAX_IMAGE_BYTES)
        problems[field] = `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
      else if (!type) problems[field] = 'The file is not a JPEG, PNG, WebP, AVIF or GIF image';
      else ready.push({ from: `${INCOMING_IMAGE_PREFIX}${name}`, to: name, contentType: type });
    }),
  );
  if (Object.keys(problems).length > 0) {
    throw new ApiError('invalid_input', `Please check: ${Object.keys(problems).join(', ')}`, problems);
  }
  await Promise.all(ready.map(({ from, to, contentType }) => images.copy(from, to, contentType)));
}
