/**
 * What working an enquiry keeps beside it: its history and the staff's reply
 * templates. Adapters implement these ports; unit tests pass in-memory fakes.
 */
import type { ThreadEntry } from '../../shared/work/enquiry-work';

/** One line of an enquiry's history: who did what, when. */
export interface EnquiryEvent extends Omit<ThreadEntry, 'mailStatus'> {
  postIndex: number;
}

export interface EventStore {
  add(event: EnquiryEvent): Promise<void>;
  /** Adds an event whose key was made from what it records (a received message): `false` when it is there already, written by an earlier try. */
  addOnce(event: EnquiryEvent): Promise<boolean>;
  /** Oldest first. */
  list(postIndex: number): Promise<EnquiryEvent[]>;
  /** Removes events of an enquiry (moved to another by a merge or a split: each is added there first). */
  remove(postIndex: number, ats: readonly string[]): Promise<void>;
  /** Every event of an enquiry (its erasure). */
  removeAll(postIndex: number): Promise<void>;
}

export interface ReplyTemplate {
  /** `{section}#{locale}`. */
  templateId: string;
  subject: string;
  body: string;
  updatedAt: string;
  updatedBy: string;
  /** Counts the saves, from 1; absent on a template saved before revisions were kept (read as 1). */
  revision?: number;
  /** The revision a restore brought back. */
  restoredFrom?: number;
}

export interface TemplateStore {
  /** The templates that exist among these ids. */
  getMany(templateIds: string[]): Promise<ReplyTemplate[]>;
  /** One template as stored now (read consistently: a save checks against it). */
  get(templateId: string): Promise<ReplyTemplate | undefined>;
  /**
   * Writes the template if it is still at revision `expected` (0: none
   * saved); false if someone saved it meanwhile, and nothing is written.
   */
  replace(template: ReplyTemplate, expected: number): Promise<boolean>;
}

/** A template's text as a save replaced it, with its revision, until `expiresAt` (epoch seconds). */
export interface StoredTemplateVersion extends ReplyTemplate {
  revision: number;
  expiresAt: number;
}

export interface TemplateVersionStore {
  /** Keeps a version, once: a version kept already stays as it is. */
  keep(version: StoredTemplateVersion): Promise<void>;
  /** One version, unless it expired. */
  get(templateId: string, revision: number): Promise<StoredTemplateVersion | undefined>;
  /**
   * Up to `limit` versions below revision `before`, newest first, and whether
   * older ones remain. Expired versions are left out (they are the oldest: a
   * version expires a fixed time after the save that replaced it).
   */
  before(
    templateId: string,
    before: number,
    limit: number,
  ): Promise<{ versions: StoredTemplateVersion[]; more: boolean }>;
}
