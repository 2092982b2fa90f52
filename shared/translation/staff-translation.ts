/**
 * Translations as staff see them: the detail page's (the
 * enquiry's texts) and each visitor message's in the thread, and the
 * request that asks for one again. The stored job keeps more (attempts,
 * its queue); staff see where it stands, and once made the texts with the
 * engine's name.
 */

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
  /** Capped by its enquiry's or sender's share of the day, not by the day's cap: asking again has it made today. */
  overShare?: boolean;
}
