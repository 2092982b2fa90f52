/**
 * The enquiries table and its indexes, one of the DynamoDB tables of
 * shared/tables.ts (where it is listed with every other table).
 */
import type { TableDefinition } from '../platform/table-definition';

/** Index names of the enquiries table. */
export const ENQUIRY_INDEXES = {
  /** Newest first within a list (`ALL` or `SPAM`) by list sequence: O(page) paging and jumps. */
  byList: 'byList',
  /** The same within one section of a list. */
  bySection: 'bySection',
  /** A list by receive time, to find where a date range starts and ends. */
  byListTime: 'byListTime',
  bySectionTime: 'bySectionTime',
  /** Work lists, newest first by POST_INDEX: one status, one owner, or both (sparse: spam has none). */
  byStatus: 'byStatus',
  byOwner: 'byOwner',
  byStatusOwner: 'byStatusOwner',
  /** One visitor's enquiries, by their address in lower case (the rights of access and erasure). */
  byEmail: 'byEmail',
  /** One visitor's enquiries by their phone number (PHONE_KEY, shared/merging/phone-key.ts; sparse: none without a number). */
  byPhone: 'byPhone',
  /** A list (`ALL` or `SPAM`) by last activity, oldest first: what the retention job removes next. */
  byActivity: 'byActivity',
} as const;

const SEQUENCES = ['LIST_SEQ', 'SECTION_SEQ'] as const;

export const ENQUIRIES_TABLE = {
  envVar: 'TABLE_ENQUIRIES',
  purpose:
    "Enquiries sent by visitors, keyed by POST_INDEX, with the SHA-256 of each link to the visitor's page that works (never a link).",
  partitionKey: { name: 'POST_INDEX', type: 'N' },
  globalIndexes: [
    {
      name: ENQUIRY_INDEXES.byList,
      partitionKey: { name: 'LIST', type: 'S' },
      sortKey: { name: 'LIST_SEQ', type: 'N' },
      projection: 'ALL',
    },
    {
      name: ENQUIRY_INDEXES.bySection,
      partitionKey: { name: 'SECTION_LIST', type: 'S' },
      sortKey: { name: 'SECTION_SEQ', type: 'N' },
      projection: 'ALL',
    },
    {
      name: ENQUIRY_INDEXES.byListTime,
      partitionKey: { name: 'LIST', type: 'S' },
      sortKey: { name: 'RECEIVED_AT', type: 'S' },
      projection: SEQUENCES,
    },
    {
      name: ENQUIRY_INDEXES.bySectionTime,
      partitionKey: { name: 'SECTION_LIST', type: 'S' },
      sortKey: { name: 'RECEIVED_AT', type: 'S' },
      projection: SEQUENCES,
    },
    {
      name: ENQUIRY_INDEXES.byStatus,
      partitionKey: { name: 'STATUS_LIST', type: 'S' },
      sortKey: { name: 'POST_INDEX', type: 'N' },
      projection: 'ALL',
    },
    {
      name: ENQUIRY_INDEXES.byOwner,
      partitionKey: { name: 'OWNER_LIST', type: 'S' },
      sortKey: { name: 'POST_INDEX', type: 'N' },
      projection: 'ALL',
    },
    {
      name: ENQUIRY_INDEXES.byStatusOwner,
      partitionKey: { name: 'STATUS_OWNER', type: 'S' },
      sortKey: { name: 'POST_INDEX', type: 'N' },
      projection: 'ALL',
    },
    {
      name: ENQUIRY_INDEXES.byEmail,
      partitionKey: { name: 'EMAIL_KEY', type: 'S' },
      sortKey: { name: 'POST_INDEX', type: 'N' },
      projection: [],
    },
    {
      name: ENQUIRY_INDEXES.byPhone,
      partitionKey: { name: 'PHONE_KEY', type: 'S' },
      sortKey: { name: 'POST_INDEX', type: 'N' },
      projection: [],
    },
    {
      name: ENQUIRY_INDEXES.byActivity,
      partitionKey: { name: 'LIST', type: 'S' },
      sortKey: { name: 'UPDATED_AT', type: 'S' },
      projection: ['LEGAL_HOLD'],
    },
  ],
} as const satisfies TableDefinition;
