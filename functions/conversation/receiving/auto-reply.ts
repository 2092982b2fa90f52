/**
 * Mail a machine wrote: out-of-office answers, vacation notices, bounces and
 * delivery reports, list mail. It is kept apart (the inbound mail table's
 * `auto-reply` box), never put in a thread as the visitor's message (it would
 * reopen the enquiry) and never answered (two autoresponders would answer
 * each other for ever). The signs are the ones RFC 3834 asks of automatic
 * responders (Auto-Submitted), the older headers Exchange, vacation(1) and
 * many providers still send, the report type of bounces (RFC 6522), and the
 * addresses bounces come from.
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

/** Why a message is a machine's (`undefined`: a person's, as far as the headers tell). */
export function autoReplySign(headers: MessageHeaders, from: string): string | undefined {
  const autoSubmitted = headerText(headers, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return `Auto-Submitted: ${autoSubmitted}`;
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return 'X-Autoreply';
  const precedence = headerText(headers, 'precedence').trim().toLowerCase();
  if (BULK_PRECEDENCE.includes(precedence)) return `Precedence: ${precedence}`;
  if (headerText(headers, 'content-type').trim().toLowerCase() === 'multipart/report') return 'multipart/report';
  if (MACHINE_SENDERS.test(from)) return 'bounce sender';
  return undefined;
}
