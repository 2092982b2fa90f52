/**
 * Uploads one image straight to S3: the server picks the name and signs a
 * POST policy (`/api/fileupload`), the browser sends the file with progress.
 */
import { IMAGE_TYPES, MAX_IMAGE_BYTES, type UploadTicket } from '../../../../shared/packages/uploads';
import { staffPost } from '../core/api';
import { PACKAGES_TEXT } from './words';
import { apiPath } from '../../../../shared/routes';

/** Why a file cannot be uploaded, before anything is sent; `undefined` when it can. */
export function uploadProblem(file: { type: string; size: number }): string | undefined {
  if (!(file.type in IMAGE_TYPES)) return PACKAGES_TEXT.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return PACKAGES_TEXT.tooLarge;
  if (file.size === 0) return PACKAGES_TEXT.notAnImage;
  return undefined;
}

export async function uploadImage(file: File, onProgress: (percent: number) => void, index?: string): Promise<string> {
  const { data: ticket } = await staffPost<UploadTicket>(apiPath('fileupload'), {
    data: { contentType: file.type, size: file.size, ...(index ? { index } : {}) },
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.upload.fields)) form.append(name, value);
  form.append('file', file);
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ticket.upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`S3 answered ${request.status}`)),
    );
    request.addEventListener('error', () => reject(new Error('network')));
    request.send(form);
  });
  onProgress(100);
  return ticket.filename;
}
