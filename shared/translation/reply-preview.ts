/**
 * The reply panel's translation preview: staff write in Korean (or
 * any language) and see what the visitor would read, in their page's
 * language, before sending. Nothing is stored; the staff member may edit the
 * text and sends it as the reply's body.
 */
import { REPLY_BODY_MAX } from '../work/enquiry-work';
import { enquiryIndex, text } from '../work/enquiry-work-schema';
import * as z from '../zod';
import type { TranslationLanguage } from './translation';

/** `POST /api/enquiry/reply-preview`: `{ data: { index, text } }`, the text as long as a reply's body may be. */
export const replyPreviewSchema = z.object({ index: enquiryIndex, text: text(REPLY_BODY_MAX) });

export type ReplyPreviewRequest = z.output<typeof replyPreviewSchema>;

/** The answer: the text in the visitor's language, and who made it. */
export interface ReplyPreview {
  text: string;
  /** The engine that translated it; absent when nothing needed translating (a Korean page, or a text already in the visitor's language). */
  engine?: string;
  /** The language translated from: Korean, or the one the engine found. */
  source: string;
  target: TranslationLanguage;
}
