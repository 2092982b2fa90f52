/** What the enquiry form reads of the page and the browser, apart from its model (form-model.ts) so that the component stays its own size. */
import type { FormValues } from './form-model';

/** The numbers from `from` to `to` as a select's options. */
export const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: String(from + i) }));

/** The server-rendered form of this island, when the island wakes in a page that has one. */
export function serverForm(idPrefix: string): HTMLFormElement | null {
  if (typeof document === 'undefined') return null;
  return document.getElementById(`${idPrefix}-user_name`)?.closest('form') ?? null;
}

/** Fields judged together: changing one clears the mark of all (a channel and its account; a check-in that may move the check-out). */
export const CHECKED_TOGETHER: (keyof FormValues)[][] = [
  ['contact_channel', 'contact_account'],
  ['start', 'finish'],
];

export const isBrowser = () => true;
/** Clock reads of the send handler (kept out of the component body, which the React compiler treats as render code). */
export const wallClock = () => Date.now();
export const monotonicClock = () => performance.now();
