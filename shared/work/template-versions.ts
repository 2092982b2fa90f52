/**
 * The versions of a reply template, what the back office and the routes
 * agree on: every save keeps the text it replaces, with who saved it and
 * when, and any version can be brought back as a new one. No schema library
 * here (the staff app imports this file); the request schemas are in
 * enquiry-work-schema.ts.
 */

/** The revision of a template nobody saved: its section's default text (shared/content/reply-templates.ts). */
export const DEFAULT_REVISION = 0;

/** The most versions one page of a template's history holds. */
export const TEMPLATE_HISTORY_PAGE = 20;

/** One version of a template, whole. */
export interface TemplateVersion {
  revision: number;
  subject: string;
  body: string;
  /** Who saved it, and when; absent for the default text. */
  updatedAt?: string;
  updatedBy?: string;
  /** The revision a restore brought back. */
  restoredFrom?: number;
}

/** A version as the history lists it: all but the body. */
export type TemplateVersionSummary = Omit<TemplateVersion, 'body'>;

/** `GET /api/templates/history` answers a page of a template's versions, newest first. */
export interface TemplateHistoryPage {
  /** The template's revision now: the first version of the first page. */
  current: number;
  versions: TemplateVersionSummary[];
  /** The `before` of the next page; absent on the last. */
  next?: number;
}
