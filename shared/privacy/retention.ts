/**
 * How long the product keeps what, defined once: the retention job deletes
 * by these periods, and the privacy notice and the consent text state them
 * (the page copy says `{enquiryPeriod}`, `{accessLogPeriod}` and `{backupPeriod}`, filled from
 * here at build time), so the page never promises other periods than the
 * product keeps.
 */
import type { KeptBox } from '../conversation/visitor-messages';
import type { LocaleCode } from '../locales';

const ACCESS_LOG_MONTHS = 24;

export const RETENTION = {
  /** An enquiry, its notes, replies and mail records: this long after its last activity. */
  enquiryMonths: 36,
  /** Suspected spam: this long after it arrived. */
  spamDays: 30,
  /** Access-log records (who read or changed what): Korean rules ask for at least two years. */
  accessLogMonths: ACCESS_LOG_MONTHS,
  /**
   * An earlier version of a reply template, from when a save replaced it: as
   * long as the access-log row that says what that save changed. By time,
   * not by count: a burst of saves cannot push the good versions out.
   */
  templateVersionMonths: ACCESS_LOG_MONTHS,
  /**
   * The tables' point-in-time backups (for recovery after a fault or a bad
   * write): an erased or expired enquiry stays restorable from them for this
   * long, then it is gone. The stack sets the tables' recovery period to it.
   */
  backupDays: 35,
} as const;

const MONTH_MS = 30.436875 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const enquiryRetentionMs = () => RETENTION.enquiryMonths * MONTH_MS;
export const spamRetentionMs = () => RETENTION.spamDays * DAY_MS;
/**
 * Received mail kept apart from the threads: an unmatched message as long as
 * an enquiry (it may be a visitor's), the others (quarantined, auto-replies,
 * refused) as long as suspected spam, from when it arrived. The retention job
 * removes each with its raw message when its period ends.
 */
export const keptMailRetentionMs = (box: KeptBox) => (box === 'unmatched' ? enquiryRetentionMs() : spamRetentionMs());
/**
 * How much later than its period a kept message's item expires by the
 * table's TTL: a backstop only, after the daily retention job has removed it
 * with its raw message (the TTL cannot remove an object; were it first, the
 * raw message would be left behind).
 */
export const KEPT_MAIL_TTL_MARGIN_MS = 2 * DAY_MS;
/**
 * When the inbound bucket's lifecycle rule expires a raw message: after the
 * longest any kept message's item may name it. A backstop for a message
 * never filed; the job and erasure remove the others in time.
 */
export const inboundRawExpiryDays = () =>
  Math.ceil((keptMailRetentionMs('unmatched') + KEPT_MAIL_TTL_MARGIN_MS) / DAY_MS) + 1;
export const accessLogRetentionSeconds = () => Math.round((RETENTION.accessLogMonths * MONTH_MS) / 1000);
export const templateVersionRetentionSeconds = () => Math.round((RETENTION.templateVersionMonths * MONTH_MS) / 1000);

/** A number of months as a person says it in the page's language: whole years as years ("3 years", "3년", "3 года"). */
export function periodText(months: number, locale: LocaleCode): string {
  const years = months % 12 === 0;
  const unit = years ? 'year' : 'month';
  const text = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    years ? months / 12 : months,
  );
  // Japanese writes "3年" without the space ICU puts in.
  return locale === 'ja' ? text.replace(/(\d) (?=[年か])/g, '$1') : text;
}

/** A number of days as a person says it in the page's language ("35 days", "35일", "35 дней"). */
export function daysText(days: number, locale: LocaleCode): string {
  const text = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
  return locale === 'ja' ? text.replace(/(\d) (?=日)/g, '$1') : text;
}

/** Copy with the retention periods filled in. */
export function withRetentionPeriods(text: string, locale: LocaleCode): string {
  return text
    .replaceAll('{enquiryPeriod}', periodText(RETENTION.enquiryMonths, locale))
    .replaceAll('{accessLogPeriod}', periodText(RETENTION.accessLogMonths, locale))
    .replaceAll('{backupPeriod}', daysText(RETENTION.backupDays, locale));
}
