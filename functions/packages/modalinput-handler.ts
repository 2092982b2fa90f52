import type { BestPackage } from '../../shared/packages/best-package';
import { titleEditSchema } from '../../shared/packages/best-package-schema';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { publishUploadedImages } from './uploaded-images';

/** `POST /api/modalinput`: a package's titles, contents and board image. */
export function makeModalinputHandler(deps: StaffAuthDeps & Pick<AppDeps, 'packages' | 'images'>) {
  const { packages, images } = deps;
  return staffHandler(deps, async ({ request, audit }) => {
    const edit = parseInput(titleEditSchema, jsonPayload(request));
    if (!(await packages.get(edit.index))) throw new ApiError('not_found', `There is no package ${edit.index}.`);
    await publishUploadedImages(images, { imgUP: edit.imgUP });
    const fields: Partial<BestPackage> = {
      TITLE: edit.title_kr,
      TITLE_kr: edit.title_kr,
      TITLE_en: edit.title_en,
      TITLE_ch: edit.title_ch,
      TITLE_ru: edit.title_ru,
      CONTENT_kr: edit.content_kr,
      CONTENT_en: edit.content_en,
      CONTENT_ch: edit.content_ch,
      CONTENT_ru: edit.content_ru,
      ...(edit.imgUP ? { FILE_POPUP: edit.imgUP } : {}),
    };
    // Optional languages: text sets the field, an empty value removes it (the page then falls back).
    const remove: (keyof BestPackage)[] = [];
    for (const [field, value] of [
      ['TITLE_jp', edit.title_jp],
      ['CONTENT_jp', edit.content_jp],
      ['TITLE_vn', edit.title_vn],
      ['CONTENT_vn', edit.content_vn],
    ] as const) {
      if (value) fields[field] = value;
      else if (value === '') remove.push(field);
    }
    // Logged first: a change must never happen without its access-log record.
    await audit('package.edit', String(edit.index));
    const updated = await packages.update(edit.index, fields, remove);
    return json(200, updated);
  });
}
