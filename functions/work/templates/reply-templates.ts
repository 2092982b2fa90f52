/**
 * Reply templates: the one saved in the back office, or the default text of
 * its section and language. A save names the revision the staff member read:
 * if someone saved meanwhile, nothing is written and the caller gets the
 * template as it is now (a 409). The text a save replaces is kept first as a
 * version (template-versions.ts reads them back), so no edit loses one.
 */
import { defaultTemplate, templateId } from '../../../shared/content/reply-templates';
import { SECTION_VALUES, type Section } from '../../../shared/enquiries/enums';
import type { TemplateRequest, TemplateView } from '../../../shared/work/enquiry-work-schema';
import { DEFAULT_REVISION } from '../../../shared/work/template-versions';
import { LOCALE_CODES, type LocaleCode } from '../../../shared/locales';
import { templateVersionRetentionSeconds } from '../../../shared/privacy/retention';
import type { AppDeps } from '../../deps';
import { ChangedMeanwhile } from '../../platform/http/conflict';
import type { ReplyTemplate } from '../ports';

export type TemplateDeps = Pick<AppDeps, 'templates' | 'templateVersions' | 'clock'>;

/** A template's revision: 0 for the default text, 1 for one saved before revisions were kept. */
export const revisionOf = (template: ReplyTemplate | undefined): number =>
  template ? (template.revision ?? 1) : DEFAULT_REVISION;

/** A template as the back office reads it: the saved one, or the default text at revision 0. */
export function templateView(section: Section, locale: LocaleCode, own: ReplyTemplate | undefined): TemplateView {
  if (!own) return { section, locale, ...defaultTemplate(section, locale), revision: DEFAULT_REVISION, edited: false };
  const { subject, body, updatedAt, updatedBy, restoredFrom } = own;
  return {
    section,
    locale,
    subject,
    body,
    revision: revisionOf(own),
    edited: true,
    updatedAt,
    updatedBy,
    ...(restoredFrom === undefined ? {} : { restoredFrom }),
  };
}

/** Every section in every language, 24 in all: one batch read, never a scan. */
export async function listTemplates(deps: Pick<AppDeps, 'templates'>): Promise<TemplateView[]> {
  const ids = SECTION_VALUES.flatMap((section) => LOCALE_CODES.map((locale) => templateId(section, locale)));
  const saved = new Map((await deps.templates.getMany(ids)).map((template) => [template.templateId, template]));
  return SECTION_VALUES.flatMap((section) =>
    LOCALE_CODES.map((locale) => templateView(section, locale, saved.get(templateId(section, locale)))),
  );
}

interface TemplateText {
  subject: string;
  body: string;
}

/**
 * A save or a restore, worked out before anything is written, so that its
 * access-log record can say what it changes before it changes it.
 */
export interface TemplateChange {
  section: Section;
  locale: LocaleCode;
  templateId: string;
  /** The revision the staff member read, and the one stored now. */
  expected: number;
  current: number;
  stored: ReplyTemplate | undefined;
  /** The text now (the default text when none is saved). */
  before: TemplateText;
  /** The text to save, and the revision a restore brings back; absent when someone saved since `expected`. */
  after?: TemplateText & { restoredFrom?: number };
}

/** The template as stored now, and the change to it (none if someone saved since the revision read). */
export async function planChange(
  deps: Pick<AppDeps, 'templates'>,
  key: { section: Section; locale: LocaleCode; revision: number },
  after: (current: { stored: ReplyTemplate | undefined; revision: number }) => Promise<TemplateChange['after']>,
): Promise<TemplateChange> {
  const id = templateId(key.section, key.locale);
  const stored = await deps.templates.get(id);
  const current = revisionOf(stored);
  const { subject, body } = templateView(key.section, key.locale, stored);
  return {
    section: key.section,
    locale: key.locale,
    templateId: id,
    expected: key.revision,
    current,
    stored,
    before: { subject, body },
    after: current === key.revision ? await after({ stored, revision: current }) : undefined,
  };
}

export function planSave(deps: Pick<AppDeps, 'templates'>, request: TemplateRequest): Promise<TemplateChange> {
  return planChange(deps, request, async () => ({ subject: request.subject, body: request.body }));
}

/** Someone saved the template first: the caller answers 409 with what it is now. */
export class TemplateConflict extends ChangedMeanwhile<TemplateView> {
  constructor(current: TemplateView) {
    super(current, 'Someone else saved this template meanwhile. Here is how it reads now.');
  }
}

async function conflictNow(deps: TemplateDeps, change: TemplateChange): Promise<TemplateConflict> {
  return new TemplateConflict(templateView(change.section, change.locale, await deps.templates.get(change.templateId)));
}

/**
 * Saves the change as the next revision. The text it replaces is kept first
 * (written once, so saving again after a failure keeps the same version), then
 * the template is written only if still at the revision read. A failure in
 * between leaves a version that equals the template: nothing is lost.
 */
export async function applyChange(deps: TemplateDeps, actor: string, change: TemplateChange): Promise<TemplateView> {
  const { stored, after } = change;
  if (!after) throw new TemplateConflict(templateView(change.section, change.locale, stored));
  // The same text again is no new revision.
  if (after.subject === change.before.subject && after.body === change.before.body)
    return templateView(change.section, change.locale, stored);
  const now = deps.clock.now();
  if (stored)
    await deps.templateVersions.keep({
      ...stored,
      revision: change.current,
      expiresAt: Math.floor(now / 1000) + templateVersionRetentionSeconds(),
    });
  const template: ReplyTemplate = {
    templateId: change.templateId,
    subject: after.subject,
    body: after.body,
    updatedAt: new Date(now).toISOString(),
    updatedBy: actor,
    revision: change.current + 1,
    ...(after.restoredFrom === undefined ? {} : { restoredFrom: after.restoredFrom }),
  };
  if (!(await deps.templates.replace(template, change.current))) throw await conflictNow(deps, change);
  return templateView(change.section, change.locale, template);
}
