/**
 * The day's machine-translation use: the translation job counts the characters
 * it sends per Korea-time day against TRANSLATE_DAILY_CHARS, and the dashboard
 * reads the same counter, so the figure staff see is the one the cap is
 * checked against. Its own file so the dashboard's bundle takes none of the job.
 */

/** A Korea-time day's count of characters sent to the engine (the counters table). */
export const translatedCharsCounter = (koreaDay: string) => `translate-chars#${koreaDay}`;
