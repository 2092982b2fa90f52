/**
 * The dashboard's counts follow an enquiry: a removed one that was open
 * leaves the open counts (once it has gone, so a retry counts it once); a
 * merged pair counts as one enquiry (the one merged away leaves the counts,
 * an undo puts it back); a message split out is a new enquiry, counted as received.
 */
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { aggregates } from './adapters/stores';
import { countReceived, countRemoved } from './dashboard';

export const dashboardPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'dashboard',
  tables: { aggregates },
  async uncount(deps, enquiry) {
    await countRemoved(deps, enquiry);
  },
  async merged(deps, { source }) {
    await countReceived(deps, source, -1);
  },
  async unmerged(deps, { source }) {
    await countReceived(deps, source);
  },
  async split(deps, { to }) {
    await countReceived(deps, to);
  },
});
