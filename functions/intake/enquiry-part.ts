/** The claim of the submission an enquiry was made from goes with it. */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { submissions } from './adapters/stores';

export const intakePart = /* @__PURE__ */ defineEnquiryPart({
  name: 'intake',
  tables: { submissions },
  async erase(deps, { enquiry }) {
    if (enquiry.SUBMISSION_ID) await deps.submissions.remove(enquiry.SUBMISSION_ID);
  },
});
