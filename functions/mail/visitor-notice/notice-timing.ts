/**
 * When the owner's notice of a visitor's message goes (notice-gathering.ts
 * says why it waits): queued due at the end of its gathering, or of its
 * translation's wait if that is longer; sent by the mail retry job then, or
 * by the translation job once it has tried the translation and the gathering
 * is over. With NOTICE_GATHER_SECONDS at 0, as any mail: tried at once by
 * whoever queued it, unless it waits for its translation.
 */
import { OUTBOX_QUEUES } from '../../../shared/tables';
import { noticeWaitMs, waitsForTranslation } from '../notice-translation';
import { pendingMail } from '../outbox/mail-delivery';
import type { MoveDeps } from '../outbox/outbox-moves';
import type { OutboxMail } from '../ports';
import { type GatherSettings, noticeGatherMs } from './notice-gathering';

/**
 * The owner's notice of a message as it is queued: due when its gathering
 * ends (or its translation's wait, if that is longer); with gathering off,
 * as any mail the send route tries at once.
 */
export function queuedVisitorNotice(
  settings: GatherSettings,
  now: number,
  fields: Pick<OutboxMail, 'mailId' | 'postIndex' | 'expiresAt'> & Partial<Pick<OutboxMail, 'translationSource'>>,
): OutboxMail {
  const translationWait = noticeWaitMs(settings, fields.translationSource);
  const mail = pendingMail(now, { ...fields, kind: 'visitor' }, translationWait);
  const gather = noticeGatherMs(settings);
  return gather > 0 ? { ...mail, nextAt: now + Math.max(gather, translationWait) } : mail;
}

/** Whether whoever queued the notice sends it now: not while it gathers, nor while it waits for its translation. */
export const sentByItsCaller = (settings: GatherSettings, mail: OutboxMail, now: number) =>
  noticeGatherMs(settings) === 0 && !waitsForTranslation(settings, mail, now);

/** Until when a queued notice gathers the messages that come after its own. */
export const gatheringEndsAt = (settings: GatherSettings, mail: Pick<OutboxMail, 'createdAt'>) =>
  mail.createdAt + noticeGatherMs(settings);

/**
 * A notice whose translation was tried before its gathering ended: due as
 * soon as the gathering ends, rather than at the end of the translation's
 * longer wait. Only while nobody has tried it.
 */
export async function dueWhenGathered(
  deps: Pick<MoveDeps, 'outbox'> & { settings: GatherSettings },
  mail: OutboxMail,
): Promise<void> {
  const end = gatheringEndsAt(deps.settings, mail);
  if (mail.status !== 'pending' || mail.attempts > 0 || (mail.nextAt ?? 0) <= end) return;
  await deps.outbox.transition(mail.mailId, mail, {
    status: 'pending',
    attempts: 0,
    queue: OUTBOX_QUEUES.due,
    nextAt: end,
  });
}
