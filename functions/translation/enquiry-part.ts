/** The machine translations of an enquiry's texts go with the originals. */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { translations } from './adapters/stores';

export const translationPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'translation',
  tables: { translations },
  async erase(deps, { enquiry }) {
    await deps.translations.removeEnquiry(enquiry.POST_INDEX);
  },
});
