/**
 * Where a visitor's message by mail, once stored in its enquiry's thread, is
 * handed on: the enquiry reacts (`visitorWrote`, functions/work/: the
 * "visitor replied" state, unread for its owner, the owner's notice, the
 * dashboard's reply times), as it does to a message from the visitor's page.
 * It runs again when the same message is processed again (`firstTime` false:
 * an earlier try may have failed after storing it); `visitorWrote` does its
 * work once whatever the number of calls, by the message's time. A failure
 * here throws: the message is processed again.
 */
import { eventInstant } from '../../../shared/work/enquiry-work';
import type { EnquiryEvent } from '../../work/ports';
import { type VisitorWroteDeps, visitorWrote } from '../../work/visitor-wrote';
import { type QueueDeps, queueMessageTranslation } from '../../translation/translation-queue';

export async function visitorMessageStored(
  deps: VisitorWroteDeps & Pick<QueueDeps, 'translations'>,
  event: EnquiryEvent,
  firstTime: boolean,
): Promise<void> {
  deps.log.debug('visitor message handed on', { postIndex: event.postIndex, at: event.at, firstTime });
  await visitorWrote(deps, {
    postIndex: event.postIndex,
    at: Date.parse(eventInstant(event.at)),
    channel: 'mail',
    preview: event.text ?? '',
    eventAt: event.at,
  });
  // Staff read it in Korean too, once the translation job has made it; queued once however often this runs.
  if (event.text) await queueMessageTranslation(deps, event.postIndex, event.at, event.text);
}
