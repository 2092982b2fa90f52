/**
 * The owner's notice of a visitor's message in the outbox: one id per
 * message (its enquiry and its time), so whoever queues it again (a retry)
 * finds the one queued, and a notice that gathers others finds theirs.
 */

/** The notice of the message written in `postIndex` at `at` (epoch ms). */
export const visitorNoticeId = (postIndex: number, at: number) => `${postIndex}:visitor:${at}`;

/** The time of the message a notice is of, read from its id; `undefined` for any other mail. */
export function noticedMessageAt(mailId: string): number | undefined {
  const found = /^\d+:visitor:(\d+)$/.exec(mailId);
  return found ? Number(found[1]) : undefined;
}
