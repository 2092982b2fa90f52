/**
 * Where staff stand with an enquiry follows a merge: a visitor's message the
 * source was waiting on (unread, or the source waiting for us) keeps waiting
 * in the target. A target answered or closed is waiting for us again, and the
 * message is unread there until its owner opens it, so no patient's words
 * sit unseen in an enquiry staff thought done.
 */
import { enquiries, counters } from '../enquiries/adapters/stores';
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { aggregates } from '../dashboard/adapters/stores';
import { storeWork } from './enquiry-work';

/** Reads again after someone else changed the target first; more than this many in a row is not a race but a fault. */
const ATTEMPTS = 5;

const later = (a: string | undefined, b: string | undefined) => (a === undefined || (b !== undefined && b > a) ? b : a);

export const workPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'work',
  tables: { enquiries, counters, aggregates },
  async merged(deps, { source, target }) {
    const waiting =
      source.UNREAD_VISITOR_AT ?? (source.STATUS === 'visitor_replied' ? source.LAST_VISITOR_AT : undefined);
    if (waiting === undefined) return;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const current = (await deps.enquiries.get(target.POST_INDEX)) ?? target;
      const status = current.STATUS === 'answered' || current.STATUS === 'closed' ? 'visitor_replied' : current.STATUS;
      const unread = later(current.UNREAD_VISITOR_AT, waiting);
      const lastVisitor = later(current.LAST_VISITOR_AT, source.LAST_VISITOR_AT);
      const stored = await storeWork(deps, current, current.VERSION ?? 0, {
        STATUS: status ?? 'new',
        OWNER: current.OWNER ?? '',
        UPDATED_AT: new Date(deps.clock.now()).toISOString(),
        ...(unread ? { UNREAD_VISITOR_AT: unread } : {}),
        ...(lastVisitor ? { LAST_VISITOR_AT: lastVisitor } : {}),
      });
      if (stored) return;
    }
    throw new Error(`The enquiry ${target.POST_INDEX} keeps changing; the merge is finished on its retry.`);
  },
});
