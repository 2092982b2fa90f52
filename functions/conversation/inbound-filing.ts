/**
 * The steps that file one received mail (functions/conversation/inbound-processing.ts):
 * kept apart in its box, or counted toward the sender's and the enquiry's
 * limits and filed in its thread, then handed on.
 *
 * The limits count only what a forger cannot choose: the enquiry, and the
 * sender's address only when the sender is authenticated
 * (receiving/sender-authentication.ts). An enquiry counts its mails in three
 * allowances, so none can use up another's: the visitor's own (authenticated
 * from the enquiry's address), other authenticated senders' (a relative, a
 * second mailbox), and unauthenticated mail's, which anyone holding the reply
 * address can write.
 */
import { KEPT_MAIL_TTL_MARGIN_MS, keptMailRetentionMs } from '../../shared/privacy/retention';
import type { EnquiryEvent } from '../work/ports';
import { visitorMessageStored } from './receiving/hand-on';
import type { InboundDeps, InboundOutcome, ReceivedMail } from './inbound-types';
import type { KeptMail } from './ports';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Keeps a message apart; what a box is kept for (keptMailRetentionMs): an
 * unmatched one as long as an enquiry, the others as long as suspected spam.
 * The retention job removes it then, with its raw message; the TTL is a
 * backstop a little later.
 */
export async function keepApart(
  deps: InboundDeps,
  mail: ReceivedMail,
  kept: Omit<KeptMail, 'receivedAt' | 'rawKey' | 'recipients' | 'verdicts' | 'expiresAt'>,
): Promise<InboundOutcome> {
  const keepFor = keptMailRetentionMs(kept.box) + KEPT_MAIL_TTL_MARGIN_MS;
  const item: KeptMail = {
    ...kept,
    receivedAt: new Date(mail.receivedAt).toISOString(),
    rawKey: mail.rawKey,
    recipients: [...mail.recipients],
    verdicts: mail.verdicts,
    expiresAt: seconds(mail.receivedAt + keepFor),
  };
  const firstTime = await deps.keptMail.keep(item);
  deps.log.info('received mail kept apart', { box: kept.box, reason: kept.reason, firstTime });
  return {
    outcome: 'kept',
    box: kept.box,
    reason: kept.reason,
    key: kept.key,
    ...(kept.postIndex !== undefined ? { postIndex: kept.postIndex } : {}),
    firstTime,
  };
}

/** A limit on what is filed: a throttle key, its window and the most within it. */
export interface Limit {
  key: string;
  windowSeconds: number;
  max: number;
}

/** Whose allowance on its enquiry a mail uses. */
export type SenderStanding = 'enquiry-address' | 'authenticated' | 'unauthenticated';

export function senderStanding(from: string, authenticated: boolean, enquiry: { EMAIL: string }): SenderStanding {
  if (!authenticated) return 'unauthenticated';
  return from === enquiry.EMAIL.trim().toLowerCase() ? 'enquiry-address' : 'authenticated';
}

/** An authenticated sender's hourly limit, whatever enquiry it writes to (an unauthenticated From is not counted: anyone can write it). */
export const senderLimit = (from: string, settings: InboundDeps['settings']): Limit => ({
  key: `inbound:sender:${from}`,
  windowSeconds: 60 * 60,
  max: settings.INBOUND_PER_SENDER_PER_HOUR,
});

/** An enquiry's daily limit for one standing of sender: each has the whole INBOUND_PER_ENQUIRY_PER_DAY. */
export const enquiryLimit = (
  postIndex: number,
  standing: SenderStanding,
  settings: InboundDeps['settings'],
): Limit => ({
  key: `inbound:enquiry:${postIndex}:${standing}`,
  windowSeconds: 24 * 60 * 60,
  max: settings.INBOUND_PER_ENQUIRY_PER_DAY,
});

/** Counts one more toward a limit; `true` when past it. The count is given back if the message is not stored after all (a failure), so its retry is not refused. */
export async function overLimit(deps: InboundDeps, counted: Limit[], limit: Limit): Promise<boolean> {
  const count = await deps.throttle.hit(limit.key, limit.windowSeconds, deps.clock.now());
  counted.push(limit);
  return count > limit.max;
}

/** Gives back what a message counted toward its limits (a failure to give one back only leaves a count one high). */
export async function releaseCounts(deps: InboundDeps, counted: readonly Limit[]): Promise<void> {
  await Promise.all(
    counted.map((limit) =>
      deps.throttle.release(limit.key, limit.windowSeconds, deps.clock.now()).catch(() => undefined),
    ),
  );
}

/** The visitor's message under this key, when an earlier try of the same message filed it. */
export async function filedAlready(
  deps: InboundDeps,
  postIndex: number,
  at: string,
): Promise<EnquiryEvent | undefined> {
  return (await deps.events.list(postIndex)).find((event) => event.at === at && event.type === 'visitorMessage');
}

/** A message in its thread, handed on; one an earlier try filed counts toward no limit again. */
export async function filed(
  deps: InboundDeps,
  event: EnquiryEvent,
  firstTime: boolean,
  counted: Limit[],
): Promise<InboundOutcome> {
  if (!firstTime) await releaseCounts(deps, counted.splice(0));
  deps.log.info('visitor message filed', {
    postIndex: event.postIndex,
    firstTime,
    attachments: event.visitor?.attachments.length ?? 0,
  });
  // Handed on again when it was there already: the earlier try may have failed after storing it.
  await visitorMessageStored(deps, event, firstTime);
  return { outcome: 'thread', postIndex: event.postIndex, event, firstTime };
}
