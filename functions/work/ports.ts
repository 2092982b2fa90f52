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
  /** Oldest first. */
  list(postIndex: number): Promise<EnquiryEvent[]>;
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
}

export interface TemplateStore {
  /** The templates that exist among these ids. */
  getMany(templateIds: string[]): Promise<ReplyTemplate[]>;
  put(template: ReplyTemplate): Promise<void>;
}
