import { randomUUID } from 'node:crypto';
import { uploadRequestSchema } from '../../shared/packages/upload-schema';
import { IMAGE_TYPES, INCOMING_IMAGE_PREFIX, MAX_IMAGE_BYTES, type UploadTicket } from '../../shared/packages/uploads';
import type { AppDeps } from '../deps';
import { parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';

const UPLOAD_WINDOW_SECONDS = 5 * 60;

/**
 * `POST /api/fileupload`: a presigned POST for one image straight to S3, under
 * a name the server chooses, into `incoming/` (never served). The policy pins
 * type and size; the save that uses it checks the stored object and only
 * then makes it public (uploaded-images.ts).
 */
export function makeFileuploadHandler(deps: StaffAuthDeps & Pick<AppDeps, 'images'>) {
  const { images } = deps;
  return staffHandler(deps, async ({ request, audit }) => {
    const upload = parseInput(uploadRequestSchema, jsonPayload(request));
    const filename = `${randomUUID()}.${IMAGE_TYPES[upload.contentType]}`;
    const presigned = await images.presignUpload(
      `${INCOMING_IMAGE_PREFIX}${filename}`,
      upload.contentType,
      MAX_IMAGE_BYTES,
      UPLOAD_WINDOW_SECONDS,
    );
    await audit('upload.presign', filename);
    const ticket: UploadTicket = {
      filename,
      ...(upload.index !== undefined ? { index: upload.index } : {}),
      upload: { method: 'POST', url: presigned.url, fields: presigned.fields },
    };
    return json(200, ticket);
  });
}
