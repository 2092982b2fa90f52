/** A removed enquiry leaves the index of each of its tags. */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { tagIndex } from './adapters/stores';
import { untagRemoved } from './tags';

export const tagsPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'tags',
  tables: { tagIndex },
  async erase(deps, { enquiry }) {
    await untagRemoved(deps, enquiry);
  },
});
