/** Reply templates, per section and page language, edited in the back office, with their earlier versions. */
import {
  templateHistoryQuerySchema,
  templateRestoreSchema,
  templateSchema,
  templateVersionQuerySchema,
} from '../../../shared/work/enquiry-work-schema';
import { templateId } from '../../../shared/content/reply-templates';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../platform/http/errors';
import { orConflict } from '../../platform/http/conflict';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, type StaffContext, staffHandler } from '../../accounts/staff-auth/staff';
import { type TemplateChange, type TemplateDeps, applyChange, listTemplates, planSave } from './reply-templates';
import { templateChangeTarget } from './template-changes';
import { planRestore, templateHistory, templateVersion } from './template-versions';

/** `GET /api/templates`: every section in every language (saved, or the default text), with its revision. */
export function makeTemplatesHandler(deps: StaffAuthDeps & Pick<AppDeps, 'templates'>) {
  return staffHandler(deps, async ({ audit }) => {
    await audit('template.list', '-');
    return json(200, await listTemplates(deps));
  });
}

/**
 * Logs what the change changes (a diff, never the whole text), then saves it:
 * the access-log record comes first, so no change happens without one.
 */
async function logAndApply(
  deps: TemplateDeps,
  { audit, staff }: StaffContext,
  action: 'template.save' | 'template.restore',
  change: TemplateChange,
) {
  await audit(action, templateChangeTarget(change));
  return orConflict(() => applyChange(deps, staff.email, change));
}

/** `POST /api/templates`: `{ data: { section, locale, revision, subject, body } }` -> the saved template; 409 `{ current }` if saved since `revision`. */
export function makeSaveTemplateHandler(deps: StaffAuthDeps & TemplateDeps) {
  return staffHandler(deps, async (context) => {
    const request = parseInput(templateSchema, jsonPayload(context.request));
    return logAndApply(deps, context, 'template.save', await planSave(deps, request));
  });
}

/** `POST /api/templates/restore`: `{ data: { section, locale, revision, restore } }` -> the template with revision `restore`'s text as a new revision. */
export function makeRestoreTemplateHandler(deps: StaffAuthDeps & TemplateDeps) {
  return staffHandler(deps, async (context) => {
    const request = parseInput(templateRestoreSchema, jsonPayload(context.request));
    return logAndApply(deps, context, 'template.restore', await planRestore(deps, request));
  });
}

/** `GET /api/templates/history?section=&locale=&before=`: a page of the template's versions, newest first (who, when, no body). */
export function makeTemplateHistoryHandler(deps: StaffAuthDeps & Pick<AppDeps, 'templates' | 'templateVersions'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(templateHistoryQuerySchema, request.query);
    await audit('template.history', templateId(query.section, query.locale));
    return json(200, await templateHistory(deps, query));
  });
}

/** `GET /api/templates/version?section=&locale=&revision=`: one version, whole. */
export function makeTemplateVersionHandler(deps: StaffAuthDeps & Pick<AppDeps, 'templates' | 'templateVersions'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(templateVersionQuerySchema, request.query);
    await audit('template.version', `${templateId(query.section, query.locale)} r${query.revision}`);
    return json(200, await templateVersion(deps, query));
  });
}
