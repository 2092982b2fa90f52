import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import type { EnquiryDetail } from '../../shared/enquiries/enquiry';
import { translationsOf } from '../translation/staff/staff-translations';
import { ENQUIRY_SOURCE } from '../translation/translation-queue';
import { enquiryIndexParam } from './enquiry-index-param';
import { toRecord } from './enquiry-record';

/** `GET /api/detail/{index}`: an array holding the one enquiry record, with its texts' translation. */
export function makeDetailHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries' | 'translations'>) {
  const { enquiries } = deps;
  return staffHandler(deps, async ({ request, audit }) => {
    const index = enquiryIndexParam(request);
    const [enquiry, translations] = await Promise.all([enquiries.get(index), translationsOf(deps, index)]);
    await audit('enquiry.read', String(index));
    if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${index}.`);
    const translation = translations.get(ENQUIRY_SOURCE);
    const detail: EnquiryDetail = { ...toRecord(enquiry), ...(translation ? { translation } : {}) };
    return json(200, [detail]);
  });
}
