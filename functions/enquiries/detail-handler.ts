import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import type { EnquiryDetail } from '../../shared/enquiries/enquiry';
import { translationsOf } from '../translation/staff/staff-translations';
import { ENQUIRY_SOURCE } from '../translation/translation-queue';
import { toRecord } from './enquiry-record';

/** `GET /api/detail/{index}`: an array holding the one enquiry record, with its texts' translation. */
export function makeDetailHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries' | 'translations'>) {
  const { enquiries } = deps;
  return staffHandler(deps, async ({ request, audit }) => {
    const raw = request.params['index'] ?? '';
    if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
      throw new ApiError('invalid_input', 'The enquiry number must be a whole number from 1.', {
        index: 'A whole number from 1',
      });
    }
    const [enquiry, translations] = await Promise.all([enquiries.get(Number(raw)), translationsOf(deps, Number(raw))]);
    await audit('enquiry.read', raw);
    if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${raw}.`);
    const translation = translations.get(ENQUIRY_SOURCE);
    const detail: EnquiryDetail = { ...toRecord(enquiry), ...(translation ? { translation } : {}) };
    return json(200, [detail]);
  });
}
