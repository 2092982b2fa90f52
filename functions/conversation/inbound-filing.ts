/**
 * The steps that file one received mail (functions/conversation/inbound-processing.ts):
 * kept apart in its box, or counted toward the sender's and the enquiry's
 * limits and filed in its thread, then handed on.
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
