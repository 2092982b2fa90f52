import type { Section } from '../../shared/enquiries/enums';
import type { EnquiryFilter } from '../../shared/enquiries/enquiry';
import type { EnquiryStatus } from '../../shared/work/enquiry-work';
import type { CounterStore, EnquiryList, StoredEnquiry } from './ports';

/**
 * Every enquiry sits in two newest-first lists: its list (`ALL`, or `SPAM`
 * for suspected spam) and that list's section. Each list numbers its
 * enquiries 1, 2, 3, ... from a counter, so a list's counter is its total and
 * any page is a key-range read, whatever the table's size.
 */
export function listName(spam: boolean): string {
  return spam ? 'SPAM' : 'ALL';
}

export function sectionListName(spam: boolean, section: Section): string {
  return `${listName(spam)}#${section}`;
}

export function listForFilter(filter: EnquiryFilter): EnquiryList {
  const spam = filter.spam === true;
  return filter.section
    ? { partition: sectionListName(spam, filter.section), bySection: true }
    : { partition: listName(spam), bySection: false };
}

/** Counter that numbers a list's enquiries. */
export function sequenceCounter(partition: string): string {
  return `seq:${partition}`;
}

export const POST_INDEX_COUNTER = 'POST_INDEX';

export function sequenceIn(list: EnquiryList, enquiry: StoredEnquiry): number {
  return list.bySection ? enquiry.SECTION_SEQ : enquiry.LIST_SEQ;
}

/**
 * The work lists an enquiry of this status and owner belongs to (index keys
 * on the item), each counted by `countCounter`: so a filter's page is one
 * index query and its total one counter read, whatever the table's size.
 */
export function workListKeys(
  status: EnquiryStatus,
  owner: string,
): Required<Pick<StoredEnquiry, 'STATUS_LIST' | 'OWNER_LIST' | 'STATUS_OWNER'>> {
  const who = owner || '-';
  return { STATUS_LIST: `status:${status}`, OWNER_LIST: `owner:${who}`, STATUS_OWNER: `status-owner:${status}#${who}` };
}

/** Counter that holds how many enquiries a work list has now. */
export function countCounter(listKey: string): string {
  return `count:${listKey}`;
}

/** Counter of a list's enquiries removed since (retention, erasure): a list's total is its last sequence less this. */
export function removedCounter(partition: string): string {
  return `removed:${partition}`;
}

/**
 * An enquiry leaves its lists (removed, merged away) or comes back to them (a
 * merge undone): the list totals count it as removed, its work lists count it
 * no more (or again). Not a transaction: a failure leaves a count one off.
 */
export async function countInLists(
  counters: Pick<CounterStore, 'add'>,
  enquiry: Pick<StoredEnquiry, 'LIST' | 'SECTION_LIST' | 'STATUS_LIST' | 'OWNER_LIST' | 'STATUS_OWNER'>,
  change: 'leaves' | 'returns',
): Promise<void> {
  const delta = change === 'leaves' ? 1 : -1;
  const workLists = [enquiry.STATUS_LIST, enquiry.OWNER_LIST, enquiry.STATUS_OWNER].filter(
    (key): key is string => key !== undefined,
  );
  await Promise.all([
    counters.add(removedCounter(enquiry.LIST), delta),
    counters.add(removedCounter(enquiry.SECTION_LIST), delta),
    ...workLists.map((key) => counters.add(countCounter(key), -delta)),
  ]);
}
