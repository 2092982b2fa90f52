/**
 * The machine translations of an enquiry's texts go with the originals:
 * removed with the enquiry, and a message moved to another enquiry (a merge,
 * its undo, a split) takes its translation along: added there before it is
 * removed here, so a failure midway leaves it in both, never in neither; a
 * message split out into a new enquiry has its text translated as any new one's.
 */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { translations } from './adapters/stores';
import { messageSource, queueEnquiryTranslation } from './translation-queue';

export const translationPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'translation',
  tables: { translations },
  async erase(deps, { enquiry }) {
    await deps.translations.removeEnquiry(enquiry.POST_INDEX);
  },
  // A message split out opens an enquiry of its own: its text is translated as any new enquiry's.
  async split(deps, { to }) {
    await queueEnquiryTranslation(deps, to);
  },
  async moved(deps, { from, to, events }) {
    const jobs = await Promise.all(
      events.map((event) => deps.translations.get(from.POST_INDEX, messageSource(event.at))),
    );
    // `add` keeps a translation the other enquiry has already: a retried move copies each once.
    for (const job of jobs) if (job) await deps.translations.add({ ...job, postIndex: to.POST_INDEX });
    await deps.translations.remove(
      from.POST_INDEX,
      jobs.flatMap((job) => (job ? [job.source] : [])),
    );
  },
});
