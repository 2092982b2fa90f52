/**
 * A template's versions: the text now, the texts saves replaced (kept for
 * RETENTION.templateVersionMonths), and at the end the default text, revision
 * 0; one of them whole; and a restore, which saves an earlier version's text
 * as a new revision (reply-templates.ts `applyChange`), recorded as a restore
 * of that version.
 */
import { defaultTemplate, templateId } from '../../../shared/content/reply-templates';
import type {
  TemplateHistoryQuery,
  TemplateRestoreRequest,
  TemplateVersionQuery,
} from '../../../shared/work/enquiry-work-schema';
import {
  DEFAULT_REVISION,
  TEMPLATE_HISTORY_PAGE,
  type TemplateHistoryPage,
  type TemplateVersion,
  type TemplateVersionSummary,
} from '../../../shared/work/template-versions';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import type { ReplyTemplate } from '../ports';
import { type TemplateChange, planChange, revisionOf } from './reply-templates';

type ReadingDeps = Pick<AppDeps, 'templates' | 'templateVersions'>;
type TemplateKey = Pick<TemplateVersionQuery, 'section' | 'locale'>;

function versionOf(template: ReplyTemplate): TemplateVersion {
  const { subject, body, updatedAt, updatedBy, restoredFrom } = template;
  return {
    revision: revisionOf(template),
    subject,
    body,
    updatedAt,
    updatedBy,
    ...(restoredFrom === undefined ? {} : { restoredFrom }),
  };
}

function summaryOf({ body: _body, ...summary }: TemplateVersion): TemplateVersionSummary {
  return summary;
}

const defaultVersion = (key: TemplateKey): TemplateVersion => ({
  revision: DEFAULT_REVISION,
  ...defaultTemplate(key.section, key.locale),
});

/** A page of the template's versions, newest first: the one now (on the first page), those saves replaced, then the default text. */
export async function templateHistory(deps: ReadingDeps, query: TemplateHistoryQuery): Promise<TemplateHistoryPage> {
  const id = templateId(query.section, query.locale);
  const stored = await deps.templates.get(id);
  const current = revisionOf(stored);
  const before = Math.min(query.before ?? current + 1, current + 1);
  const versions: TemplateVersionSummary[] = [];
  if (stored && before > current) versions.push(summaryOf(versionOf(stored)));
  // Below the revision now only: a save that failed after keeping its version leaves a copy of the one now.
  const kept =
    before > 1
      ? await deps.templateVersions.before(id, Math.min(before, current), TEMPLATE_HISTORY_PAGE - versions.length)
      : { versions: [], more: false };
  versions.push(...kept.versions.map((version) => summaryOf(versionOf(version))));
  if (kept.more) return { current, versions, next: kept.versions.at(-1)?.revision };
  if (before <= DEFAULT_REVISION) return { current, versions };
  // The default text closes the history; on the next page when this one is full.
  if (versions.length < TEMPLATE_HISTORY_PAGE)
    return { current, versions: [...versions, summaryOf(defaultVersion(query))] };
  return { current, versions, next: versions.at(-1)?.revision };
}

/** Revision `revision` of the template stored as `stored`: itself, a kept version, or the default text. */
async function versionAt(
  deps: ReadingDeps,
  key: TemplateKey,
  stored: ReplyTemplate | undefined,
  revision: number,
): Promise<TemplateVersion> {
  if (revision === DEFAULT_REVISION) return defaultVersion(key);
  if (stored && revisionOf(stored) === revision) return versionOf(stored);
  const kept =
    revision < revisionOf(stored)
      ? await deps.templateVersions.get(templateId(key.section, key.locale), revision)
      : undefined;
  if (!kept)
    throw new ApiError(
      'not_found',
      `This template has no revision ${revision} (an earlier version is kept for a limited time).`,
    );
  return versionOf(kept);
}

/** One version, whole: the one now, a kept one, or the default text (revision 0). */
export async function templateVersion(deps: ReadingDeps, query: TemplateVersionQuery): Promise<TemplateVersion> {
  if (query.revision === DEFAULT_REVISION) return defaultVersion(query);
  return versionAt(deps, query, await deps.templates.get(templateId(query.section, query.locale)), query.revision);
}

/** A restore: the text of revision `restore` saved as the next revision, if the template is still at the revision read. */
export function planRestore(deps: ReadingDeps, request: TemplateRestoreRequest): Promise<TemplateChange> {
  return planChange(deps, request, async ({ stored, revision }) => {
    if (request.restore === revision)
      throw new ApiError('invalid_input', 'That is the text now.', { restore: 'Not the revision now' });
    const { subject, body } = await versionAt(deps, request, stored, request.restore);
    return { subject, body, restoredFrom: request.restore };
  });
}
