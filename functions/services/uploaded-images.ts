import { IMAGE_SNIFF_BYTES, MAX_IMAGE_BYTES, sniffImageType } from '../../shared/uploads';
import { ApiError } from '../http/errors';
import type { ImageStore } from '../ports';

/**
 * Checks that each named upload is really there, is an image by its first
 * bytes and is within the size limit, before a package may point at it.
 * `names` maps payload field to file name.
 */
export async function checkUploadedImages(images: ImageStore, names: Record<string, string | undefined>): Promise<void> {
  const problems: Record<string, string> = {};
  await Promise.all(
    Object.entries(names).map(async ([field, name]) => {
      if (!name) return;
      const object = await images.inspect(name, IMAGE_SNIFF_BYTES);
      if (!object) problems[field] = 'No uploaded file has this name';
      else if (object.size > MAX_IMAGE_BYTES) problems[field] = `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
      else if (!sniffImageType(object.head)) problems[field] = 'The file is not a JPEG, PNG, WebP, AVIF or GIF image';
    }),
  );
  if (Object.keys(problems).length > 0) {
    throw new ApiError('invalid_input', `Please check: ${Object.keys(problems).join(', ')}`, problems);
  }
}
