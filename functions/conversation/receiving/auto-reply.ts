/**
 * Mail a machine wrote: out-of-office answers, vacation notices, bounces and
 * delivery reports, list mail. It is kept apart (the inbound mail table's
 * `auto-reply` box), never put in a thread as the visitor's message (it would
 * reopen the enquiry, show on the visitor's page as their words and notify
 * the owner of an answer) and never answered (two autoresponders would
 * answer each other for ever).
 *
 * The headers decide first: the signs RFC 3834 asks of automatic responders
 * (Auto-Submitted), the older headers Exchange, vacation(1) and many
 * providers still send, the report type of bounces (RFC 6522), and the
 * addresses bounces come from; `Auto-Submitted: no` says a person wrote it,
 * whatever the subject. Only then the subject, and only when it begins with
 * the marker a client puts there (`Automatic reply: …`, `Автоответ: …`,
 * `[자동 응답] …`), since some responders (Yandex, Mail.ru, older Exchange)
 * send no header at all: a patient's subject that merely has "out of office"
 * in a sentence is theirs.
 */

/** The headers of a message, as mailparser keeps them (lower-case names). */
export type MessageHeaders = ReadonlyMap<string, unknown>;

/** A header's text: a plain string, or the `value` of a structured one (Content-Type, Precedence as mailparser reads them). */
export function headerText(headers: MessageHeaders, name: string): string {
  const value = headers.get(name);
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return '';
}

const BULK_PRECEDENCE = ['bulk', 'junk', 'auto_reply', 'list'];
/** Local parts bounces and reports come from. */
const MACHINE_SENDERS = /^(mailer-daemon|postmaster)@/i;
/**
 * Exchange's X-Auto-Response-Suppress values that only a machine's mail
 * carries (it asks that nothing answer it automatically): `All`, `OOF` (an
 * out-of-office) and `AutoReply`. `DR`, `NDR`, `RN` and `NRN` ask only that
 * no delivery or read receipt come back, which a person's client may ask too.
 */
const MACHINE_SUPPRESSIONS = ['all', 'oof', 'autoreply'];

/** A header's first word, lower case: `auto-replied (vacation)` is `auto-replied`. */
const firstWord = (text: string) => (/^[^\s;(]*/.exec(text.trim().toLowerCase())?.[0] ?? '').trim();

export type AutoReplySign =
  /** The headers say a machine wrote it. */
  | { by: 'headers'; sign: string }
  /** Its subject begins with an automatic reply's marker (no header said so): a guess staff can undo by attaching it. */
  | { by: 'subject'; sign: string };

/** What the headers say: a machine's (its sign), a person's (`Auto-Submitted: no`), or nothing either way. */
export function headerSign(headers: MessageHeaders, from: string): string | 'person' | undefined {
  const autoSubmitted = firstWord(headerText(headers, 'auto-submitted'));
  if (autoSubmitted === 'no') return 'person';
  if (autoSubmitted) return `Auto-Submitted: ${autoSubmitted}`;
  for (const name of ['x-autoreply', 'x-autorespond'])
    if (headers.has(name) && firstWord(headerText(headers, name)) !== 'no')
      return name === 'x-autoreply' ? 'X-Autoreply' : 'X-Autorespond';
  const precedence = firstWord(headerText(headers, 'precedence'));
  if (BULK_PRECEDENCE.includes(precedence)) return `Precedence: ${precedence}`;
  const suppress = headerText(headers, 'x-auto-response-suppress')
    .toLowerCase()
    .split(/[\s,]+/);
  if (suppress.some((value) => MACHINE_SUPPRESSIONS.includes(value))) return 'X-Auto-Response-Suppress';
  if (headerText(headers, 'content-type').trim().toLowerCase() === 'multipart/report') return 'multipart/report';
  if (MACHINE_SENDERS.test(from)) return 'bounce sender';
  return undefined;
}

/**
 * The markers mail clients and providers put at the start of an automatic
 * reply's subject, in the patients' languages and the staff's: Outlook's and
 * Exchange's in each of its languages, Gmail's and Naver's vacation
 * responders, Yandex's and Mail.ru's, QQ's and 163.com's. Compared in NFKC
 * and lower case, so a full-width colon or `AUTOMATIC REPLY` match too.
 */
export const AUTO_REPLY_SUBJECT_MARKERS = [
  'out of office autoreply',
  'out of office reply',
  'out of office',
  'out of the office',
  'automatic reply',
  'auto reply',
  'autoreply',
  'auto-reply',
  'auto response',
  'autoresponse',
  'автоответ',
  'автоматический ответ',
  'автоответчик',
  '自动回复',
  '自動回覆',
  '自動回复',
  '自動応答',
  '自動返信',
  '自動送信',
  'trả lời tự động',
  'thư trả lời tự động',
  '자동 응답',
  '자동응답',
  '자동 회신',
  '자동회신',
  '부재중',
  '부재 중',
] as const;

/** Longest first: `out of office autoreply:` is that marker, not `out of office` followed by a word. */
const MARKERS_LONGEST_FIRST = [...AUTO_REPLY_SUBJECT_MARKERS].sort((a, b) => b.length - a.length);

/** What may follow a marker: a colon (any width, NFKC makes them one), a closing bracket, a dash, or the subject's end. */
const AFTER_MARKER = /^\s*(?::|\]|\)|】|-|–|$)/;
/** What may come before it: nothing, or an opening bracket. */
const BEFORE_MARKER = /^\s*[[(【]?\s*/;

/** The marker an automatic reply's subject begins with, or `undefined` (a person's subject, or one with the marker later on). */
export function subjectMarker(subject: string): string | undefined {
  const normal = subject.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
  const rest = normal.replace(BEFORE_MARKER, '');
  return MARKERS_LONGEST_FIRST.find(
    (marker) => rest.startsWith(marker) && AFTER_MARKER.test(rest.slice(marker.length)),
  );
}

/** Why a message is a machine's (`undefined`: a person's, as far as the headers and the subject tell). */
export function autoReplySign(headers: MessageHeaders, from: string, subject: string): AutoReplySign | undefined {
  const byHeaders = headerSign(headers, from);
  if (byHeaders === 'person') return undefined;
  if (byHeaders) return { by: 'headers', sign: byHeaders };
  const marker = subjectMarker(subject);
  return marker ? { by: 'subject', sign: marker } : undefined;
}
