/** Reply templates: the one saved in the back office, or the default text of its section and language. */
import { defaultTemplate, templateId } from '../../shared/content/reply-templates';
import { SECTION_VALUES } from '../../shared/enquiries/enums';
import type { TemplateRequest, TemplateView } from '../../shared/work/enquiry-work-schema';
import { LOCALE_CODES } from '../../shared/locales';
import type { AppDeps } from '../deps';
import type { ReplyTemplate } from './ports';

/** Every section in every language, 24 in all: one batch read, never a scan. */
export async function listTemplates(deps: Pick<AppDeps, 'templates'>): Promise<TemplateView[]> {
  const ids = SECTION_VALUES.flatMap((section) => LOCALE_CODES.map((locale) => templateId(section, locale)));
  const saved = new Map((await deps.templates.getMany(ids)).map((template) => [template.templateId, template]));
  return SECTION_VALUES.flatMap((section) =>
    LOCALE_CODES.map((locale) => {
      const own = saved.get(templateId(section, locale));
      return own
        ? { section, locale, subject: own.subject, body: own.body, edited: true, updatedAt: own.updatedAt, updatedBy: own.updatedBy }
        : { section, locale, ...defaultTemplate(section, locale), edited: false };
    }),
  );
}

export async function saveTemplate(deps: Pick<AppDeps, 'templates' | 'clock'>, actor: string, request: TemplateRequest): Promise<ReplyTemplate> {
  const template: ReplyTemplate = {
    templateId: templateId(request.section, request.locale),
    subject: request.subject,
    body: request.body,
    updatedAt: new Date(deps.clock.now()).toISOString(),
    updatedBy: actor,
  };
  await deps.templates.put(template);
  return template;
}
