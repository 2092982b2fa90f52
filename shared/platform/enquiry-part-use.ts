/**
 * What a feature keeps about an enquiry needs of the stores, declared once
 * in its shared folder (`<feature>/enquiry-part.ts`), beside the hooks its
 * functions register (functions/<feature>/enquiry-part.ts): the routes and
 * jobs that remove an enquiry or hand it to its subject are granted what
 * every part declares (../enquiry-parts.ts), and name no feature.
 */
import type { Access } from './access';
import type { BucketKey } from './buckets';
import type { TableKey } from '../tables';

export interface ResourceNeeds {
  tables?: Partial<Record<TableKey, Access>>;
  buckets?: Partial<Record<BucketKey, Access>>;
}

export interface EnquiryPartUse {
  /** To remove it with the enquiry: an erasure, the retention job. */
  erase: ResourceNeeds;
  /** To hand it over with the enquiry to its subject (the right of access), when it is handed over. */
  subject?: ResourceNeeds;
  /** To follow the enquiry when it is merged into another, the merge undone, or a message split out of it. */
  merge?: ResourceNeeds;
}
