import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import type { StoredEnquiry } from '../../functions/enquiries/ports';
import { countCounter, sequenceCounter, workListKeys } from '../../functions/enquiries/enquiry-lists';
import type { FakeDeps } from './fakes';
import { sampleRecord } from './records';

/**
 * `count` enquiries straight into the fake tables, numbered 1..count, in the
 * lists a message box and an export read (all, the hotel section, new), with
 * the counters those lists keep.
 */
export function storeListedEnquiries(deps: FakeDeps, count: number, overrides: Partial<EnquiryRecord> = {}): void {
  for (let index = 1; index <= count; index += 1) {
    const { REFERENCE: _reference, ...record } = sampleRecord(index, { EMAIL: `v${index}@example.test`, ...overrides });
    const stored: StoredEnquiry = {
      ...record,
      LIST: 'ALL',
      LIST_SEQ: index,
      SECTION_LIST: 'ALL#호텔예약',
      SECTION_SEQ: index,
      EMAIL_KEY: `v${index}@example.test`,
      MAIL_ATTEMPTS: 1,
      ...workListKeys('new', ''),
    };
    deps.enquiries.items.set(index, stored);
  }
  for (const counter of [
    sequenceCounter('ALL'),
    sequenceCounter('ALL#호텔예약'),
    'POST_INDEX',
    countCounter(workListKeys('new', '').STATUS_LIST),
  ]) {
    deps.counters.values.set(counter, count);
  }
}
