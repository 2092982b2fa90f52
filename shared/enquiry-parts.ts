/**
 * The shared tier's index of what the features keep about an enquiry (each
 * feature's `<feature>/enquiry-part.ts`), one line each, and the needs they
 * add up to: what removing an enquiry everywhere, and handing it to its
 * subject, and merging it into another, may touch. The functions tier's list (functions/enquiry-parts.ts)
 * names the same features; a test checks the two agree.
 */
import { combinedNeeds } from './platform/access';
import type { BucketKey } from './platform/buckets';
import { conversationPartUse } from './conversation/enquiry-part';
import { dashboardPartUse } from './dashboard/enquiry-part';
import { enquiryCoreUse } from './enquiries/enquiry-part';
import type { EnquiryPartUse, ResourceNeeds } from './platform/enquiry-part-use';
import { intakePartUse } from './intake/enquiry-part';
import { mailPartUse } from './mail/enquiry-part';
import { mergingPartUse } from './merging/enquiry-part';
import type { TableKey } from './tables';
import { tagsPartUse } from './tags/enquiry-part';
import { translationPartUse } from './translation/enquiry-part';
import { workPartUse } from './work/enquiry-part';

/** Each feature's declaration by its name, as the functions tier names its part. */
export const ENQUIRY_PART_USES: Readonly<Record<string, EnquiryPartUse>> = {
  mail: mailPartUse,
  conversation: conversationPartUse,
  translation: translationPartUse,
  intake: intakePartUse,
  tags: tagsPartUse,
  dashboard: dashboardPartUse,
  merging: mergingPartUse,
  work: workPartUse,
};

function neededBy(uses: readonly (ResourceNeeds | undefined)[]): ResourceNeeds {
  return {
    tables: combinedNeeds<TableKey>(...uses.map((use) => use?.tables)),
    buckets: combinedNeeds<BucketKey>(...uses.map((use) => use?.buckets)),
  };
}

const ALL_USES: readonly EnquiryPartUse[] = [enquiryCoreUse, ...Object.values(ENQUIRY_PART_USES)];

/** What removing an enquiry with everything kept about it touches. */
export const ENQUIRY_REMOVAL_NEEDS: ResourceNeeds = neededBy(ALL_USES.map((use) => use.erase));

/** What reading an enquiry with everything handed to its subject touches. */
export const ENQUIRY_SUBJECT_NEEDS: ResourceNeeds = neededBy(ALL_USES.map((use) => use.subject));

/** What merging two enquiries (and undoing it, and splitting a message out) touches besides the enquiries and their histories. */
export const ENQUIRY_MERGE_NEEDS: ResourceNeeds = neededBy(ALL_USES.map((use) => use.merge));
