/** A removed enquiry that was open leaves the dashboard's open counts (once it has gone, so a retry counts it once). */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { aggregates } from './adapters/stores';
import { countRemoved } from './dashboard';

export const dashboardPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'dashboard',
  tables: { aggregates },
  async uncount(deps, enquiry) {
    await countRemoved(deps, enquiry);
  },
});
