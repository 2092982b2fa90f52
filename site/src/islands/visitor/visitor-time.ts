/**
 * Times on the visitor's page (VisitorPage.tsx), in the page's language and
 * Korea time, as the form took them and the acknowledgement says them.
 */
import { parseKoreaDateTime } from '../../../../shared/korea-time';
import type { VisitorLabels } from './types';

const KOREA = 'Asia/Seoul';

/** An instant, or a Korea-time `YYYY-MM-DD[ HH:mm]` as the form took it, in the page's language, Korea time named after a time (as the acknowledgement says it). */
export function when(lang: string, labels: VisitorLabels, value: string, stored = false): string {
  const instant = stored ? parseKoreaDateTime(value) : Date.parse(value);
  if (instant === undefined || Number.isNaN(instant)) return value;
  const withTime = !stored || value.length > 10;
  const text = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: KOREA,
  }).format(instant);
  return withTime ? `${text} ${labels['form.koreaTime']}` : text;
}

/** A message's time, shorter: its offset names the zone (Korea time). */
export const messageTime = (lang: string, at: string) =>
  new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: KOREA,
    timeZoneName: 'shortOffset',
  }).format(Date.parse(at));
