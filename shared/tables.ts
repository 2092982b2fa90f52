/**
 * The DynamoDB tables, defined once: the local emulator set-up and the CDK
 * stack both create them from these definitions, and the adapters read the
 * attribute and index names from here (the enquiries table's from its own
 * file, shared/enquiries/enquiry-table.ts).
 *
 * Expiry: `expiresAt` (epoch seconds) is a TTL attribute in production; the
 * emulator has no TTL, so the adapters also ignore expired items themselves.
 */
import { ENQUIRIES_TABLE } from './enquiries/enquiry-table';
import { EXPIRES_AT, type TableDefinition } from './platform/table-definition';

/** The outbox's one index: sparse, only mails that still have something to happen (a send, a digest). */
export const OUTBOX_INDEXES = { queue: 'queue' } as const;

/** The inbound mail table's indexes, each sparse (the sent mails' ids are in none), newest first by the time a message arrived. */
export const INBOUND_MAIL_INDEXES = {
  /** The messages kept in each box (KEPT_BOXES). */
  byBox: 'byBox',
  /** One sender's kept messages, by their address in lower case (the rights of access and erasure). */
  bySender: 'bySender',
  /** The kept messages about one enquiry (`enquiryIndex`: the enquiry matched, else the one the subject named), which go when it goes. */
  byEnquiry: 'byEnquiry',
} as const;

/** The translations table's one index: sparse, the translations still to make, by when they are due (in one queue, TRANSLATION_QUEUE). */
export const TRANSLATION_INDEXES = { due: 'due' } as const;
export const TRANSLATION_QUEUE = 'DUE';

/** The outbox queues (partitions of its sparse index): mails due for a send, mails held for the daily digest. */
export const OUTBOX_QUEUES = { due: 'DUE', digest: 'DIGEST' } as const;

