/** The back office's calls for reply templates and their versions (the routes of functions/work/templates/reply-templates-handler.ts). */
import type { Section } from '../../../../shared/enquiries/enums';
import type { LocaleCode } from '../../../../shared/locales';
import { apiPath } from '../../../../shared/routes';
import type { TemplateView } from '../../../../shared/work/enquiry-work-schema';
import type { TemplateHistoryPage, TemplateVersion } from '../../../../shared/work/template-versions';
import { StaffApiError, staffFetch, staffPost } from '../core/api';

/** Which template: an enquiry section in a page language. */
export interface TemplateKey {
  section: Section;
  locale: LocaleCode;
}

/** Only the key, whatever else the object holds (a whole template view). */
const keyOf = ({ section, locale }: TemplateKey) => ({ section, locale });

/** Someone saved the template first: the template as it is now. */
export function templateConflict(error: unknown): TemplateView | undefined {
  if (!(error instanceof StaffApiError) || error.status !== 409) return undefined;
  return error.body['current'] as TemplateView | undefined;
}

/** Saves over `revision`, the revision the staff member read (a 409 if someone saved since). */
export async function saveTemplate(
  template: TemplateKey & Pick<TemplateView, 'revision' | 'subject' | 'body'>,
): Promise<TemplateView> {
  return (await staffPost<TemplateView>(apiPath('saveTemplate'), { data: template })).data;
}

/** A page of the template's versions, newest first; `before` is the `next` of the page before. */
export async function loadTemplateHistory(key: TemplateKey, before?: number): Promise<TemplateHistoryPage> {
  const query = new URLSearchParams({ ...keyOf(key), ...(before === undefined ? {} : { before: String(before) }) });
  return (await (await staffFetch(`${apiPath('templateHistory')}?${query}`)).json()) as TemplateHistoryPage;
}

export async function loadTemplateVersion(key: TemplateKey, revision: number): Promise<TemplateVersion> {
  return (await (
    await staffFetch(
      `${apiPath('templateVersion')}?${new URLSearchParams({ ...keyOf(key), revision: String(revision) })}`,
    )
  ).json()) as TemplateVersion;
}

/** Brings back revision `restore` as a new revision, over `revision`, the one the staff member read. */
export async function restoreTemplate(key: TemplateKey, revision: number, restore: number): Promise<TemplateView> {
  return (await staffPost<TemplateView>(apiPath('restoreTemplate'), { data: { ...keyOf(key), revision, restore } }))
    .data;
}
