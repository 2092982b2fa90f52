/**
 * The machine translations of an enquiry's texts go with the originals:
 * removed with the enquiry, and a message moved to another enquiry (a merge,
 * its undo, a split) takes its translation along, as a copy under the other
 * enquiry (the copy left behind goes with that enquiry).
 */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { translations } from './adapters/stores';
import { messageSource } from './translation-queue';

export const translationPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'translation',
  tables: { translations },
  async erase(deps, { enquiry }) {
    await deps.translations.removeEnquiry(enquiry.POST_INDEX);
  },
  async moved(deps, { from, to, events }) {
    const jobs = await Promise.all(
      events.map((event) => deps.translations.get(from.POST_INDEX, messageSource(event.at))),
    );
    // `add` keeps a translation the other enquiry has already: a retried move copies each once.
    for (const job of jobs) if (job) await deps.translations.add({ ...job, postIndex: to.POST_INDEX });
  },
});
