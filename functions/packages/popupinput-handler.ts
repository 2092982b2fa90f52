import { type BestPackage, POPUP_FIELD_BY_SUFFIX } from '../../shared/packages/best-package';
import { popupEditSchema } from '../../shared/packages/best-package-schema';
import type { PackageSuffix } from '../../shared/locales';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { publishUploadedImages } from './uploaded-images';

/** `POST /api/popupinput`: a package's popup image per language; empty keeps the current one. */
export function makePopupinputHandler(deps: StaffAuthDeps & Pick<AppDeps, 'packages' | 'images'>) {
  const { packages, images } = deps;
  return staffHandler(deps, async ({ request, audit }) => {
    const edit = parseInput(popupEditSchema, jsonPayload(request));
    if (!(await packages.get(edit.index))) throw new ApiError('not_found', `There is no package ${edit.index}.`);
    const names = {
      imgUP_kr: edit.imgUP_kr,
      imgUP_en: edit.imgUP_en,
      imgUP_ch: edit.imgUP_ch,
      imgUP_ru: edit.imgUP_ru,
      imgUP_jp: edit.imgUP_jp,
      imgUP_vn: edit.imgUP_vn,
    };
    await publishUploadedImages(images, names);
    const fields: Partial<BestPackage> = {};
    for (const [field, name] of Object.entries(names)) {
      const suffix = field.slice('imgUP_'.length) as PackageSuffix;
      if (name) Object.assign(fields, { [POPUP_FIELD_BY_SUFFIX[suffix]]: name });
    }
    // Logged first: a change must never happen without its access-log record.
    await audit('package.popup', String(edit.index));
    const updated = Object.keys(fields).length
      ? await packages.update(edit.index, fields)
      : await packages.get(edit.index);
    return json(200, updated);
  });
}
