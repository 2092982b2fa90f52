/**
 * Translations as staff see them: the detail page's (the
 * enquiry's texts) and each visitor message's in the thread, and the
 * request that asks for one again. The stored job keeps more (attempts,
 * its queue); staff see where it stands, and once made the texts with the
 * engine's name.
 */
import type { EnquiryRecord } from '../enquiries/enquiry';
import { wholeNumberField } from '../intake/field-schemas';
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import * as z from '../zod';

/** Where a translation stands (functions/translation/ports.ts says what each means). */
export const TRANSLATION_STATES = ['pending', 'done', 'failed', 'refused', 'capped'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** The states a staff member may ask again from: the engine gave up, refused, or the day's cap was reached. */
export const ASKABLE_AGAIN: readonly TranslationState[] = ['failed', 'refused', 'capped'];

/** The texts of an enquiry staff read translated: the message, and the free fields a visitor types. */
export const ENQUIRY_TEXT_FIELDS = ['CONTEXT', 'HOTEL', 'DESTINATION', 'LANG_PREFERENCE'] as const;

/** One original's translation as staff read it. */
export interface TranslationView {
  /** `enquiry` (its texts) or `message#<at>` (a visitor's message). */
  source: string;
  state: TranslationState;
  /** Once made: the Korean texts by field (`CONTEXT`, `HOTEL`, …; `text` of a message). */
  texts?: Record<string, string>;
  /** Who translated, shown beside the text. */
  engine?: string;
  /** ISO instant. */
  translatedAt?: string;
}

/** `GET /api/detail/{index}`'s one record: the enquiry, and its texts' translation when it has one (none for Korean). */
export type EnquiryDetail = EnquiryRecord & { translation?: TranslationView };

/** `POST /api/enquiry/translate`: ask again for an original's translation (or for its first, when it has none). */
export const translateAgainSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  // A message by its event's time: an ISO instant and the event's unique tail (`#m<hash>`, …).
  source: z
    .string()
    .check(
      z.refine(
        (value) =>
          value === 'enquiry' || /^message#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z(#[\w-]{1,40})?$/.test(value),
        "'enquiry' or 'message#<the message's time>'",
      ),
    ),
});
export type TranslateAgainRequest = z.output<typeof translateAgainSchema>;
