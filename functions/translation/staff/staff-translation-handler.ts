import { translateAgainSchema } from '../../../shared/translation/staff-translation-schema';
import { parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../../accounts/staff-auth/staff';
import { type AskAgainDeps, askAgain } from './staff-translations';

/**
 * `POST /api/enquiry/translate`: a staff member asks again for a
 * translation, recorded in the access log; answers where it
 * stands now (`pending` once queued again).
 */
export function makeTranslateAgainHandler(deps: StaffAuthDeps & AskAgainDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { index, source } = parseInput(translateAgainSchema, jsonPayload(request));
    await audit('enquiry.translate', JSON.stringify({ index, source }));
    return json(200, await askAgain(deps, index, source));
  });
}
