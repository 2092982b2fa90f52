/** Reply templates, per section and page language, edited in the back office. */
import { templateSchema } from '../../shared/work/enquiry-work-schema';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/errors';
import { jsonPayload } from '../http/request';
import { json } from '../http/response';
import { type StaffAuthDeps, staffHandler } from '../http/staff';
import { listTemplates, saveTemplate } from './reply-templates';

/** `GET /api/templates`: every section in every language (saved, or the default text). */
export function makeTemplatesHandler(deps: StaffAuthDeps & Pick<AppDeps, 'templates'>) {
  return staffHandler(deps, async ({ audit }) => {
    await audit('template.list', '-');
    return json(200, await listTemplates(deps));
  });
}

/** `POST /api/templates`: `{ data: { section, locale, subject, body } }` -> the saved template. */
export function makeSaveTemplateHandler(deps: StaffAuthDeps & Pick<AppDeps, 'templates'>) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const template = parseInput(templateSchema, jsonPayload(request));
    await audit('template.save', `${template.section}#${template.locale}`);
    return json(200, await saveTemplate(deps, staff.email, template));
  });
}
