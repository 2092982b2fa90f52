import { LIST_HEADERS, enquiryListQuerySchema } from '../../shared/enquiries/enquiry';
import { parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import type { AppDeps } from '../deps';
import { withTextTranslations } from '../translation/staff/staff-translations';
import { type ReadingDeps, readEnquiryPage } from './enquiry-reading';

/** `POST /api/view`: one page of enquiries, newest first, each with its texts' translation once made; paging and total in headers. */
export function makeViewHandler(deps: StaffAuthDeps & ReadingDeps & Pick<AppDeps, 'translations'>) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const query = parseInput(enquiryListQuerySchema, jsonPayload(request));
    const page = await readEnquiryPage(deps, query, staff.email);
    await audit('enquiry.list', JSON.stringify({ ...query, rows: page.records.map((record) => record.POST_INDEX) }));
    return json(200, await withTextTranslations(deps, page.records), {
      [LIST_HEADERS.totalCount]: String(page.total),
      ...(page.nextCursor ? { [LIST_HEADERS.nextCursor]: page.nextCursor } : {}),
    });
  });
}