export const TABLES = {
  enquiries: ENQUIRIES_TABLE,
  enquiryTags: {
    envVar: 'TABLE_ENQUIRY_TAGS',
    purpose:
      'Which enquiries carry each tag (one item per tag and enquiry, newest first by POST_INDEX), and the tags in use with how many enquiries carry each (one item).',
    partitionKey: { name: 'tag', type: 'S' },
    sortKey: { name: 'postIndex', type: 'N' },
    globalIndexes: [],
  },
  erasures: {
    envVar: 'TABLE_ERASURES',
    purpose:
      'Tombstones of erased enquiries: when, why, by whom and how many, with a keyed hash (HMAC) of the address (never the address); kept as long as the access log.',
    partitionKey: { name: 'erasureId', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  enquiryEvents: {
    envVar: 'TABLE_ENQUIRY_EVENTS',
    purpose:
      "Each enquiry's history and thread: received, status and owner changes, internal notes, replies with their words, the visitor's messages, link replacements (who, what, when).",
    partitionKey: { name: 'postIndex', type: 'N' },
    sortKey: { name: 'at', type: 'S' },
    globalIndexes: [],
  },
  translations: {
    envVar: 'TABLE_TRANSLATIONS',
    purpose:
      "Machine translations of what visitors wrote (an enquiry's texts, each of their messages), beside the originals, which stay as they are in their own tables: one partition per enquiry, each translation with its state, engine, languages and time.",
    partitionKey: { name: 'postIndex', type: 'N' },
    sortKey: { name: 'source', type: 'S' },
    globalIndexes: [
      {
        name: TRANSLATION_INDEXES.due,
        partitionKey: { name: 'queue', type: 'S' },
        sortKey: { name: 'nextAt', type: 'N' },
        projection: [],
      },
    ],
  },
  replyTemplates: {
    envVar: 'TABLE_REPLY_TEMPLATES',
    purpose:
      'Reply templates per enquiry section and page language, edited in the back office: the text now, its revision, who saved it and when.',
    partitionKey: { name: 'templateId', type: 'S' },
    globalIndexes: [],
  },
  replyTemplateVersions: {
    envVar: 'TABLE_REPLY_TEMPLATE_VERSIONS',
    purpose:
      'Earlier versions of each reply template (one item per revision a save replaced, newest first by revision), written once, kept RETENTION.templateVersionMonths after they were replaced.',
    partitionKey: { name: 'templateId', type: 'S' },
    sortKey: { name: 'revision', type: 'N' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  outbox: {
    envVar: 'TABLE_OUTBOX',
    purpose:
      'Every mail the product sends (staff notification, acknowledgement, reply, digest, mails to staff accounts), its state and retries: the attempt is recorded before each send, so a mail is never sent twice. A one-time link waits sealed; mails to staff accounts expire.',
    partitionKey: { name: 'mailId', type: 'S' },
    globalIndexes: [
      {
        name: OUTBOX_INDEXES.queue,
        partitionKey: { name: 'queue', type: 'S' },
        sortKey: { name: 'nextAt', type: 'N' },
        projection: [],
      },
    ],
    ttlAttribute: EXPIRES_AT,
  },
  inboundMail: {
    envVar: 'TABLE_INBOUND_MAIL',
    purpose:
      "Mail received for the inbound domain that did not go into an enquiry's thread (unmatched, quarantined, auto-replies, refused): who sent it, to whom, why it was kept apart and where its raw message is, never its text; and the Message-IDs SES gave the mails sent to visitors, so an answer's In-Reply-To finds its enquiry. Both expire.",
    partitionKey: { name: 'key', type: 'S' },
    globalIndexes: [
      {
        name: INBOUND_MAIL_INDEXES.byBox,
        partitionKey: { name: 'box', type: 'S' },
        sortKey: { name: 'receivedAt', type: 'S' },
        projection: 'ALL',
      },
      {
        name: INBOUND_MAIL_INDEXES.bySender,
        partitionKey: { name: 'from', type: 'S' },
        sortKey: { name: 'receivedAt', type: 'S' },
        projection: 'ALL',
      },
      {
        name: INBOUND_MAIL_INDEXES.byEnquiry,
        partitionKey: { name: 'enquiryIndex', type: 'N' },
        sortKey: { name: 'receivedAt', type: 'S' },
        projection: ['rawKey'],
      },
    ],
    ttlAttribute: EXPIRES_AT,
  },
  counters: {
    envVar: 'TABLE_COUNTERS',
    purpose: 'Atomic counters: the next POST_INDEX and the list and section sequences (also the totals).',
    partitionKey: { name: 'name', type: 'S' },
    globalIndexes: [],
  },
  submissions: {
    envVar: 'TABLE_SUBMISSIONS',
    purpose:
      "Which submission_id stored which enquiry, so a resent form stores one enquiry; and which message id a visitor's page claimed, so a resent message is stored once.",
    partitionKey: { name: 'submissionId', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  packages: {
    envVar: 'TABLE_PACKAGES',
    purpose: 'The BEST 3 packages, keyed by INDEX.',
    partitionKey: { name: 'INDEX', type: 'N' },
    globalIndexes: [],
  },
  staff: {
    envVar: 'TABLE_STAFF',
    purpose:
      'Staff accounts (e-mail, scrypt password hash, role, disabled flag, the hashes of a pending invitation or enrolment link, two-factor secret and hashed recovery codes); an invitation nobody took up expires.',
    partitionKey: { name: 'email', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  revokedTokens: {
    envVar: 'TABLE_REVOKED_TOKENS',
    purpose: 'Token ids revoked by logout, until the token would have expired anyway.',
    partitionKey: { name: 'jti', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  throttle: {
    envVar: 'TABLE_THROTTLE',
    purpose: 'Fixed-window counters for send rate limits and failed logins.',
    partitionKey: { name: 'key', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  aggregates: {
    envVar: 'TABLE_AGGREGATES',
    purpose:
      'Dashboard figures kept on write: one item per Korea-time day (received by section and page language, open by received day, first-reply times) and the running totals.',
    partitionKey: { name: 'key', type: 'S' },
    globalIndexes: [],
  },
  accessLog: {
    envVar: 'TABLE_ACCESS_LOG',
    purpose:
      'Every staff read, export and change: who, what, which record, when, from where (a row per request, written once); and the refusals anyone can cause, counted per source and route each quarter hour (in partitions of their own, ACCESS_LOG_COUNTED_PREFIX).',
    partitionKey: { name: 'day', type: 'S' },
    sortKey: { name: 'at', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  exportJobs: {
    envVar: 'TABLE_EXPORT_JOBS',
    purpose:
      "CSV exports made in the background: who started each, its filter, its state and progress (rows written of the total), its file; gone a day after it started. Beside them each staff member's export lock, naming the export under way.",
    partitionKey: { name: 'jobId', type: 'S' },
    globalIndexes: [],
    ttlAttribute: EXPIRES_AT,
  },
  policies: {
    envVar: 'TABLE_POLICIES',
    purpose:
      'Settings admins change in the back office, one item each: whether every staff account must sign in with two-factor.',
    partitionKey: { name: 'policy', type: 'S' },
    globalIndexes: [],
  },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof TABLES;

/**
 * The access log's counted rows (COUNTED_ACTIONS in shared/audit-actions.ts)
 * live in partitions of their own, `counted#<day>`, beside the day's own
 * partition of rows written once: so IAM can tell the two kinds apart
 * (infra/permissions.ts, ACCESS_LOG_ACTIONS), and an update can reach a
 * counter but never a row written once.
 */
export const ACCESS_LOG_COUNTED_PREFIX = 'counted#';
export const TABLE_KEYS = Object.keys(TABLES) as TableKey[];
